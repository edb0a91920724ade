package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.IdPool;
import io.mcpfuzzer.generate.Phase;
import tools.jackson.databind.JsonNode;

/**
 * A {@link ToolInputs} that can also put ids harvested from earlier answers into parameters that
 * look like ids. Deterministic in (tool, schema, phase, run, the snapshot's content) given its seed;
 * thread-safe.
 */
public interface IdAwareInputs extends ToolInputs {
    /** An input and how many of its values are harvested ids (0 when none). */
    record WithIds(GeneratedCall call, int harvestedIds) {}

    WithIds generate(String tool, JsonNode inputSchema, Phase phase, int run, IdPool.Snapshot ids);
}
