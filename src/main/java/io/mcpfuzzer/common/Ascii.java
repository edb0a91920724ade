package io.mcpfuzzer.common;

/**
 * Text helpers for untrusted input: ASCII-only lowering that keeps every offset (unlike
 * {@code toLowerCase}, which may change lengths) and substring tests in linear time. Stateless.
 */
public final class Ascii {
    private Ascii() {}

    /** text with A-Z lowered and every other char unchanged; same length, same offsets. Linear. */
    public static String lower(String text) {
        char[] c = text.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] >= 'A' && c[i] <= 'Z') {
                c[i] = (char) (c[i] + 32);
            }
        }
        return new String(c);
    }

    /** True when text contains at least one of the literals. */
    public static boolean containsAny(String text, String... literals) {
        for (String l : literals) {
            if (text.contains(l)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when text contains needle, in time linear in {@code text.length() + needle.length()}
     * (Knuth-Morris-Pratt), unlike {@code String.contains}, whose worst case is the product of the two
     * (a hostile answer of {@code "[[[["} against a deeply nested input).
     */
    public static boolean containsLinear(String text, String needle) {
        return needle.isEmpty() || anyMatch(text, needle, start -> true);
    }

    /**
     * True when {@code accept} holds for the start index of some occurrence of a non-empty needle in
     * text, tried left to right (overlapping occurrences included), in time linear in
     * {@code text.length() + needle.length()} plus the calls of {@code accept} (Knuth-Morris-Pratt).
     */
    public static boolean anyMatch(String text, String needle, java.util.function.IntPredicate accept) {
        int m = needle.length();
        if (m == 0 || m > text.length()) {
            return false;
        }
        int[] fail = new int[m];
        for (int i = 1, k = 0; i < m; i++) {
            while (k > 0 && needle.charAt(i) != needle.charAt(k)) {
                k = fail[k - 1];
            }
            if (needle.charAt(i) == needle.charAt(k)) {
                k++;
            }
            fail[i] = k;
        }
        for (int i = 0, k = 0; i < text.length(); i++) {
            while (k > 0 && text.charAt(i) != needle.charAt(k)) {
                k = fail[k - 1];
            }
            if (text.charAt(i) == needle.charAt(k)) {
                k++;
            }
            if (k == m) {
                if (accept.test(i - m + 1)) {
                    return true;
                }
                k = fail[k - 1];
            }
        }
        return false;
    }
}
