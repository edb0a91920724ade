package io.mcpfuzzer.transport.http.oauth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A PKCE pair (RFC 7636): a 43-character verifier from 32 random bytes and its S256 challenge (the only method
 * the client uses; OAuth 2.1 and MCP require S256). Immutable.
 */
public record Pkce(String verifier, String challenge) {
    private static final SecureRandom RANDOM = new SecureRandom();

    public static Pkce create() {
        String verifier = randomToken();
        return new Pkce(verifier, s256(verifier));
    }

    /** BASE64URL(SHA-256(ASCII(verifier))), no padding. */
    public static String s256(String verifier) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
    }

    /** 32 random bytes, base64url without padding (43 characters); also used for {@code state} and {@code jti}
     * (and by the auth audit for its verifiers and states). Thread-safe. */
    public static String randomToken() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
