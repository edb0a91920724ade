package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Fingerprint;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns untrusted text (tool names, session ids, URIs from a server) into one safe path
 * component: only {@code [A-Za-z0-9._-]}, no separators, no {@code ..} anywhere, no leading dot
 * or dash, no control characters, no Windows device names, and a length cap.
 *
 * <p>Deterministic: the same input always gives the same name. When the text had to be changed
 * or shortened, an 8-hex-digit hash of the original is appended, so two different inputs that
 * sanitise alike ({@code a/b} and {@code a_b}) still get different names. {@link Allocator}
 * adds {@code -2}, {@code -3}... for any remaining case-insensitive collision.
 */
public final class SafeFileName {
    /** Default maximum length of a produced name, in characters (ASCII, so also bytes). */
    public static final int DEFAULT_MAX_LENGTH = 100;
    private static final int MIN_MAX_LENGTH = 16;
    private static final Pattern RESERVED = Pattern.compile("(?i)(con|prn|aux|nul|com[0-9]|lpt[0-9])(\\..*)?");

    private SafeFileName() {}

    /** Safe name with the default length cap; null or empty input gives {@code "_"}. */
    public static String of(String raw) {
        return of(raw, DEFAULT_MAX_LENGTH);
    }

    /**
     * Safe name of at most {@code maxLength} characters (at least 16 is enforced).
     */
    public static String of(String raw, int maxLength) {
        int max = Math.max(MIN_MAX_LENGTH, maxLength);
        String text = raw == null ? "" : raw;
        String clean = sanitise(text);
        boolean changed = !clean.equals(text);
        if (!changed && clean.length() <= max) {
            return clean;
        }
        String hash = "-" + Fingerprint.of("safe-file-name", text).substring(0, 8);
        String base = clean.length() > max - hash.length() ? clean.substring(0, max - hash.length()) : clean;
        return trimEnd(base) + hash;
    }

    private static String sanitise(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), 256));
        boolean lastUnderscore = false;
        for (int i = 0; i < text.length() && out.length() < 4096; ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            boolean ok = (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')
                    || cp == '.' || cp == '-' || cp == '_';
            if (ok) {
                out.append((char) cp);
                lastUnderscore = cp == '_';
            } else if (!lastUnderscore) {
                out.append('_');
                lastUnderscore = true;
            }
        }
        if (out.length() == 0) {
            return "_";
        }
        char first = out.charAt(0);
        if (first == '.' || first == '-') {
            out.setCharAt(0, '_');
        }
        // no ".." anywhere, so no part of a name can ever read as a parent reference
        String result = trimEnd(out.toString().replaceAll("\\.{2,}", "_").replaceAll("_{2,}", "_"));
        if (RESERVED.matcher(result).matches()) {
            result = "_" + result;
        }
        return result;
    }

    /** Windows drops trailing dots and spaces; replace a trailing dot so names stay distinct. */
    private static String trimEnd(String s) {
        if (s.isEmpty()) {
            return "_";
        }
        return s.endsWith(".") ? s.substring(0, s.length() - 1) + "_" : s;
    }

    /**
     * Hands out unique names within one directory, comparing case-insensitively (safe on
     * case-insensitive file systems). Deterministic for a given call order. Not thread-safe.
     */
    public static final class Allocator {
        private final Set<String> used = new HashSet<>();
        private final int maxLength;

        public Allocator(int maxLength) {
            this.maxLength = Math.max(MIN_MAX_LENGTH, maxLength);
        }

        /** A name unique so far, built from {@code raw} plus {@code extension} (for example ".json"). */
        public String allocate(String raw, String extension) {
            String ext = extension == null ? "" : extension;
            String base = of(raw, maxLength - ext.length());
            String candidate = base + ext;
            for (int n = 2; !used.add(candidate.toLowerCase(Locale.ROOT)); n++) {
                String suffix = "-" + n;
                String cut = base.length() + suffix.length() + ext.length() > maxLength
                        ? base.substring(0, Math.max(1, maxLength - suffix.length() - ext.length())) : base;
                candidate = cut + suffix + ext;
            }
            return candidate;
        }
    }
}
