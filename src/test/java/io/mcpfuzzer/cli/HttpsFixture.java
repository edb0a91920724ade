package io.mcpfuzzer.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A minimal stateless Streamable HTTP MCP server over HTTPS on 127.0.0.1, with a self-signed
 * certificate made at test time by {@code keytool} (SAN ip:127.0.0.1 and localhost) in a temporary
 * folder; {@link #caPem} is that certificate in PEM. It answers initialize, tools/list (one tool
 * {@code echo(text)}) and ping, accepts notifications (202) and answers -32601 to anything else.
 */
final class HttpsFixture implements AutoCloseable {
    private static final String PASSWORD = "test-only-keystore";
    private final HttpsServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "https-mcp-fixture");
        t.setDaemon(true);
        return t;
    });
    private final Path caPem;

    HttpsFixture(Path dir) throws Exception {
        Path keystore = dir.resolve("server.p12");
        caPem = dir.resolve("ca.pem");
        String keytool = Path.of(JavaCommand.javaBinary()).resolveSibling("keytool").toString();
        run(List.of(keytool, "-genkeypair", "-alias", "srv", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD));
        run(List.of(keytool, "-exportcert", "-rfc", "-alias", "srv", "-keystore", keystore.toString(),
                "-storepass", PASSWORD, "-file", caPem.toString()));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD.toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 20);
        server.setHttpsConfigurator(new HttpsConfigurator(ctx));
        server.setExecutor(executor);
        server.createContext("/mcp", this::handle);
        server.start();
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readNBytes(1 << 16), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("keytool did not finish: " + command);
        }
        if (p.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }

    String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
    }

    Path caPem() {
        return caPem;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body = ex.getRequestBody().readNBytes(1 << 20);
            if (!"POST".equals(ex.getRequestMethod())) {
                ex.sendResponseHeaders(405, -1);
                return;
            }
            JsonNode m = Json.parse(new String(body, StandardCharsets.UTF_8));
            if (!m.has("id")) {
                ex.sendResponseHeaders(202, -1);
                return;
            }
            ObjectNode reply = Json.object();
            reply.put("jsonrpc", "2.0");
            reply.set("id", m.get("id"));
            switch (m.path("method").asString("")) {
                case "initialize" -> {
                    ObjectNode r = reply.putObject("result");
                    r.put("protocolVersion", m.path("params").path("protocolVersion").asString("2025-06-18"));
                    r.putObject("capabilities").putObject("tools");
                    r.putObject("serverInfo").put("name", "tls-fixture").put("version", "1");
                }
                case "tools/list" -> reply.set("result", Json.parse("{\"tools\":[{\"name\":\"echo\",\"inputSchema\":"
                        + "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}}]}"));
                case "ping" -> reply.putObject("result");
                default -> reply.set("error", Json.parse("{\"code\":-32601,\"message\":\"Method not found\"}"));
            }
            byte[] out = Json.write(reply).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, out.length);
            ex.getResponseBody().write(out);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
