package io.mcpfuzzer.transport.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Byte-exact HTTP requests, well-formed or deliberately broken, for {@link RawHttpSender}. Every request
 * carries {@code Host}, {@code Connection: close} and the configured headers unless the malformation is
 * about exactly that. Immutable.
 */
public final class RawRequests {
    private final String host;
    private final String path;
    private final Map<String, String> headers;

    RawRequests(String host, String path, Map<String, String> headers) {
        this.host = host;
        this.path = path;
        this.headers = headers;
    }

    /** A well-formed POST with the given content type (the baseline the others deviate from). */
    public byte[] post(String contentType, byte[] body) {
        return build("POST " + path + " HTTP/1.1", "\r\n",
                "Content-Type: " + contentType + "\r\nContent-Length: " + body.length + "\r\n", body);
    }

    /** A JSON body declared as {@code text/plain}. */
    public byte[] wrongContentType(String json) {
        return post("text/plain", utf8(json));
    }

    /** Declares {@code missing} more bytes in Content-Length than it sends (the server waits or rejects). */
    public byte[] truncatedBody(String json, int missing) {
        byte[] body = utf8(json);
        return build("POST " + path + " HTTP/1.1", "\r\n", "Content-Type: application/json\r\nContent-Length: "
                + (body.length + Math.max(1, missing)) + "\r\n", body);
    }

    /** A syntactically valid JSON string body of about {@code bytes} bytes. */
    public byte[] oversizedBody(int bytes) {
        byte[] body = new byte[Math.max(2, bytes)];
        java.util.Arrays.fill(body, (byte) 'a');
        body[0] = '"';
        body[body.length - 1] = '"';
        return post("application/json", body);
    }

    /** A header line without a colon, and one with a space before the colon. */
    public byte[] badHeaderLine(String json) {
        byte[] body = utf8(json);
        return build("POST " + path + " HTTP/1.1", "\r\n", "This line has no colon\r\nX-Bad : v\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n", body);
    }

    /** Chunked encoding with a non-hex chunk size and no terminating chunk. */
    public byte[] invalidChunked(String json) {
        byte[] body = utf8(json);
        ByteArrayOutputStream chunked = new ByteArrayOutputStream();
        chunked.writeBytes(utf8("zz\r\n"));
        chunked.writeBytes(body);
        chunked.writeBytes(utf8("\r\n"));
        return build("POST " + path + " HTTP/1.1", "\r\n",
                "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n", chunked.toByteArray());
    }

    /** An HTTP/0.9 request line ({@code GET /path}) with no version and no headers. */
    public byte[] http09() {
        return utf8("GET " + path + "\r\n");
    }

    /** A valid POST whose lines end with bare LF instead of CRLF. */
    public byte[] bareLf(String json) {
        byte[] body = utf8(json);
        return build("POST " + path + " HTTP/1.1", "\n",
                "Content-Type: application/json\nContent-Length: " + body.length + "\n", body);
    }

    private byte[] build(String requestLine, String eol, String specific, byte[] body) {
        StringBuilder head = new StringBuilder(requestLine).append(eol);
        head.append("Host: ").append(host).append(eol);
        head.append("Accept: application/json, text/event-stream").append(eol);
        head.append("Connection: close").append(eol);
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append(eol));
        head.append(specific.replace("\r\n", eol));
        head.append(eol);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
