package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Classifier;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.oracle.Observation;
import io.mcpfuzzer.oracle.Verdict;
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

/** {@link Classifier#judge} on the three observations a campaign sees most: ok, leaky error, crash. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ClassifierBench {
    private final Classifier classifier = new Classifier();
    private Observation ok;
    private Observation leakyError;
    private Observation crash;

    @Setup
    public void setUp() {
        JsonNode input = Json.parse("{\"text\":\"sample-421\"}");
        ok = observation("realistic", input, new Reply(Reply.Status.RESULT, Json.parse(Samples.OK_ANSWER),
                Samples.OK_ANSWER, 850_000, null), null);
        leakyError = observation("aggressive", Json.parse("{\"text\":\"../../../etc/passwd\"}"),
                new Reply(Reply.Status.ERROR, Json.parse(Samples.LEAKY_ERROR), Samples.LEAKY_ERROR, 1_200_000, null),
                null);
        crash = observation("aggressive", Json.parse("{\"text\":\"$(id)\"}"),
                new Reply(Reply.Status.CLOSED, null, null, 3_000_000, "end of stream"),
                new CrashInfo(1, null, false, Samples.PYTHON_STDERR, null));
    }

    private static Observation observation(String phase, JsonNode input, Reply reply, CrashInfo crash) {
        return new Observation("tool", "echo", 7, phase, input, null, "realistic".equals(phase) ? Boolean.TRUE : null,
                phase, reply, crash);
    }

    @Benchmark
    public Verdict okAnswer() {
        return classifier.judge(ok);
    }

    @Benchmark
    public Verdict errorWithLeak() {
        return classifier.judge(leakyError);
    }

    @Benchmark
    public Verdict crash() {
        return classifier.judge(crash);
    }
}
