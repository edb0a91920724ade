package io.mcpfuzzer.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.SSLSocketFactory;

/**
 * Sends hand-made HTTP/1.x bytes over a plain {@link Socket} (or TLS for https) for HTTP-level hostile
 * input that {@link java.net.http.HttpClient} refuses to produce. Each call uses a fresh connection, writes
 * the bytes, and reads until the server closes, the response cap, or the deadline. Never throws for what
 * the server does; the outcome says it. Thread-safe (no shared state).
 *
 * <p>The request builders ({@link RawRequests}) add {@code Connection: close} and the configured headers
 * (credentials included, since this only talks to the configured origin).
 */
public final class RawHttpSender {
    /**
     * What happened.
     *
     * @param outcome {@code response}, {@code closed_without_response}, {@code timeout} (deadline passed; any
     *     bytes read so far are kept), {@code reset}, {@code refused} or {@code error}
     * @param statusLine first response line, or null when none arrived
     * @param excerpt printable excerpt of the response (headers and body), bounded
     * @param bytesRead response bytes read (at most the cap)
     * @param elapsedMillis time from connect to the end of reading
     */
    public record Result(String outcome, String statusLine, String excerpt, long bytesRead, long elapsedMillis) {
        /** The numeric status, or -1 when there is no parseable status line. */
        public int status() {
            if (statusLine == null) {
                return -1;
            }
            String[] parts = statusLine.split(" ", 3);
            try {
                return parts.length >= 2 ? Integer.parseInt(parts[1]) : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    private final URI target;
    private final Duration deadline;
    private final int maxResponseBytes;
    private final Map<String, String> headers;
    private final javax.net.ssl.SSLContext sslContext;

    /**
     * @param target the endpoint (http or https); only its origin and path are used
     * @param opts configured headers are added to built requests; connect timeout applies
     * @param deadline total bound per send (connect, write and read)
     * @param maxResponseBytes bytes of response kept and read at most
     */
    public RawHttpSender(URI target, HttpOptions opts, Duration deadline, int maxResponseBytes) {
        this.target = Origins.withoutUserInfo(Origins.parseTarget(target.toString()));
        this.deadline = deadline;
        this.sslContext = opts.sslContext();
        this.maxResponseBytes = Math.max(64, maxResponseBytes);
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.putAll(opts.headers());
        h.putAll(opts.authHeaders());
        this.headers = h;
    }

    /** Builders for malformed requests to this sender's target. */
    public RawRequests requests() {
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        if (target.getRawQuery() != null) {
            path += "?" + target.getRawQuery();
        }
        String host = target.getHost() + (target.getPort() == -1 ? "" : ":" + target.getPort());
        return new RawRequests(host, path, headers);
    }

    /** Sends the bytes exactly as given and reports what came back. */
    public Result send(byte[] request) {
        long start = System.nanoTime();
        long end = start + deadline.toNanos();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        String outcome;
        try (Socket socket = open(end)) {
            socket.setSoTimeout(remainingMillis(end));
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            outcome = readResponse(socket, socket.getInputStream(), got, end);
        } catch (SocketTimeoutException e) {
            outcome = "timeout";
        } catch (ConnectException e) {
            outcome = "refused";
        } catch (SocketException e) {
            outcome = got.size() > 0 ? "response" : "reset";
        } catch (IOException e) {
            outcome = "error";
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        byte[] bytes = got.toByteArray();
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        String status = null;
        if (text.startsWith("HTTP/")) {
            int eol = text.indexOf('\n');
            status = (eol < 0 ? text : text.substring(0, eol)).strip();
            status = status.length() > 200 ? status.substring(0, 200) : status;
        }
        return new Result(outcome, status, Bodies.excerpt(text), bytes.length, elapsed);
    }

    private Socket open(long end) throws IOException {
        String scheme = target.getScheme().toLowerCase(Locale.ROOT);
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress(target.getHost(), Origins.port(target)), remainingMillis(end));
        if (!scheme.equals("https")) {
            return plain;
        }
        SSLSocketFactory factory = sslContext != null ? sslContext.getSocketFactory()
                : (SSLSocketFactory) SSLSocketFactory.getDefault();
        return factory.createSocket(plain, target.getHost(), Origins.port(target), true);
    }

    private String readResponse(Socket socket, InputStream in, ByteArrayOutputStream got, long end)
            throws IOException {
        byte[] buf = new byte[8192];
        while (true) {
            int left = remainingMillis(end);
            socket.setSoTimeout(left);
            int n;
            try {
                n = in.read(buf);
            } catch (SocketTimeoutException e) {
                return "timeout";
            } catch (SocketException e) {
                return got.size() > 0 ? "response" : "reset";
            }
            if (n == -1) {
                return got.size() > 0 ? "response" : "closed_without_response";
            }
            got.write(buf, 0, Math.min(n, maxResponseBytes - got.size()));
            if (got.size() >= maxResponseBytes) {
                return "response";
            }
        }
    }

    private static int remainingMillis(long endNanos) throws SocketTimeoutException {
        long left = (endNanos - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        return (int) Math.min(left, Integer.MAX_VALUE);
    }
}
