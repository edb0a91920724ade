package io.mcpfuzzer.transport.http;

/**
 * A source of OAuth bearer tokens for the HTTP transports (the OAuth 2.1 client of
 * {@code io.mcpfuzzer.transport.http.oauth} implements it). {@link HttpCore} adds
 * {@code Authorization: Bearer <token>} to every request to the target's origin and, on a 401 or a 403 from
 * that origin, asks {@link #onChallenge} whether to send the request again. Implementations must be
 * thread-safe; several requests may be challenged at once.
 */
public interface BearerAuth {
    /** The access token to send now, or null when none is held yet. Must not block on the network. */
    String currentToken();

    /**
     * Reacts to a 401 or 403 answer: refreshes, authorizes (or steps up the scope) as needed. Blocks (bounded
     * by the implementation's own timeouts); called on an HTTP reader thread, never the sender's.
     *
     * @param status          401 or 403
     * @param wwwAuthenticate the {@code WWW-Authenticate} header, or null
     * @param tokenUsed       the token the challenged request carried, or null
     * @return true when a (new) token is available and the request should be sent again
     */
    boolean onChallenge(int status, String wwwAuthenticate, String tokenUsed);
}
