package io.mcpfuzzer.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Incremental {@code text/event-stream} parser (WHATWG HTML, "Server-sent events", parsing an event stream).
 * Each event is handed to the sink as soon as its terminating blank line is read, so a caller can react
 * (for example answer a server request) while the stream is still open.
 *
 * <p>Rules: lines end with CRLF, LF or CR; {@code :} starts a comment; {@code data} lines are joined with
 * {@code \n}; {@code event}, {@code id} (ignored if it contains NUL) and {@code retry} (digits only) are
 * tracked; unknown fields are ignored. Events whose data is empty or blank (such as the priming event that
 * MCP servers send to carry only an id) are not dispatched, but their id still counts. An event larger than
 * the cap (all its lines' bytes) is discarded and reported through {@link Sink#onOversized}; memory use
 * stays bounded by the cap. A partial event at end of stream is discarded, as the standard says.
 *
 * <p>Not thread-safe: one parser per stream, driven by one reader thread.
 */
public final class SseParser {
    /** Receives parsed events; called on the thread that runs {@link #readAll}. */
    public interface Sink {
        void onEvent(SseEvent event);

        void onOversized(long bytesSeen);
    }

    private static final int INITIAL_LINE = 256;
    private static final long MAX_RETRY_MILLIS = 24L * 3600 * 1000;

    private final long maxEventBytes;
    private final Sink sink;
    private byte[] line = new byte[INITIAL_LINE];
    private int lineLength;
    private boolean skipLf;
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private String eventType;
    private long eventBytes;
    private boolean discarding;
    private String lastEventId;
    private long retryMillis = -1;
    private long eventsDispatched;

    public SseParser(long maxEventBytes, Sink sink) {
        this.maxEventBytes = maxEventBytes;
        this.sink = sink;
    }

    /** Starts with a known last event id (used when resuming a stream). */
    public SseParser withLastEventId(String id) {
        this.lastEventId = id;
        return this;
    }

    /**
     * Reads and dispatches until end of stream.
     *
     * @throws IOException when the stream fails (reset, cancelled); events before the failure were dispatched
     */
    public void readAll(InputStream in) throws IOException {
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) != -1) {
            feed(buf, 0, n);
        }
    }

    /** Feeds bytes; dispatches every event completed by them. */
    public void feed(byte[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            byte b = buf[i];
            if (skipLf) {
                skipLf = false;
                if (b == '\n') {
                    continue;
                }
            }
            if (b == '\n' || b == '\r') {
                skipLf = b == '\r';
                endLine();
            } else {
                append(b);
            }
        }
    }

    /** Last event id seen on this stream (including on undispatched events), or null. */
    public String lastEventId() {
        return lastEventId;
    }

    /** Last valid {@code retry} value in milliseconds, or -1 when none was sent. */
    public long retryMillis() {
        return retryMillis;
    }

    /** Number of events handed to the sink (oversized ones excluded). */
    public long eventsDispatched() {
        return eventsDispatched;
    }

    private void append(byte b) {
        lineLength++;
        eventBytes++;
        if (discarding) {
            return;
        }
        if (eventBytes > maxEventBytes) {
            discarding = true;
            data.setLength(0);
            data.trimToSize();
            line = new byte[INITIAL_LINE];
            return;
        }
        if (lineLength > line.length) {
            byte[] bigger = new byte[(int) Math.min(Math.max(line.length * 2L, lineLength), Integer.MAX_VALUE - 16)];
            System.arraycopy(line, 0, bigger, 0, line.length);
            line = bigger;
        }
        line[lineLength - 1] = b;
    }

    private void endLine() {
        if (lineLength == 0) {
            dispatch();
            return;
        }
        eventBytes++;
        if (!discarding) {
            processLine(new String(line, 0, lineLength, StandardCharsets.UTF_8));
        }
        lineLength = 0;
        if (line.length > 64 * 1024) {
            line = new byte[INITIAL_LINE];
        }
    }

    private void processLine(String text) {
        if (text.charAt(0) == ':') {
            return;
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = "";
        if (colon >= 0) {
            int start = colon + 1;
            if (start < text.length() && text.charAt(start) == ' ') {
                start++;
            }
            value = text.substring(start);
        }
        switch (field) {
            case "data" -> {
                data.append(value).append('\n');
                hasData = true;
            }
            case "event" -> eventType = value;
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    lastEventId = value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.length() <= 12 && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    retryMillis = Math.min(Long.parseLong(value), MAX_RETRY_MILLIS);
                }
            }
            default -> { }
        }
    }

    private void dispatch() {
        long seen = eventBytes;
        boolean oversized = discarding;
        String type = eventType == null || eventType.isEmpty() ? "message" : eventType;
        String payload = null;
        if (!oversized && hasData) {
            payload = data.substring(0, data.length() - 1);
        }
        data.setLength(0);
        if (data.capacity() > 64 * 1024) {
            data.trimToSize();
        }
        hasData = false;
        eventType = null;
        eventBytes = 0;
        discarding = false;
        if (oversized) {
            sink.onOversized(seen);
        } else if (payload != null && !payload.isBlank()) {
            eventsDispatched++;
            sink.onEvent(new SseEvent(type, payload, lastEventId));
        }
    }
}
