package io.mcpfuzzer.oracle;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Stable short fingerprints (first 16 hex digits of SHA-256 over the parts joined by NUL).
 * Stateless and thread-safe.
 */
public final class Fingerprint {
    /** Stands for "any kind" and "any target" in a root-cause fingerprint. */
    private static final String ANY = "*";

    private Fingerprint() {}

    /**
     * Fingerprint of a root cause that is the same whatever surface or target showed it (a crash
     * signature, a silent drop, a normalised internal error): it depends only on category and
     * signature, so findings on many targets share it and it does not depend on which came first.
     */
    public static String ofCause(String category, String signature) {
        return of(category, ANY, ANY, signature);
    }

    public static String of(String... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                digest.update((part == null ? "" : part).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
