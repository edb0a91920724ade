package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.generate.GenerationLimits;
import io.mcpfuzzer.generate.SchemaValidator;
import io.mcpfuzzer.generate.Validation;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Validates instances against a server-supplied JSON Schema through the project's one
 * {@link SchemaValidator}: dialect from {@code $schema}, else JSON Schema 2020-12 (the MCP default) unless
 * the schema only makes sense in draft-07 (for example tuple {@code items} arrays); remote {@code $ref}s are
 * never fetched; {@code format} is an annotation, not an assertion. Every {@code pattern} runs with the
 * validator's regex budget and the evaluation is step- and depth-bounded, so a server's own catastrophic
 * pattern cannot hang the audit: such a schema comes back unusable with the reason. Thread-safe.
 */
public final class SchemaCheck {
    public static final int MAX_ERRORS = 10;

    private static final SchemaValidator VALIDATOR =
            new SchemaValidator(GenerationLimits.defaults().regexMatchSteps(), false);

    /** Outcome: dialect used, up to {@link #MAX_ERRORS} error messages, or the reason the schema is unusable. */
    public record Result(String dialect, List<String> errors, String unusable) {
        public boolean valid() {
            return unusable == null && errors.isEmpty();
        }
    }

    private SchemaCheck() {}

    /**
     * Validates instance against schema; never throws for bad schemas (they come back as unusable, as do
     * schemas whose patterns or evaluation exceed the validator's budgets).
     */
    public static Result validate(JsonNode schema, JsonNode instance) {
        Validation v = VALIDATOR.validate(schema, instance);
        List<String> messages = new ArrayList<>();
        for (String e : v.errors()) {
            if (messages.size() >= MAX_ERRORS) {
                break;
            }
            messages.add(Snippet.excerpt(e, 300));
        }
        switch (v.verdict()) {
            case VALID:
                return new Result(v.dialect(), List.of(), null);
            case INVALID:
                return new Result(v.dialect(), messages, null);
            case UNDECIDED:
                return new Result(v.dialect(), List.of(), "undecided: " + String.join("; ", messages));
            default:
                return new Result(v.dialect(), List.of(), String.join("; ", messages));
        }
    }
}
