package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.HintPool;
import io.mcpfuzzer.generate.IdPool;
import io.mcpfuzzer.generate.Phase;
import tools.jackson.databind.JsonNode;

/**
 * A {@link ToolInputs} that can also put ids harvested from earlier answers into parameters that
 * look like ids, and values the server named in its error answers into parameters named after them.
 * Deterministic in (tool, schema, phase, run, the snapshots' content) given its seed; thread-safe.
 */
public interface IdAwareInputs extends ToolInputs {
    /** An input, how many of its values are harvested ids and how many hinted values (0 when none). */
    record WithIds(GeneratedCall call, int harvestedIds, int hintedValues) {
        /** An input without hinted values. */
        public WithIds(GeneratedCall call, int harvestedIds) {
            this(call, harvestedIds, 0);
        }
    }

    WithIds generate(String tool, JsonNode inputSchema, Phase phase, int run, IdPool.Snapshot ids);

    /** As {@link #generate(String, JsonNode, Phase, int, IdPool.Snapshot)}, realistic runs may use {@code hints}; by default they are ignored. */
    default WithIds generate(String tool, JsonNode inputSchema, Phase phase, int run, IdPool.Snapshot ids,
            HintPool.Snapshot hints) {
        return generate(tool, inputSchema, phase, run, ids);
    }
}
