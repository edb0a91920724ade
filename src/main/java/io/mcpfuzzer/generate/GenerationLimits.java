package io.mcpfuzzer.generate;

import java.time.Duration;

/**
 * Caps for one generated value. Hitting a cap yields a {@link GenerationProblem} of kind
 * {@link GenerationProblem.Kind#BUDGET_EXCEEDED} and a cut-short value, never a hang.
 *
 * @param maxDepth       deepest schema nesting followed (objects, arrays, combinators, refs)
 * @param maxNodes       most JSON nodes in one generated value
 * @param maxChars       most string characters in one generated value (sum over all strings)
 * @param maxSteps       most generator steps per value (deterministic work budget)
 * @param timeBudget     wall-clock backstop per value; exceeding it is reported
 * @param regexMatchSteps most character reads when matching one pattern against one candidate
 */
public record GenerationLimits(int maxDepth, int maxNodes, int maxChars, int maxSteps,
                               Duration timeBudget, int regexMatchSteps) {

    /** Defaults suitable for MCP tool arguments. */
    public static GenerationLimits defaults() {
        return new GenerationLimits(12, 5_000, 400_000, 50_000, Duration.ofMillis(500), 200_000);
    }

    public GenerationLimits {
        if (maxDepth < 1 || maxNodes < 1 || maxChars < 1 || maxSteps < 1 || regexMatchSteps < 1) {
            throw new IllegalArgumentException("limits must be positive");
        }
        if (timeBudget == null || timeBudget.isNegative() || timeBudget.isZero()) {
            throw new IllegalArgumentException("timeBudget must be positive");
        }
    }
}
