package io.mcpfuzzer.bench;

import io.mcpfuzzer.generate.regex.BoundedMatcher;
import io.mcpfuzzer.generate.regex.RegexGenerator;
import io.mcpfuzzer.generate.regex.UnsupportedRegexException;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Pattern-driven string generation, and the cost of a budgeted match that gives up. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class RegexBenchmark {
    @Param({"^[a-z0-9]+(?:-[a-z0-9]+)*$", "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$", "^\\d{3}-\\d{2}-\\d{4}$"})
    public String pattern;

    private RegexGenerator generator;
    private SplittableRandom random;
    private final Pattern evil = Pattern.compile("(.*a){30}");
    private final String evilInput = "a".repeat(29) + "b".repeat(40);

    @Setup
    public void setUp() throws UnsupportedRegexException {
        generator = RegexGenerator.compile(pattern, 200_000);
        random = new SplittableRandom(7);
    }

    @Benchmark
    public Optional<String> generate() {
        return generator.generate(random, 0, 64);
    }

    @Benchmark
    public BoundedMatcher.Outcome catastrophicMatchGivesUp() {
        return BoundedMatcher.find(evil, evilInput, 200_000);
    }
}
