package io.mcpfuzzer.common;

/** ASCII-only text helpers that keep every offset (unlike {@code toLowerCase}, which may change lengths). */
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
}
