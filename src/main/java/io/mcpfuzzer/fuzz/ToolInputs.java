package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.Phase;
import tools.jackson.databind.JsonNode;

/**
 * Source of tool arguments. Implementations must be deterministic in (tool, schema, phase, run)
 * given their seed, and thread-safe.
 */
@FunctionalInterface
public interface ToolInputs {
    /** @param phase which inputs to make; not null */
    GeneratedCall generate(String tool, JsonNode inputSchema, Phase phase, int run);
}
