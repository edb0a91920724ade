package io.mcpfuzzer.transport.http.oauth;

/**
 * The OAuth flow could not get a token: a discovery, registration, authorization or token step failed. The
 * message is one line naming the step and never contains a secret. Unchecked.
 */
public final class OAuthException extends RuntimeException {
    public OAuthException(String message) {
        super(message);
    }

    public OAuthException(String message, Throwable cause) {
        super(message, cause);
    }
}
