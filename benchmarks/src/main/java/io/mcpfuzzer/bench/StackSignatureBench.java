package io.mcpfuzzer.bench;

import io.mcpfuzzer.oracle.StackSignature;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** {@link StackSignature#of} on Java, Python and Node stderr tails and on 8 KB without a trace. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class StackSignatureBench {
    private final String noTrace = Samples.cleanText(8_000);

    @Benchmark
    public String java() {
        return StackSignature.of(Samples.JAVA_STDERR, "exit:1");
    }

    @Benchmark
    public String python() {
        return StackSignature.of(Samples.PYTHON_STDERR, "exit:1");
    }

    @Benchmark
    public String node() {
        return StackSignature.of(Samples.NODE_STDERR, "exit:1");
    }

    @Benchmark
    public String noTrace8k() {
        return StackSignature.of(noTrace, "exit:1");
    }
}
