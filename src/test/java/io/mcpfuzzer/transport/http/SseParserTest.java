package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {
    private final List<SseEvent> events = new ArrayList<>();
    private final List<Long> oversized = new ArrayList<>();
    private final SseParser parser = new SseParser(100, new SseParser.Sink() {
        @Override
        public void onEvent(SseEvent event) {
            events.add(event);
        }

        @Override
        public void onOversized(long bytesSeen) {
            oversized.add(bytesSeen);
        }
    });

    private void feed(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        parser.feed(b, 0, b.length);
    }

    @Test
    void eventsAreDispatchedIncrementallyEvenWhenSplitAcrossChunks() {
        feed("event: message\nid: 7\nda");
        assertThat(events).isEmpty();
        feed("ta: {\"a\":1}\r");
        feed("\ndata: {\"b\":2}\r\n");
        assertThat(events).isEmpty();
        feed("\r\n");
        assertThat(events).containsExactly(new SseEvent("message", "{\"a\":1}\n{\"b\":2}", "7"));
    }

    @Test
    void primingEventsAndCommentsAreSkippedButIdAndRetryCount() {
        feed("id: p0\nretry: 1500\ndata:\n\n: keep-alive\n\nretry: soon\n\n");
        assertThat(events).isEmpty();
        assertThat(parser.lastEventId()).isEqualTo("p0");
        assertThat(parser.retryMillis()).isEqualTo(1500);
        feed("data:x\n\n");
        assertThat(events).containsExactly(new SseEvent("message", "x", "p0"));
    }

    @Test
    void oversizedEventIsDiscardedAndParsingContinues() {
        feed("data: " + "z".repeat(300) + "\n\ndata: ok\n\n");
        assertThat(oversized).singleElement().satisfies(n -> assertThat(n).isGreaterThan(100L));
        assertThat(events).extracting(SseEvent::data).containsExactly("ok");
    }

    @Test
    void partialEventAtEndIsNotDispatchedAndCrOnlyLinesWork() throws Exception {
        parser.readAll(new java.io.ByteArrayInputStream("data: a\r\rdata: b".getBytes(StandardCharsets.UTF_8)));
        assertThat(events).extracting(SseEvent::data).containsExactly("a");
    }

    @Test
    void idWithNulIsIgnoredAndFieldWithoutColonCounts() {
        feed("id: good\n\nid: ba\0d\ndata\ndata: y\n\n");
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.id()).isEqualTo("good");
            assertThat(e.data()).isEqualTo("\ny");
        });
    }
}
