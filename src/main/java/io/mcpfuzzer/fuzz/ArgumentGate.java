package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.safety.PolicyDecision;
import tools.jackson.databind.JsonNode;

/**
 * Decides, before a call is sent, whether its arguments may go out as they are, rewritten
 * (confined to the fs-root) or not at all. Thread-safe.
 */
@FunctionalInterface
public interface ArgumentGate {
    PolicyDecision decide(String tool, JsonNode schema, JsonNode arguments);

    /** Lets everything through unchanged. */
    ArgumentGate ALLOW_ALL = (tool, schema, arguments) -> io.mcpfuzzer.safety.ArgumentPolicy.allowAll()
            .decide(tool, schema, arguments);
}
