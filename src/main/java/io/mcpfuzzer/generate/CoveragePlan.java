package io.mcpfuzzer.generate;

import java.util.List;

/**
 * The coverage pass of one tool: the cases to send, in order, and what the budget cut.
 *
 * @param cases   the cases within the budget, single-location classes first (fields in turn,
 *                most telling class first), then the pairwise cases; never null
 * @param total   cases the schema implies before the budget
 * @param classes the distinct class names the kept cases cover, sorted ({@code pair} when a pairwise
 *                case is kept)
 * @param pairs   pairwise cases kept
 */
public record CoveragePlan(List<CoverageCase> cases, int total, List<String> classes, int pairs) {

    public CoveragePlan {
        cases = List.copyOf(cases);
        classes = List.copyOf(classes);
    }

    /** Cases the budget cut. */
    public int cut() {
        return total - cases.size();
    }

    /** A plan with nothing to send. */
    public static CoveragePlan empty() {
        return new CoveragePlan(List.of(), 0, List.of(), 0);
    }
}
