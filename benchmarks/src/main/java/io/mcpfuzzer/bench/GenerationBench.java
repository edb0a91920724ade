package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.CampaignInputs;
import io.mcpfuzzer.fuzz.GeneratedCall;
import io.mcpfuzzer.fuzz.ToolInputs;
import io.mcpfuzzer.generate.Phase;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;

/**
 * Tool-argument generation through the campaign's own entry point, {@link CampaignInputs#forSeed}:
 * one call per operation for a small and a wider tool schema, realistic and aggressive phases.
 *
 * <p>{@code CampaignInputs.forSeed} returns the schema-driven {@code ToolInputPlanner}, so this measures
 * the real generator. Add benchmarks for its own entry points (per
 * strategy, per schema feature) to this class. Protocol cases: {@link ProtocolGenerationBench}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class GenerationBench {
    private static final String SMALL = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
            + "\"required\":[\"text\"]}";
    private static final String WIDE = "{\"type\":\"object\",\"properties\":{"
            + "\"path\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":255},"
            + "\"query\":{\"type\":\"string\",\"pattern\":\"^[a-z]+$\"},"
            + "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100},"
            + "\"ratio\":{\"type\":\"number\"},"
            + "\"recursive\":{\"type\":\"boolean\"},"
            + "\"mode\":{\"type\":\"string\",\"enum\":[\"read\",\"write\",\"append\"]},"
            + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":5},"
            + "\"options\":{\"type\":\"object\",\"properties\":{\"encoding\":{\"type\":\"string\"},"
            + "\"timeout\":{\"type\":\"integer\"}}}},"
            + "\"required\":[\"path\",\"limit\"]}";

    private final ToolInputs inputs = CampaignInputs.forSeed(1);
    private JsonNode small;
    private JsonNode wide;
    private int run;

    @Setup
    public void setUp() {
        small = Json.parse(SMALL);
        wide = Json.parse(WIDE);
    }

    @Benchmark
    public GeneratedCall smallRealistic() {
        return inputs.generate("echo", small, Phase.REALISTIC, run++ & 1023);
    }

    @Benchmark
    public GeneratedCall smallAggressive() {
        return inputs.generate("echo", small, Phase.AGGRESSIVE, run++ & 1023);
    }

    @Benchmark
    public GeneratedCall wideRealistic() {
        return inputs.generate("search_files", wide, Phase.REALISTIC, run++ & 1023);
    }

    @Benchmark
    public GeneratedCall wideAggressive() {
        return inputs.generate("search_files", wide, Phase.AGGRESSIVE, run++ & 1023);
    }
}
