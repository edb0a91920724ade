package io.mcpfuzzer.generate;

/**
 * Why a schema (or part of it) could not be honoured. Problems are data, never exceptions: the
 * generator still returns its best value and the caller decides what to do.
 *
 * @param kind    the category
 * @param pointer JSON pointer into the schema (or the instance, for budget problems); "" is the root
 * @param detail  short human-readable reason, never null
 */
public record GenerationProblem(Kind kind, String pointer, String detail) {

    /** Problem categories. */
    public enum Kind {
        /** A {@code $ref} that does not resolve inside the schema document. */
        BAD_REF,
        /** A {@code $ref} chain that loops without producing a value. */
        CYCLIC_REF,
        /** Keywords that cannot all hold (empty type or enum intersection, min above max, ...). */
        CONTRADICTION,
        /** A {@code pattern} that is not a valid regular expression. */
        INVALID_REGEX,
        /** A {@code pattern} outside the supported generation subset, or too slow to check. */
        UNSUPPORTED_REGEX,
        /** A schema shape the generator does not understand (non-object schema, bad keyword value). */
        MALFORMED_SCHEMA,
        /** A depth, size or time cap was hit; the value was cut short. */
        BUDGET_EXCEEDED,
        /** No attempt produced a value that satisfies the schema. */
        UNSATISFIED
    }

    public GenerationProblem {
        pointer = pointer == null ? "" : pointer;
        detail = detail == null ? "" : detail;
    }

    @Override
    public String toString() {
        return kind + " at '" + pointer + "': " + detail;
    }
}
