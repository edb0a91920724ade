package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.report.Redactor;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Redaction hides the user's secret and nothing else: a real HTTP MCP server that requires a
 * {@code --header} token and echoes it (and the arguments) back; no artifact contains the token, and
 * every recorded run's input and response are exactly what the server received and sent, the token
 * aside (hostile CRLF, {@code Set-Cookie:} and {@code token: "{"} payloads included).
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
class RedactedEvidenceTest {
    private static final String SECRET = "sekrit-VALUE-0123456789";

    @TempDir
    Path dir;

    private final Set<String> answers = ConcurrentHashMap.newKeySet();
    private final List<JsonNode> arguments = java.util.Collections.synchronizedList(new ArrayList<>());

    @Test
    void artifactsMatchTheBytesExchangedSecretsAside() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10);
        server.createContext("/mcp", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (!SECRET.equals(ex.getRequestHeaders().getFirst("X-Api-Token"))) {
                ex.sendResponseHeaders(401, -1);
                ex.close();
                return;
            }
            String answer = answer(body);
            if (answer == null) {
                ex.sendResponseHeaders(202, -1);
                ex.close();
                return;
            }
            answers.add(answer);
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, bytes.length);
            ex.getResponseBody().write(bytes);
            ex.close();
        });
        server.start();
        Path out = dir.resolve("out");
        try {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            int code = Main.execute(new String[] {"--mode", "tools", "--protocol", "streamablehttp", "--endpoint",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp", "--header", "X-Api-Token: " + SECRET,
                "--runs", "34", "--phase", "both", "--seed", "3", "--timeout", "5", "--output-dir", out.toString()},
                    new PrintStream(console, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
            assertThat(console.toString(StandardCharsets.UTF_8)).contains("Summary").doesNotContain(SECRET);
            assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isIn(0, ExitCodes.FINDINGS);
            assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain(SECRET);
        } finally {
            server.stop(0);
        }
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString())
                        .doesNotContain(SECRET);
            }
        }
        Set<String> expected = ConcurrentHashMap.newKeySet();
        answers.forEach(a -> expected.add(a.replace(SECRET, Redactor.MASK)));
        int checked = 0;
        Path runs;
        try (Stream<Path> files = Files.walk(out)) {
            runs = files.filter(f -> f.getFileName().toString().equals("runs.jsonl")).findFirst().orElseThrow();
        }
        for (String line : Files.readAllLines(runs)) {
            JsonNode run = Json.parse(line);
            if (!"tool".equals(run.path("kind").asString()) || run.path("truncated").asBoolean(false)
                    || !run.hasNonNull("response")) {
                continue;
            }
            String response = run.path("response").asString();
            if (response.endsWith("...")) { // the engine keeps an excerpt of long answers: a prefix of one
                String prefix = response.substring(0, response.length() - 3);
                assertThat(expected.stream().anyMatch(a -> a.startsWith(prefix))).as("excerpt of a received answer: "
                        + prefix).isTrue();
            } else {
                assertThat(expected).as("response recorded as received").contains(response);
            }
            JsonNode input = run.hasNonNull("input_raw") ? Json.parse(run.path("input_raw").asString()) : run.path("input");
            assertThat(arguments).as("input recorded as sent (input_raw when the tree was cut)").contains(input);
            checked++;
        }
        assertThat(checked).isGreaterThanOrEqualTo(20);
        assertThat(String.join("\n", expected)).as("the server did see CRLF payloads").containsAnyOf("\\r\\n", "%0d%0a");
    }

    /** The JSON-RPC answer to one request, or null for a notification. */
    private String answer(String body) {
        JsonNode req = Json.parse(body);
        if (!req.has("id")) {
            return null;
        }
        ObjectNode reply = Json.object().put("jsonrpc", "2.0");
        reply.set("id", req.get("id"));
        switch (req.path("method").asString()) {
            case "initialize" -> reply.set("result", Json.parse("""
                    {"protocolVersion":"2025-06-18","capabilities":{"tools":{}},
                     "serverInfo":{"name":"echo-with-token","version":"1"}}"""));
            case "tools/list" -> reply.set("result", Json.parse("""
                    {"tools":[{"name":"echo","description":"Echoes text","inputSchema":{"type":"object",
                     "properties":{"text":{"type":"string"}},"required":["text"]}}]}"""));
            case "tools/call" -> {
                JsonNode args = req.path("params").path("arguments");
                arguments.add(args);
                String text = "echo: " + args.path("text").asString("") + " (authorised as " + SECRET + ")";
                ObjectNode result = Json.object();
                result.putArray("content").addObject().put("type", "text").put("text", text);
                reply.set("result", result);
            }
            default -> reply.set("result", Json.object());
        }
        return Json.write(reply);
    }
}
