package io.mcpfuzzer.generate.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalogue of malformed raw frames (defect B4/B20 of the Python tool, which never sent one).
 * The caller sends each frame and then checks that the server still answers {@code ping}; a server
 * that dies or stops answering has a robustness finding. Deterministic; no randomness needed.
 */
public final class MalformedFrames {
    /** Default length of the {@code very-long-line} frame: 1 MiB. */
    public static final int DEFAULT_LONG_LINE = 1024 * 1024;
    /** Depth of the unclosed-nesting frame. */
    public static final int UNCLOSED_DEPTH = 10_000;

    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":\"malformed-probe\",\"method\":\"ping\"}";

    private MalformedFrames() {}

    /** The catalogue with a 1 MiB long line. */
    public static List<MalformedFrame> catalogue() {
        return catalogue(DEFAULT_LONG_LINE);
    }

    /**
     * The whole catalogue, in a fixed order.
     *
     * @param longLineBytes length of the {@code very-long-line} frame, 1..64 MiB
     */
    public static List<MalformedFrame> catalogue(int longLineBytes) {
        if (longLineBytes < 1 || longLineBytes > MutatorOptions.MAX_OVERSIZED) {
            throw new IllegalArgumentException("longLineBytes must be 1.." + MutatorOptions.MAX_OVERSIZED);
        }
        List<MalformedFrame> out = new ArrayList<>();
        out.add(frame("invalid-utf8", "a string holding 0xC3 0x28 and 0xFF, which are not UTF-8",
                concat(utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-utf8\",\"method\":\"tools/call\",\"params\":{\"name\":\""),
                        new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF}, utf8("\"}}"))));
        out.add(frame("overlong-utf8", "an overlong two-byte encoding of '/' (0xC0 0xAF)",
                concat(utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-overlong\",\"method\":\"resources/read\",\"params\":{\"uri\":\"file:..\""),
                        new byte[] {(byte) 0xC0, (byte) 0xAF}, utf8("\"}}"))));
        out.add(frame("utf8-surrogate", "a UTF-16 surrogate encoded in UTF-8 (0xED 0xA0 0x80), invalid in UTF-8",
                concat(utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-surrogate\",\"method\":\"ping\",\"params\":{\"_meta\":{\"x\":\""),
                        new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, utf8("\"}}}"))));
        out.add(frame("truncated-json", "a request cut off in the middle of a member name",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-truncated\",\"method\":\"to")));
        out.add(frame("unterminated-string", "a string that never ends", utf8("{\"jsonrpc\":\"2.0\",\"method\":\"ping")));
        out.add(frame("embedded-crlf", "a CR LF between members, which splits a line-delimited frame in two",
                utf8("{\"jsonrpc\":\"2.0\",\r\n\"id\":\"malformed-crlf\",\"method\":\"ping\"}")));
        out.add(frame("nan-number", "NaN as a number (not JSON)",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-nan\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,\"progress\":NaN}}")));
        out.add(frame("infinity-number", "Infinity and -Infinity as numbers (not JSON)",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-inf\",\"method\":\"tools/call\",\"params\":{\"name\":\"x\",\"arguments\":{\"a\":Infinity,\"b\":-Infinity}}}")));
        out.add(frame("huge-number-literal", "an id written with 400 digits and an exponent of 1e400",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":" + "9".repeat(400) + ",\"method\":\"ping\",\"params\":{\"_meta\":{\"x\":1e400}}}")));
        out.add(frame("duplicate-keys", "two method members with different values",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-dup\",\"method\":\"ping\",\"method\":\"tools/list\"}")));
        out.add(frame("utf8-bom", "a UTF-8 byte-order mark before a valid ping",
                concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8(PING))));
        out.add(frame("utf16-encoded", "a valid ping encoded as UTF-16LE with its byte-order mark",
                concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, PING.getBytes(StandardCharsets.UTF_16LE))));
        out.add(frame("empty-line", "an empty frame", new byte[0]));
        out.add(frame("whitespace-only", "only spaces and tabs", utf8(" \t  \t ")));
        out.add(frame("nul-byte", "a raw NUL inside a string (control characters must be escaped)",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-nul\",\"method\":\"ping\u0000\"}")));
        out.add(frame("nul-prefix", "a NUL byte before a valid ping", concat(new byte[] {0}, utf8(PING))));
        out.add(frame("very-long-line", longLineBytes + " bytes without a line break, not JSON",
                utf8("A".repeat(longLineBytes))));
        out.add(frame("trailing-garbage", "a valid ping followed by garbage on the same line", utf8(PING + "garbage}")));
        out.add(frame("two-messages-one-line", "two pings concatenated without a separator", utf8(PING + PING)));
        out.add(frame("single-quotes", "JSON5-style single-quoted strings",
                utf8("{'jsonrpc':'2.0','id':'malformed-quotes','method':'ping'}")));
        out.add(frame("trailing-comma", "a comma before the closing brace",
                utf8("{\"jsonrpc\":\"2.0\",\"id\":\"malformed-comma\",\"method\":\"ping\",}")));
        out.add(frame("comment", "a JavaScript comment before the message", utf8("/* hi */" + PING)));
        out.add(frame("bare-scalar", "a JSON number instead of an object", utf8("42")));
        out.add(frame("bare-null", "the JSON literal null", utf8("null")));
        out.add(frame("unclosed-nesting", UNCLOSED_DEPTH + " opening brackets that are never closed",
                utf8("[".repeat(UNCLOSED_DEPTH))));
        out.add(frame("not-json", "plain text", utf8("GET / HTTP/1.1")));
        return List.copyOf(out);
    }

    private static MalformedFrame frame(String label, String description, byte[] bytes) {
        return new MalformedFrame(label, description, bytes);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
