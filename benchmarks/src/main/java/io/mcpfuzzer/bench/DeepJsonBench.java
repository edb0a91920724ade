package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Reflection;
import io.mcpfuzzer.oracle.audit.AnswerNormaliser;
import io.mcpfuzzer.oracle.audit.CanonicalJson;
import io.mcpfuzzer.oracle.audit.SchemaCheck;
import io.mcpfuzzer.oracle.audit.TextSegments;
import io.mcpfuzzer.report.Redactor;
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
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON nested as deep as the parser accepts ({@code Json.MAX_PARSE_DEPTH - 1} levels) through the parse and
 * the walks over it, and a server's own catastrophic {@code outputSchema} pattern ({@code ^(.*a){8}x} on
 * 50 characters, 8.6 s per check before the regex budget).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class DeepJsonBench {
    private String deepText;
    private JsonNode deep;
    private JsonNode catastrophicSchema;
    private JsonNode fiftyAs;
    private final Redactor redactor = Redactor.standard();

    @Setup
    public void setUp() {
        int depth = Json.MAX_PARSE_DEPTH - 1;
        deepText = "{\"a\":".repeat(depth) + "\"$(id) <x>\"" + "}".repeat(depth);
        deep = Json.parse(deepText);
        catastrophicSchema = Json.parse("{\"type\":\"object\",\"properties\":{\"s\":{\"type\":\"string\","
                + "\"pattern\":\"^(.*a){8}x\"}}}");
        ObjectNode instance = Json.object();
        instance.put("s", "a".repeat(50));
        fiftyAs = instance;
    }

    @Benchmark
    public Object parse() {
        return Json.parse(deepText);
    }

    @Benchmark
    public Object writeAndToString() {
        return Json.write(deep).length() + deep.toString().length();
    }

    @Benchmark
    public Object canonicalHash() {
        return CanonicalJson.sha256(deep);
    }

    @Benchmark
    public Object answerNormaliser() {
        return AnswerNormaliser.normalise(deepText);
    }

    @Benchmark
    public Object reflectionAndSegments() {
        return Reflection.findReflected(deep, deepText) + TextSegments.of("/x", deep).size();
    }

    @Benchmark
    public Object redact() {
        return redactor.redact(deep);
    }

    @Benchmark
    public Object catastrophicOutputPattern() {
        return SchemaCheck.validate(catastrophicSchema, fiftyAs);
    }
}
