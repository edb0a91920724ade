package io.mcpfuzzer.bench;

import io.mcpfuzzer.jsonrpc.InboundMessage;
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

/** {@link InboundMessage#classify} (parse plus envelope checks) on the frames a client receives. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class InboundMessageBench {
    private static final String REQUEST = "{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"method\":\"sampling/createMessage\","
            + "\"params\":{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}],"
            + "\"maxTokens\":10}}";
    private static final String NOTIFICATION = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
            + "\"params\":{\"level\":\"info\",\"data\":\"tool called\"}}";
    private static final String NOT_JSON = "Server listening on stdio... {not json";
    private final String largeResponse = Samples.answerOfSize(20_000);

    @Benchmark
    public InboundMessage response() {
        return InboundMessage.classify(Samples.OK_ANSWER);
    }

    @Benchmark
    public InboundMessage response20k() {
        return InboundMessage.classify(largeResponse);
    }

    @Benchmark
    public InboundMessage request() {
        return InboundMessage.classify(REQUEST);
    }

    @Benchmark
    public InboundMessage notification() {
        return InboundMessage.classify(NOTIFICATION);
    }

    @Benchmark
    public InboundMessage notJson() {
        return InboundMessage.classify(NOT_JSON);
    }
}
