package io.mcpfuzzer.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A socket-level HTTP server on 127.0.0.1 for misbehaviour the JDK HttpServer cannot produce (resets in the
 * middle of a chunked body). One request per connection; the script gets the connection number, the
 * request head and the socket.
 */
final class RawFixture implements AutoCloseable {
    interface Script {
        void serve(int connection, String head, Socket socket) throws Exception;
    }

    private final ServerSocket server;
    private final Thread acceptor;
    final List<String> heads = new CopyOnWriteArrayList<>();

    RawFixture(Script script) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        AtomicInteger count = new AtomicInteger();
        acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    int n = count.getAndIncrement();
                    Thread t = new Thread(() -> {
                        try (s) {
                            String head = readRequest(s.getInputStream());
                            heads.add(head);
                            script.serve(n, head, s);
                        } catch (Exception e) {
                            // connection scripted to fail, or test over
                        }
                    }, "raw-fixture-conn");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }, "raw-fixture");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + path);
    }

    /** Reads the head and a Content-Length body; returns the head text. */
    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
            state = (b == '\r' && state % 2 == 0) || (b == '\n' && state % 2 == 1) ? state + 1 : 0;
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring(15).strip()));
            }
        }
        return text;
    }

    static void write(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
    }

    /** One chunk of a chunked body. */
    static String chunk(String data) {
        return Integer.toHexString(data.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + data + "\r\n";
    }

    /** Abortive close (RST). */
    static void reset(Socket s) throws IOException {
        s.setSoLinger(true, 0);
        s.close();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
