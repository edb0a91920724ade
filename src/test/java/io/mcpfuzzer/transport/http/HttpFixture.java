package io.mcpfuzzer.transport.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A scripted HTTP server on 127.0.0.1, port 0, for transport tests. Records every request. Handlers run on
 * a multi-threaded executor, so a handler may block waiting for another request.
 */
final class HttpFixture implements AutoCloseable {
    /** One recorded request. */
    record Request(String method, String path, String query, Headers headers, String body) {
        String header(String name) {
            return headers.getFirst(name);
        }
    }

    /** A scripted handler; may throw IOException. */
    interface Handler {
        void handle(HttpExchange ex, Request req) throws Exception;
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fixture-http");
        t.setDaemon(true);
        return t;
    });
    final List<Request> requests = new CopyOnWriteArrayList<>();
    volatile boolean stopped;

    HttpFixture() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(executor);
        server.start();
    }

    HttpFixture on(String path, Handler handler) {
        server.createContext(path, ex -> {
            try (ex) {
                String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Request req = new Request(ex.getRequestMethod(), ex.getRequestURI().getPath(),
                        ex.getRequestURI().getRawQuery(), ex.getRequestHeaders(), body);
                requests.add(req);
                handler.handle(ex, req);
            } catch (IOException e) {
                // client went away: part of several scenarios
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return this;
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    int port() {
        return server.getAddress().getPort();
    }

    List<Request> requests(String method) {
        return requests.stream().filter(r -> r.method().equals(method)).toList();
    }

    static void json(HttpExchange ex, int status, String body, Map<String, String> headers) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        headers.forEach((k, v) -> ex.getResponseHeaders().set(k, v));
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            ex.getResponseBody().write(bytes);
        }
    }

    static void status(HttpExchange ex, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (contentType != null) {
            ex.getResponseHeaders().set("Content-Type", contentType);
        }
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            ex.getResponseBody().write(bytes);
        }
    }

    /** Starts an SSE response and returns its body stream; write with {@link #event}. */
    static OutputStream sse(HttpExchange ex, Map<String, String> headers) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        headers.forEach((k, v) -> ex.getResponseHeaders().set(k, v));
        ex.sendResponseHeaders(200, 0);
        return ex.getResponseBody();
    }

    static void event(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Blocks (bounded) until the fixture stops or the deadline passes; for held-open streams. */
    void holdOpen(long maxMillis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxMillis);
        while (!stopped && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }

    static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    /** Stops accepting; the port is then refused. */
    void stop() {
        stopped = true;
        server.stop(0);
    }

    @Override
    public void close() {
        stop();
        executor.shutdownNow();
    }
}
