package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.transport.http.RawHttpSender;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * HTTP-level hostile requests for a remote target, sent over a raw socket: wrong content type,
 * a body shorter than its Content-Length, an oversized body, a bad header line, invalid chunked
 * encoding, HTTP/0.9 and bare-LF line endings. Each carries a JSON-RPC ping so a server that
 * survives may answer it.
 */
public final class RawHttpProbe {
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":\"raw-http\",\"method\":\"ping\"}";
    private static final int OVERSIZED_BYTES = 8 * 1024 * 1024;

    private final RawHttpSender sender;

    public RawHttpProbe(RawHttpSender sender) {
        this.sender = sender;
    }

    /** Label -> raw request bytes, in a fixed order. */
    public Map<String, byte[]> requests() {
        var r = sender.requests();
        Map<String, byte[]> out = new LinkedHashMap<>();
        out.put("http_wrong_content_type", r.wrongContentType(PING));
        out.put("http_truncated_body", r.truncatedBody(PING, 10));
        out.put("http_oversized_body", r.oversizedBody(OVERSIZED_BYTES));
        out.put("http_bad_header_line", r.badHeaderLine(PING));
        out.put("http_invalid_chunked", r.invalidChunked(PING));
        out.put("http_0_9", r.http09());
        out.put("http_bare_lf", r.bareLf(PING));
        return out;
    }

    /** Sends one request; never throws. */
    public RawHttpSender.Result send(byte[] request) {
        return sender.send(request);
    }

    /** Short human description of a result. */
    public static String describe(RawHttpSender.Result r) {
        String status = r.statusLine() == null ? "" : " " + r.statusLine();
        String excerpt = r.excerpt() == null ? "" : r.excerpt();
        return r.outcome() + status + (excerpt.isBlank() ? "" : ": " + excerpt);
    }
}
