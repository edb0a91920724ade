package io.mcpfuzzer.generate.regex;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * Generates strings that match a JSON Schema {@code pattern}, for the common regex subset (see
 * {@link RegexParser}). Every candidate is checked with a {@link BoundedMatcher}, so a wrong guess
 * or a pathological pattern costs bounded work and never hangs. Immutable and thread-safe; all
 * randomness comes from the caller's {@link SplittableRandom}.
 */
public final class RegexGenerator {
    private static final int ATTEMPTS = 24;
    private static final int CACHE_CAP = 512;
    /** pattern text to RegexGenerator or to the reason it is unsupported. */
    private static final java.util.Map<String, Object> CACHE = new java.util.concurrent.ConcurrentHashMap<>();
    private static final String FILLER = "abcdefghijklmnopqrstuvwxyz0123456789";

    private final String source;
    private final RegexNode root;
    private final Pattern pattern;
    private final int matchBudget;

    private RegexGenerator(String source, RegexNode root, Pattern pattern, int matchBudget) {
        this.source = source;
        this.root = root;
        this.pattern = pattern;
        this.matchBudget = matchBudget;
    }

    /**
     * Compiles {@code pattern} for generation.
     *
     * @param matchBudget character reads allowed per verification match
     * @throws UnsupportedRegexException when the pattern is invalid or outside the subset; the
     *                                   message says why
     */
    public static RegexGenerator compile(String pattern, int matchBudget) throws UnsupportedRegexException {
        Object cached = CACHE.get(pattern);
        if (cached == null) {
            try {
                Pattern compiled = Patterns.compile(pattern)
                        .orElseThrow(() -> new UnsupportedRegexException("invalid regular expression"));
                cached = new RegexGenerator(pattern, RegexParser.parse(pattern), compiled, matchBudget);
            } catch (UnsupportedRegexException e) {
                cached = e.getMessage();
            }
            if (CACHE.size() >= CACHE_CAP) {
                CACHE.clear();
            }
            CACHE.put(pattern, cached);
        }
        if (cached instanceof RegexGenerator generator) {
            return generator.matchBudget == matchBudget ? generator
                    : new RegexGenerator(pattern, generator.root, generator.pattern, matchBudget);
        }
        throw new UnsupportedRegexException((String) cached);
    }

    /** The pattern text this generator was compiled from. */
    public String source() {
        return source;
    }

    /**
     * A string of {@code minLength..maxLength} code points that the pattern matches, or empty when
     * no attempt succeeded within the bounded number of tries. Candidates are built from the
     * pattern and then checked; when the check itself runs out of budget (a pattern too slow to
     * match) the built candidate is returned unconfirmed, and {@link #check} will say
     * {@link BoundedMatcher.Outcome#GAVE_UP} for it.
     */
    public Optional<String> generate(SplittableRandom random, int minLength, int maxLength) {
        int lo = Math.max(0, minLength);
        int hi = Math.max(lo, maxLength);
        int cap = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(64L, Math.min((long) hi, 100_000L)));
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int span = Math.min(hi - lo, attempt < ATTEMPTS / 2 ? 24 : 256);
            int target = lo + (span <= 0 ? 0 : random.nextInt(span + 1));
            RegexNode.Emitter out = new RegexNode.Emitter(random, target, cap);
            root.emit(out);
            if (out.overflow) {
                continue;
            }
            String candidate = fit(out.text.toString(), lo, hi, random);
            if (candidate != null && check(candidate) != BoundedMatcher.Outcome.NO_MATCH) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Bounded check of the pattern against {@code text} (find semantics). */
    public BoundedMatcher.Outcome check(String text) {
        return BoundedMatcher.find(pattern, text, matchBudget);
    }

    /** Pads an unanchored candidate up to the minimum length; null when it cannot fit. */
    private String fit(String text, int lo, int hi, SplittableRandom random) {
        int length = text.codePointCount(0, text.length());
        if (length > hi) {
            return null;
        }
        if (length >= lo) {
            return text;
        }
        StringBuilder pad = new StringBuilder();
        for (int i = length; i < lo; i++) {
            pad.append(FILLER.charAt(random.nextInt(FILLER.length())));
        }
        String appended = text + pad;
        if (check(appended) != BoundedMatcher.Outcome.NO_MATCH) {
            return appended;
        }
        return pad + text;
    }
}
