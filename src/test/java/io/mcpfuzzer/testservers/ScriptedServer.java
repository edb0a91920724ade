package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Messages;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture for the JSON-RPC and stdio layers. {@code tools/call} by name: {@code late} answers
 * after {@code arguments.delayMs}; {@code ask} sends the client ping, roots/list,
 * sampling/createMessage, elicitation/create and an unknown method, then answers with the
 * client's responses; {@code garbage} prints a non-JSON line and a 2 MiB line before answering;
 * {@code die_slowly} closes stdout, then exits with status 1 after {@code arguments.delayMs} (a crash
 * whose end of output comes before its exit).
 */
public final class ScriptedServer {
    private final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

    public static void main(String[] args) throws Exception {
        new ScriptedServer().serve();
    }

    private synchronized void send(JsonNode m) {
        out.println(Json.write(m));
    }

    private void serve() throws Exception {
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode msg = Json.parse(line);
            if (!msg.has("id") || !msg.has("method")) {
                continue;
            }
            JsonNode id = msg.get("id");
            JsonNode params = msg.path("params");
            switch (msg.get("method").asString()) {
                case "initialize" -> send(Messages.result(id, Json.object().put("protocolVersion", "2025-11-25")
                        .set("serverInfo", Json.object().put("name", "scripted").put("version", "1"))));
                case "tools/call" -> call(id, params.path("name").asString(), params.path("arguments"));
                default -> send(Messages.error(id, -32601, "Method not found"));
            }
        }
    }

    private void call(JsonNode id, String name, JsonNode args) throws Exception {
        switch (name) {
            case "late" -> {
                long delay = args.path("delayMs").asLong(0);
                new Thread(() -> {
                    try {
                        Thread.sleep(delay);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    send(Messages.result(id, Json.object().put("answer", args.path("tag").asString())));
                }).start();
            }
            case "ask" -> {
                List<String> methods = List.of("ping", "roots/list", "sampling/createMessage", "elicitation/create",
                        "bogus/method");
                for (int i = 0; i < methods.size(); i++) {
                    ObjectNode params = Json.object();
                    if (methods.get(i).equals("elicitation/create")) {
                        params.put("message", "name?").putObject("requestedSchema").put("type", "object")
                                .putObject("properties").putObject("name").put("type", "string").put("default", "Ada");
                    }
                    send(Messages.request(Json.mapper().getNodeFactory().stringNode("s" + i), methods.get(i), params));
                }
                List<JsonNode> answers = new ArrayList<>();
                while (answers.size() < methods.size()) {
                    answers.add(Json.parse(in.readLine()));
                }
                ObjectNode result = Json.object();
                result.putArray("answers").addAll(answers);
                send(Messages.result(id, result));
            }
            case "big" -> { // after delayMs, a 2 MiB answer with its id first or (idLast) last, as the TS SDK writes it
                long delay = args.path("delayMs").asLong(0);
                boolean idLast = args.path("idLast").asBoolean(false);
                new Thread(() -> {
                    try {
                        Thread.sleep(delay);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    tools.jackson.databind.node.ObjectNode m = Json.object().put("jsonrpc", "2.0");
                    if (!idLast) {
                        m.set("id", id);
                    }
                    m.set("result", Json.object().put("answer", "x".repeat(2 * 1024 * 1024)));
                    if (idLast) {
                        m.set("id", id);
                    }
                    send(m);
                }).start();
            }
            case "garbage" -> {
                out.println("this is not JSON");
                out.println("x".repeat(2 * 1024 * 1024));
                send(Messages.result(id, Json.object().put("answer", "after garbage")));
            }
            case "die_slowly" -> {
                System.out.close();
                Thread.sleep(args.path("delayMs").asLong(0));
                System.exit(1);
            }
            default -> send(Messages.error(id, -32602, "unknown tool"));
        }
    }
}
