package io.mcpfuzzer.bench;

import io.mcpfuzzer.generate.GeneratedInput;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.generate.SchemaGenerator;
import io.mcpfuzzer.generate.SchemaValidator;
import io.mcpfuzzer.generate.ToolInputPlanner;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;

/**
 * Cost of producing one tool input: the planner end to end (generation plus validation) per
 * phase, raw generation without validation, and validation alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class GenerationBenchmark {
    @Param({"one-string", "edit-file", "rich", "refs-combinators"})
    public String schemaName;

    private JsonNode schema;
    private ToolInputPlanner planner;
    private SchemaGenerator generator;
    private SchemaValidator validator;
    private JsonNode validValue;
    private int run;
    private long seed;

    @Setup(Level.Trial)
    public void setUp() {
        schema = BenchSchemas.named(schemaName);
        planner = new ToolInputPlanner(42);
        generator = new SchemaGenerator();
        validator = new SchemaValidator();
        validValue = planner.plan("bench", schema, Phase.REALISTIC, 0).value();
    }

    @Benchmark
    public GeneratedInput planRealistic() {
        return planner.plan("bench", schema, Phase.REALISTIC, run++ & 0xFFFF);
    }

    @Benchmark
    public GeneratedInput planAggressive() {
        return planner.plan("bench", schema, Phase.AGGRESSIVE, run++ & 0xFFFF);
    }

    @Benchmark
    public JsonNode generateOnly() {
        return generator.realisticObject(schema, new SplittableRandom(seed++)).value();
    }

    @Benchmark
    public boolean validateOnly() {
        return validator.validate(schema, validValue).valid();
    }
}
