package io.mcpfuzzer.common;

/**
 * The one Levenshtein distance of the project (insertions, deletions and substitutions of UTF-16 chars, each
 * cost 1), bounded so that hostile input cannot make it expensive: time O(a.length() * b.length()) with both
 * at most {@value #MAX_LENGTH}, and it stops as soon as the answer is known to exceed {@code max}.
 * Used for "did you mean" hints on configuration keys and for look-alike tool names. Stateless, thread-safe.
 */
public final class EditDistance {
    /** Longest input compared char by char; longer unequal inputs count as far apart ({@code max + 1}). */
    public static final int MAX_LENGTH = 256;

    private EditDistance() {}

    /**
     * The distance between {@code a} and {@code b} when it is at most {@code max} (≥ 0), else {@code max + 1}.
     * Equal strings are 0 at any length; unequal strings longer than {@value #MAX_LENGTH} are {@code max + 1}.
     */
    public static int atMost(String a, String b, int max) {
        if (a.equals(b)) {
            return 0;
        }
        if (Math.abs(a.length() - b.length()) > max || a.length() > MAX_LENGTH || b.length() > MAX_LENGTH) {
            return max + 1;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int rowMin = cur[0];
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
                rowMin = Math.min(rowMin, cur[j]);
            }
            if (rowMin > max) {
                return max + 1;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return Math.min(prev[b.length()], max + 1);
    }
}
