package io.mcpfuzzer.transport.http.oauth;

import java.time.Instant;
import java.util.List;

/**
 * Tokens from a token endpoint (RFC 6749 section 5.1). Immutable; {@link #toString()} shows no token.
 *
 * @param accessToken  never null
 * @param refreshToken null when none was issued
 * @param expiresAt    null when the server gave no lifetime
 * @param scopes       the granted scopes, or the requested ones when the answer named none
 */
public record TokenSet(String accessToken, String refreshToken, Instant expiresAt, List<String> scopes) {
    /** Whether the token expires within {@code skewSeconds} of {@code now}. */
    public boolean expired(Instant now, long skewSeconds) {
        return expiresAt != null && !now.plusSeconds(skewSeconds).isBefore(expiresAt);
    }

    @Override
    public String toString() {
        return "TokenSet[expiresAt=" + expiresAt + ", scopes=" + scopes + ", refresh=" + (refreshToken != null) + "]";
    }
}
