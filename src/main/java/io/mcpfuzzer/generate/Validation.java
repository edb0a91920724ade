package io.mcpfuzzer.generate;

import java.util.List;

/**
 * The result of validating one instance against one schema.
 *
 * @param verdict what the validator concluded
 * @param errors  human-readable messages (validation errors, or why no verdict was reached);
 *                empty when valid; never null
 * @param dialect the JSON Schema dialect used, e.g. {@code "draft2020-12"}; empty if none applied
 */
public record Validation(Verdict verdict, List<String> errors, String dialect) {

    /** Outcome of one validation. */
    public enum Verdict {
        /** The instance satisfies the schema. */
        VALID,
        /** The instance violates the schema; {@link #errors()} says how. */
        INVALID,
        /** No verdict: a pattern or evaluation budget ran out (for example a catastrophic regex). */
        UNDECIDED,
        /** The schema itself is broken (bad {@code $ref}, invalid regex, wrong keyword types). */
        BROKEN_SCHEMA
    }

    public Validation {
        errors = List.copyOf(errors);
        dialect = dialect == null ? "" : dialect;
    }

    /** True only for {@link Verdict#VALID}. */
    public boolean valid() {
        return verdict == Verdict.VALID;
    }
}
