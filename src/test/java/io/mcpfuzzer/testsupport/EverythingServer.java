package io.mcpfuzzer.testsupport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real npm {@code server-everything} in an HTTP mode ({@code streamableHttp} or {@code sse}) on a free
 * loopback port, with a minimal environment (PATH, HOME, PORT). The server listens on every interface by
 * itself; a {@code --require} preload makes its {@code listen(port)} bind 127.0.0.1 instead, and clients
 * only ever use 127.0.0.1. {@link #close} kills it and its descendants.
 */
public final class EverythingServer implements AutoCloseable {
    private static final String LOOPBACK_PRELOAD = """
            const net = require('net');
            const listen = net.Server.prototype.listen;
            net.Server.prototype.listen = function (...args) {
              const p = args[0];
              if ((typeof p === 'number' || (typeof p === 'string' && /^[0-9]+$/.test(p)))
                  && (args.length === 1 || typeof args[1] === 'function')) {
                args.splice(1, 0, '127.0.0.1');
              }
              return listen.apply(this, args);
            };
            """;

    public final Process process;
    public final int port;
    public final Path log;
    private final Path home;

    private EverythingServer(Process process, int port, Path log, Path home) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.home = home;
    }

    /** Starts the server in {@code mode}, retrying with another port when the chosen one was taken. */
    public static EverythingServer start(String mode) throws IOException, InterruptedException {
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            int port = freePort();
            Path home = Files.createTempDirectory("everything-home");
            Path preload = home.resolve("loopback.cjs");
            Files.writeString(preload, LOOPBACK_PRELOAD, StandardCharsets.UTF_8);
            Path logDir = E2eTargets.projectRoot().resolve("target/e2e-logs");
            Files.createDirectories(logDir);
            Path log = logDir.resolve("everything-" + mode + "-" + port + ".log");
            List<String> cmd = new ArrayList<>();
            cmd.add(E2eTargets.node22().toString());
            cmd.add("--require");
            cmd.add(preload.toString());
            cmd.add(E2eTargets.bin("mcp-server-everything").toString());
            cmd.add(mode);
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            Map<String, String> env = pb.environment();
            env.clear();
            env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
            env.put("HOME", home.toString());
            env.put("PORT", Integer.toString(port));
            env.put("GZIP_ALLOWED_DOMAINS", "localhost");
            EverythingServer server = new EverythingServer(pb.start(), port, log, home);
            if (server.awaitListening(60_000)) {
                return server;
            }
            server.close();
            last = new IOException("server-everything " + mode + " did not listen on port " + port + "; log: "
                    + Files.readString(log, StandardCharsets.UTF_8).lines().limit(20).toList());
        }
        throw last;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private boolean awaitListening(long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < end && process.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
                return true;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        return false;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.list(home)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(home);
        } catch (IOException e) {
            // temp dir cleanup is best effort
        }
    }
}
