package io.mcpfuzzer.generate;

import tools.jackson.databind.JsonNode;

/**
 * One input of the coverage pass: a valid realistic input with one location (or, for a pair
 * case, several leaves of one nested object) set to an edge class.
 *
 * @param value     the arguments to send; never null
 * @param strategy  what the case tests, for findings and reports: {@code <class>@<pointer>} for one
 *                  location ({@code number.zero@/count}; just the class for the root), or
 *                  {@code pair(<pointer>=<value>,...)} for a pairwise case; never null
 * @param edgeClass the class name ({@code number.zero}), or {@code pair} for a pairwise case
 * @param verdict   whether {@code value} validates against the tool's input schema
 */
public record CoverageCase(JsonNode value, String strategy, String edgeClass, Validation.Verdict verdict) {

    /** Class name of the pairwise cases. */
    public static final String PAIR = "pair";
}
