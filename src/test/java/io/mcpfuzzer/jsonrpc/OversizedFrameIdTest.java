package io.mcpfuzzer.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.transport.stdio.BoundedLineReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The id of a discarded long frame, read from its two ends, and only where it is the top-level id. */
class OversizedFrameIdTest {
    private static BoundedLineReader.Oversized read(String line) throws Exception {
        BoundedLineReader reader = new BoundedLineReader(new ByteArrayInputStream((line + "\n")
                .getBytes(StandardCharsets.UTF_8)), 1024);
        return (BoundedLineReader.Oversized) reader.next();
    }

    @Test
    void theIdIsReadFromTheFirstOrTheLastMember() throws Exception {
        String big = "{\"content\":[{\"type\":\"text\",\"text\":\"" + "y".repeat(5000) + "\"}]}";
        BoundedLineReader.Oversized first = read("{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":" + big + "}");
        assertThat(first.bytes()).isGreaterThan(5000);
        assertThat(first.head()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":42,").hasSizeLessThanOrEqualTo(BoundedLineReader.EDGE);
        assertThat(OversizedFrameId.of(first.head(), first.tail())).isEqualTo(Json.parse("42"));
        BoundedLineReader.Oversized last = read("{\"result\":" + big + ",\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\"}");
        assertThat(last.tail()).endsWith(",\"id\":\"a\\\"b\"}");
        assertThat(OversizedFrameId.of(last.head(), last.tail())).isEqualTo(Json.parse("\"a\\\"b\""));
        assertThat(OversizedFrameId.of("{\"id\":7, \"error\":{", "")).isEqualTo(Json.parse("7"));
    }

    @Test
    void anIdInsideTheResultOrAStringIsNotTheFramesId() {
        assertThat(OversizedFrameId.of("{\"result\":{\"id\":5,\"x\":\"", "yyyy\"}}")).isNull();
        assertThat(OversizedFrameId.of("{\"jsonrpc\":\"2.0\",\"result\":\"", "yy\\\",\\\"id\\\":3}\"}")).isNull();
        assertThat(OversizedFrameId.of("", "")).isNull();
        assertThat(OversizedFrameId.of("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"sampling/createMessage\"", "}}"))
                .as("a server's request: its id is not ours").isNull();
        assertThat(OversizedFrameId.of("{\"method\":\"roots/list\",\"params\":{\"x\":\"", "yy\"},\"id\":3}")).isNull();
        assertThat(OversizedFrameId.of("{\"id\":\"\\u00zz\",", "")).isNull();
    }

    @Test
    void theTailHoldsTheBytesReadBeforeTheCapWasPassed() throws Exception {
        String body = "{\"result\":{\"text\":\"" + "y".repeat(990) + "\"},\"jsonrpc\":\"2.0\",\"id\":";
        java.io.InputStream in = new java.io.SequenceInputStream(
                new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
                new ByteArrayInputStream("7}\r\n".getBytes(StandardCharsets.UTF_8))); // the cap is passed in the last read
        BoundedLineReader.Oversized line = (BoundedLineReader.Oversized) new BoundedLineReader(in, 1024).next();
        assertThat(line.tail()).endsWith("\"jsonrpc\":\"2.0\",\"id\":7}").hasSizeLessThanOrEqualTo(BoundedLineReader.EDGE);
        assertThat(line.head()).startsWith("{\"result\":{").hasSize(BoundedLineReader.EDGE);
        assertThat(OversizedFrameId.of(line.head(), line.tail())).isEqualTo(Json.parse("7"));
    }
}
