package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.GeneratedInput;
import io.mcpfuzzer.generate.GenerationLimits;
import io.mcpfuzzer.generate.HintPool;
import io.mcpfuzzer.generate.IdPool;
import io.mcpfuzzer.generate.RealisticHints;
import io.mcpfuzzer.generate.SchemaValidator;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.generate.ToolInputPlanner;
import io.mcpfuzzer.generate.Validation;
import tools.jackson.databind.JsonNode;

/**
 * The default tool-argument source for a seed: the schema-driven {@link ToolInputPlanner}. Every
 * input carries whether it validates against the tool's schema: {@code true} for VALID,
 * {@code false} for INVALID, {@code null} when undecided (a budget ran out or the schema is broken),
 * so {@code accepted_malformed} is judged only on inputs known to be invalid. It is an
 * {@link IdAwareInputs}: id parameters may take ids harvested from earlier answers, and realistic
 * values of parameters named after a noun the server's error answers named values for may take them.
 */
public final class CampaignInputs {
    private CampaignInputs() {}

    public static ToolInputs forSeed(long seed) {
        return forSeed(seed, RealisticHints.none());
    }

    /** As {@link #forSeed(long)}, with realistic values drawing on {@code hints} (sample files). */
    public static ToolInputs forSeed(long seed, RealisticHints hints) {
        ToolInputPlanner planner = new ToolInputPlanner(seed, GenerationLimits.defaults(),
                new SchemaValidator(GenerationLimits.defaults().regexMatchSteps()), hints);
        return new IdAwareInputs() {
            @Override
            public GeneratedCall generate(String tool, JsonNode schema, Phase phase, int run) {
                return generate(tool, schema, phase, run, IdPool.Snapshot.empty()).call();
            }

            @Override
            public WithIds generate(String tool, JsonNode schema, Phase phase, int run, IdPool.Snapshot ids) {
                return generate(tool, schema, phase, run, ids, HintPool.Snapshot.empty());
            }

            @Override
            public WithIds generate(String tool, JsonNode schema, Phase phase, int run, IdPool.Snapshot ids,
                    HintPool.Snapshot hints) {
                ToolInputPlanner.Planned planned = planner.plan(tool, schema, phase, run, ids, hints);
                return new WithIds(call(planned.input()), planned.harvestedIds(), planned.hintedValues());
            }
        };
    }

    private static GeneratedCall call(GeneratedInput in) {
        Boolean valid = in.verdict() == Validation.Verdict.VALID ? Boolean.TRUE
                : in.verdict() == Validation.Verdict.INVALID ? Boolean.FALSE : null;
        String strategy = in.target() == null || in.target().isEmpty() ? in.label() : in.label() + "@" + in.target();
        return new GeneratedCall(in.value(), valid, strategy);
    }
}
