package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.generate.protocol.ModelHints;
import io.mcpfuzzer.generate.protocol.MutatorOptions;
import io.mcpfuzzer.generate.protocol.ProtocolCase;
import io.mcpfuzzer.generate.protocol.ProtocolMutator;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.generate.protocol.Strategy;
import java.util.SplittableRandom;
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

/**
 * Protocol case generation ({@link ProtocolMutator}) for {@code tools/call} at the latest revision:
 * a realistic (valid) case, an aggressive case of a uniformly chosen strategy with the default
 * size bounds (so some cases are 1 MiB frames or 1000-deep nesting: the mean includes them), and
 * one ordinary aggressive strategy (hostile parameter values).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ProtocolGenerationBench {
    private ProtocolMutator mutator;
    private SplittableRandom rnd;

    @Setup
    public void setUp() {
        ModelHints hints = new ModelHints("echo", (tools.jackson.databind.node.ObjectNode) Json.parse(
                "{\"text\":\"hello\"}"), null, null, null);
        mutator = new ProtocolMutator(McpVersion.latest(), hints, MutatorOptions.defaults());
        rnd = new SplittableRandom(1);
        if (!ProtocolMutator.strategiesFor(MessageType.CALL_TOOL, Phase.AGGRESSIVE)
                .contains(Strategy.PARAMS_HOSTILE_VALUES)) {
            throw new IllegalStateException("PARAMS_HOSTILE_VALUES no longer applies to tools/call");
        }
    }

    @Benchmark
    public ProtocolCase callToolRealistic() {
        return mutator.next(MessageType.CALL_TOOL, Phase.REALISTIC, rnd);
    }

    @Benchmark
    public ProtocolCase callToolAggressiveAnyStrategy() {
        return mutator.next(MessageType.CALL_TOOL, Phase.AGGRESSIVE, rnd);
    }

    @Benchmark
    public ProtocolCase callToolHostileValues() {
        return mutator.make(MessageType.CALL_TOOL, Strategy.PARAMS_HOSTILE_VALUES, rnd);
    }
}
