package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.safety.PolicyDecision;
import tools.jackson.databind.JsonNode;

/**
 * What the session's safety choke point will do with a tool call's arguments, asked in advance and
 * without side effects (nothing is sent, nothing is recorded). Not a gate: every call still passes
 * the choke point when it is sent, whatever the preview said. Used to avoid sending the same
 * confined arguments twice. Thread-safe.
 */
@FunctionalInterface
public interface ArgumentPreview {
    PolicyDecision decide(String tool, JsonNode schema, JsonNode arguments);

    /** Predicts that everything goes out unchanged (no safety policy). */
    ArgumentPreview ALLOW_ALL = (tool, schema, arguments) -> io.mcpfuzzer.safety.ArgumentPolicy.allowAll()
            .decide(tool, schema, arguments);
}
