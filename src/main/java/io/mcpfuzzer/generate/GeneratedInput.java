package io.mcpfuzzer.generate;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One generated tool input, with what the caller needs to judge the server's answer.
 *
 * @param value            the arguments to send; never null (a JSON null node at worst)
 * @param verdict          whether {@code value} validates against the tool's input schema: a
 *                         server that accepts an {@link Validation.Verdict#INVALID} input
 *                         accepted malformed input, one that rejects a {@code VALID} input is
 *                         over-strict or broken
 * @param phase            the phase that produced it
 * @param label            {@code "valid"} for realistic inputs; otherwise the
 *                         {@link AggressiveStrategy#label()} of the one mutation applied
 * @param target           JSON pointer (RFC 6901) of the mutated location in {@code value};
 *                         {@code ""} for the root or for realistic inputs
 * @param validationErrors validator messages when not valid; empty when valid
 * @param problems         why the schema could not be fully honoured; empty normally
 * @param runSeed          the seed this input was generated from (replay with the same planner
 *                         seed, tool name, phase and run index)
 * @param canary           unique marker embedded in the payload (for reflection oracles), or
 *                         null when the input carries none
 */
public record GeneratedInput(JsonNode value, Validation.Verdict verdict, Phase phase, String label, String target,
                             List<String> validationErrors, List<GenerationProblem> problems, long runSeed,
                             String canary) {

    /** Label of realistic inputs. */
    public static final String VALID_LABEL = "valid";

    public GeneratedInput {
        validationErrors = List.copyOf(validationErrors);
        problems = List.copyOf(problems);
        target = target == null ? "" : target;
    }

    /** True when the value validated against the schema. */
    public boolean valid() {
        return verdict == Validation.Verdict.VALID;
    }
}
