package io.mcpfuzzer.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The floor: a bare client loop against the echo server with no JSON-RPC layer. Writes one
 * {@code tools/call} line, reads one answer line, repeats. Single-threaded; owns the child
 * process and stops it on {@link #close}.
 */
final class BareLoop implements AutoCloseable {
    private final Process server;
    private final OutputStream out;
    private final BufferedReader in;
    private long nextId = 1;

    BareLoop() throws IOException {
        server = new ProcessBuilder(ChildJvm.command(EchoServer.class))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        out = server.getOutputStream();
        in = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8), 64 * 1024);
    }

    /** Sends {@code calls} calls one after the other; returns the number answered. */
    long run(long calls) throws IOException {
        for (long i = 0; i < calls; i++) {
            long id = nextId++;
            String line = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                    + "\"arguments\":{\"text\":\"sample-" + (id % 1000) + "\"}}}\n";
            out.write(line.getBytes(StandardCharsets.UTF_8));
            out.flush();
            String answer = in.readLine();
            if (answer == null) {
                throw new IOException("echo server closed its output after " + i + " calls");
            }
            if (i == 0 && !answer.contains("\"result\"")) {
                throw new IOException("unexpected answer: " + answer);
            }
        }
        return calls;
    }

    @Override
    public void close() {
        try {
            out.close();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            server.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.destroyForcibly();
        }
    }
}
