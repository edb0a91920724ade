package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server over newline-delimited JSON-RPC on stdio that dies on deeply nested frames, so
 * that a protocol campaign's findings carry deeply nested evidence (the case that made
 * findings.json unreadable by python3 and jq). A frame with more than {@value #CRASH_DEPTH}
 * opening brackets in a row of nesting makes it print a stack trace to stderr and exit with code
 * 3; it measures the depth on the raw text before parsing, so it does not depend on any parser
 * limit. Every other request is answered with its own params echoed back under {@code echo}
 * (answers nest as deep as the requests), plus a lone surrogate. Declares one tool. Single-threaded.
 */
public final class DeepCrashServer {
    static final int CRASH_DEPTH = 200;

    private final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        new DeepCrashServer().serve();
    }

    private void serve() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (ByteLines.depth(line.getBytes(StandardCharsets.UTF_8)) > CRASH_DEPTH) {
                System.err.println("Exception in thread \"main\" java.lang.StackOverflowError");
                System.err.println("\tat DeepCrashServer.walk(DeepCrashServer.java:1)");
                System.exit(3);
            }
            JsonNode msg;
            try {
                msg = Json.parse(line);
            } catch (JacksonException e) {
                out.println(Json.write(Rpc.error(null, -32700, "Parse error")));
                continue;
            }
            if (!msg.isObject() || !msg.has("method") || !msg.has("id")) {
                continue; // notifications and answers
            }
            JsonNode id = Rpc.validId(msg.get("id"));
            String method = msg.path("method").asString("");
            JsonNode params = msg.path("params");
            ObjectNode result = Json.object();
            switch (method) {
                case "initialize" -> {
                    result = Rpc.initializeResult(params.path("protocolVersion").asString("2025-06-18"), "deep\uD800crash");
                }
                case "tools/list" -> result.putArray("tools").addObject().put("name", "echo")
                        .putObject("inputSchema").put("type", "object");
                case "ping" -> {
                    // empty result
                }
                default -> {
                    result.set("echo", params);
                    result.put("note", "lone \uDC00 surrogate");
                }
            }
            out.println(Json.write(Rpc.result(id, result)));
        }
    }
}
