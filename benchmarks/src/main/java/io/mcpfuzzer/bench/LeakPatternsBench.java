package io.mcpfuzzer.bench;

import io.mcpfuzzer.oracle.LeakPatterns;
import java.util.List;
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
 * {@link LeakPatterns#find} on clean answers of 2 KB and 200 KB (every rule scans the whole text:
 * the worst case) and on a 2 KB answer with a leak near its end.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class LeakPatternsBench {
    private String clean2k;
    private String clean200k;
    private String leaky2k;

    @Setup
    public void setUp() {
        clean2k = Samples.answerOfSize(2_000);
        clean200k = Samples.answerOfSize(200_000);
        leaky2k = Samples.cleanText(1_700) + Samples.LEAKY_ERROR;
    }

    @Benchmark
    public List<LeakPatterns.Leak> clean2kAnswer() {
        return LeakPatterns.find(clean2k);
    }

    @Benchmark
    public List<LeakPatterns.Leak> clean200kAnswer() {
        return LeakPatterns.find(clean200k);
    }

    @Benchmark
    public List<LeakPatterns.Leak> leaky2kAnswer() {
        return LeakPatterns.find(leaky2k);
    }
}
