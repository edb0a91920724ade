package io.mcpfuzzer.generate;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import io.mcpfuzzer.generate.regex.BoundedMatcher;
import io.mcpfuzzer.generate.regex.Patterns;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * networknt regex factory whose matches are budgeted, so validating against a pattern written to
 * backtrack cannot hang. When the budget runs out it throws {@link RegexBudgetExceeded}, which
 * {@link SchemaValidator} turns into an {@link Validation.Verdict#UNDECIDED} verdict.
 */
final class BoundedRegexFactory implements RegularExpressionFactory {
    private final int maxReads;

    BoundedRegexFactory(int maxReads) {
        this.maxReads = maxReads;
    }

    @Override
    public RegularExpression getRegularExpression(String regex) {
        Pattern pattern = Patterns.compile(regex)
                .orElseThrow(() -> new PatternSyntaxException("invalid pattern", regex, -1));
        return text -> {
            BoundedMatcher.Outcome outcome = BoundedMatcher.find(pattern, text, maxReads);
            if (outcome == BoundedMatcher.Outcome.GAVE_UP) {
                throw new RegexBudgetExceeded(regex);
            }
            return outcome == BoundedMatcher.Outcome.MATCH;
        };
    }

    /** A pattern check ran out of budget. */
    static final class RegexBudgetExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RegexBudgetExceeded(String regex) {
            super("pattern check gave up (budget exhausted): " + abbreviate(regex), null, false, false);
        }

        private static String abbreviate(String text) {
            return text.length() <= 80 ? text : text.substring(0, 80) + "...";
        }
    }
}
