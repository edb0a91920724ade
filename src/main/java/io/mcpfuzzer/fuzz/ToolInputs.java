package io.mcpfuzzer.fuzz;

import tools.jackson.databind.JsonNode;

/**
 * Source of tool arguments. Implementations must be deterministic in (tool, schema, phase, run)
 * given their seed, and thread-safe.
 */
@FunctionalInterface
public interface ToolInputs {
    GeneratedCall generate(String tool, JsonNode inputSchema, String phase, int run);
}
