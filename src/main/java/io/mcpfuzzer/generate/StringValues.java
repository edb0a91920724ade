package io.mcpfuzzer.generate;

import io.mcpfuzzer.generate.regex.BoundedMatcher;
import io.mcpfuzzer.generate.regex.Patterns;
import io.mcpfuzzer.generate.regex.RegexGenerator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * Valid, varied strings for a {@link SchemaView}: formats, patterns (through the bounded regex
 * generator), lengths in code points, and values suggested by the parameter name. Stateless.
 */
final class StringValues {
    private static final int ATTEMPTS = 12;
    private static final int SOFT_SPAN = 48;

    private StringValues() {}

    /** A string meeting the view's string keywords, or a best effort with a problem recorded. */
    static String generate(SchemaView v, String hint, GenContext ctx, String ptr, List<String> forbidden) {
        int min = v.minLength;
        int max = v.maxLength;
        if (min > ctx.charsLeft()) {
            ctx.problem(GenerationProblem.Kind.BUDGET_EXCEEDED, ptr, "minLength " + min + " exceeds the character cap");
            return "";
        }
        String best = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            String candidate = candidate(v, hint, ctx, ptr, attempt);
            if (candidate == null) {
                continue;
            }
            best = best == null ? candidate : best;
            if (fits(candidate, min, max) && patternsHold(v.patterns, candidate, ctx, ptr) && !forbidden.contains(candidate)) {
                return candidate;
            }
        }
        ctx.problem(GenerationProblem.Kind.UNSATISFIED, ptr, "no string satisfied length " + min + ".." + max
                + (v.patterns.isEmpty() ? "" : ", pattern " + v.patterns) + (v.format == null ? "" : ", format " + v.format));
        return best == null ? plain(ctx.random, min, Math.min(max, min + SOFT_SPAN)) : best;
    }

    private static String candidate(SchemaView v, String hint, GenContext ctx, String ptr, int attempt) {
        SplittableRandom r = ctx.random;
        int min = v.minLength;
        int max = v.maxLength;
        if (v.format != null && attempt < ATTEMPTS - 2) {
            String formatted = FormatValues.generate(v.format, r);
            if (formatted != null) {
                return formatted;
            }
        }
        if (!v.patterns.isEmpty()) {
            RegexGenerator generator = ctx.regex(v.patterns.get(0), ptr + "/pattern");
            if (generator == null) {
                return null;
            }
            int softMax = (int) Math.min(max, (long) Math.max(min, 1) + SOFT_SPAN);
            Optional<String> generated = generator.generate(r, min, attempt < ATTEMPTS / 2 ? softMax : max);
            return generated.orElse(null);
        }
        if (attempt < ATTEMPTS / 2) {
            String hinted = NameHints.string(hint, v.description != null ? v.description : ctx.itemsDescription,
                    ctx.about, ctx.hints, r);
            if (hinted != null && fits(hinted, min, max)) {
                return hinted;
            }
        }
        return plain(r, min, max);
    }

    /** A realistic free-text string of min..max code points (ASCII). */
    static String plain(SplittableRandom r, int min, int max) {
        StringBuilder b = new StringBuilder(r.nextInt(3) == 0 ? Words.sentence(r) : Words.token(r));
        int target = max == Integer.MAX_VALUE ? Math.max(min, b.length()) : Math.min(max, Math.max(min, b.length()));
        while (b.length() < target) {
            b.append(b.length() % 2 == 0 ? '-' : ' ').append(Words.word(r));
        }
        b.setLength(Math.max(min, Math.min(target, b.length())));
        if (b.length() > 0 && (b.charAt(b.length() - 1) == ' ' || b.charAt(b.length() - 1) == '-')) {
            b.setCharAt(b.length() - 1, 'x');
        }
        return b.toString();
    }

    static boolean fits(String s, int min, int max) {
        int n = s.codePointCount(0, s.length());
        return n >= min && n <= max;
    }

    /** True when every pattern matches; a check that gives up counts as a match, with a problem. */
    static boolean patternsHold(List<String> patterns, String s, GenContext ctx, String ptr) {
        for (String p : patterns) {
            Optional<Pattern> compiled = Patterns.compile(p);
            if (compiled.isEmpty()) {
                ctx.problem(GenerationProblem.Kind.INVALID_REGEX, ptr + "/pattern", "pattern '" + p + "' is not a valid regex");
                return false;
            }
            BoundedMatcher.Outcome outcome = BoundedMatcher.find(compiled.get(), s, ctx.limits.regexMatchSteps());
            if (outcome == BoundedMatcher.Outcome.NO_MATCH) {
                return false;
            }
            if (outcome == BoundedMatcher.Outcome.GAVE_UP) {
                ctx.problem(GenerationProblem.Kind.UNSUPPORTED_REGEX, ptr + "/pattern", "pattern '" + p + "' too slow to check");
            }
        }
        return true;
    }
}
