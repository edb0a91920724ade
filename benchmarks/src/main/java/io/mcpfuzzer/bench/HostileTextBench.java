package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.LeakPatterns;
import io.mcpfuzzer.oracle.StackSignature;
import io.mcpfuzzer.oracle.audit.AnswerNormaliser;
import io.mcpfuzzer.oracle.audit.EncodedPayloads;
import io.mcpfuzzer.oracle.audit.HiddenContent;
import io.mcpfuzzer.oracle.audit.InjectionMarkers;
import io.mcpfuzzer.oracle.audit.MetadataAudit;
import io.mcpfuzzer.oracle.audit.ResponseOracle;
import io.mcpfuzzer.oracle.audit.Surface;
import io.mcpfuzzer.report.Redactor;
import java.util.concurrent.TimeUnit;
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
import tools.jackson.databind.node.ObjectNode;

/**
 * Every oracle that reads server text, once per call on each 100,000-character worst case of
 * {@link HostileInputs} (runs that made the old backtracking patterns quadratic or overflow the stack).
 * One operation is one call of the oracle on the whole text.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class HostileTextBench {
    @Param({"newlines", "spaces", "percent", "entities", "path2500", "pathLong", "brackets", "atRuns", "words"})
    public String input;

    private String text;
    private ObjectNode tool;
    private final Redactor redactor = Redactor.standard();

    @Setup
    public void setUp() {
        text = HostileInputs.of(input);
        tool = Json.object().put("name", "t").put("description", text);
    }

    @Benchmark
    public Object leakPatterns() {
        return LeakPatterns.find(text);
    }

    @Benchmark
    public Object stackSignature() {
        return StackSignature.of(text, "exit:1");
    }

    @Benchmark
    public Object encodedPayloads() {
        return EncodedPayloads.scan(text);
    }

    @Benchmark
    public Object hiddenContent() {
        return HiddenContent.carriers(text).size() + HiddenContent.markup(text).size()
                + HiddenContent.visibleProjection(text).length();
    }

    @Benchmark
    public Object injectionMarkers() {
        return InjectionMarkers.scan(InjectionMarkers.POISONING, text, 5).size()
                + InjectionMarkers.scan(InjectionMarkers.SECRET_PATHS, text, 5).size()
                + InjectionMarkers.scan(InjectionMarkers.CONDITIONING, text, 5).size();
    }

    @Benchmark
    public Object answerNormaliser() {
        return AnswerNormaliser.normalise(text);
    }

    @Benchmark
    public Object responseOracle() {
        return ResponseOracle.check("t", "command", "", text);
    }

    @Benchmark
    public Object metadataAudit() {
        return MetadataAudit.audit(Surface.TOOL, tool);
    }

    @Benchmark
    public Object redactor() {
        return redactor.redact(text);
    }
}
