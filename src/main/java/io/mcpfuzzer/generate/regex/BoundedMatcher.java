package io.mcpfuzzer.generate.regex;

import java.util.regex.Pattern;

/**
 * Regex matching with a work budget, so a pattern written to backtrack catastrophically (for
 * example {@code (a+)+$}) cannot hang the caller. The budget counts character reads made by the
 * JDK matcher; when it runs out the answer is {@link Outcome#GAVE_UP}.
 *
 * <p>Stateless and thread-safe.
 */
public final class BoundedMatcher {

    /** Result of a bounded match. */
    public enum Outcome { MATCH, NO_MATCH, GAVE_UP }

    private BoundedMatcher() {}

    /**
     * JSON Schema semantics: true when the pattern matches anywhere in the input ({@code find}).
     *
     * @param maxReads most character reads before giving up; positive
     */
    public static Outcome find(Pattern pattern, CharSequence input, int maxReads) {
        try {
            return pattern.matcher(new CountingSequence(input, maxReads)).find()
                    ? Outcome.MATCH : Outcome.NO_MATCH;
        } catch (BudgetExhausted | StackOverflowError e) {
            return Outcome.GAVE_UP;
        }
    }

    /** Thrown from charAt when the budget runs out; no stack trace, it is control flow. */
    private static final class BudgetExhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BudgetExhausted() {
            super("regex budget exhausted", null, false, false);
        }
    }

    /** Shares one counter across subsequences handed out to the matcher. */
    private static final class CountingSequence implements CharSequence {
        private final CharSequence text;
        private final int[] left;

        CountingSequence(CharSequence text, int budget) {
            this(text, new int[] {budget});
        }

        private CountingSequence(CharSequence text, int[] left) {
            this.text = text;
            this.left = left;
        }

        @Override
        public char charAt(int index) {
            if (--left[0] < 0) {
                throw new BudgetExhausted();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new CountingSequence(text.subSequence(start, end), left);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
