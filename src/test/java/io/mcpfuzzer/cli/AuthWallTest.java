package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.common.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** A server that answers 401 to everything makes the run blocked with a clear reason, never an empty clean result. */
@Timeout(120)
class AuthWallTest {
    @TempDir
    Path dir;

    @Test
    void aWallOf401IsABlockedRun() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10);
        server.createContext("/mcp", ex -> {
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().add("WWW-Authenticate", "Bearer realm=\"mcp\"");
            byte[] body = "{\"error\":\"unauthorized\"}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(401, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = Main.execute(new String[] {"--mode", "tools", "--protocol", "streamablehttp", "--endpoint",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp", "--runs", "1", "--timeout", "5",
                "--output-dir", dir.toString()}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
            assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCodes.ERROR);
            JsonNode summary = Json.parse(Files.readString(dir.resolve("run_summary.json")));
            assertThat(summary.path("status").asString()).isEqualTo("blocked");
            assertThat(summary.path("status_reason").asString()).contains("401");
        } finally {
            server.stop(0);
        }
    }
}
