package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server over stdio whose every listing, answer, error and notification is hostile text
 * (see {@link HostileServerText}, {@link HostileListings}, {@link HostileAnswers}): the fuzzer must
 * survive it. Argument 0: the seed; the variant of each answer is drawn from the seed, the method
 * and how many requests of that method came before, so different seeds hit different mixes.
 * Further arguments are ignored (tests pass a marker to find the process). At most two 10 MB
 * strings and two lines nested deeper than the fuzzer parses per process keep a run quick.
 * Single-threaded.
 */
public final class HostileServer {
    private final PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out),
            1 << 16), false, StandardCharsets.UTF_8);
    private final long seed;
    private final HostileListings listings;
    private final Budget budget = new Budget();
    private final Map<String, Integer> counters = new HashMap<>();

    /**
     * Caps the slow variants per process: 10 MB strings, and JSON nested deeper than the fuzzer
     * parses (it cannot tell which request such a line answers, so each one costs a timeout).
     */
    static final class Budget {
        private int huge = 2;
        private int deep = 2;

        boolean takeHuge() {
            return huge-- > 0;
        }

        /** {@link HostileServerText#DEEP} while the budget lasts, then {@link HostileServerText#NEAR_LIMIT}. */
        int deepDepth() {
            return deep-- > 0 ? HostileServerText.DEEP : HostileServerText.NEAR_LIMIT;
        }
    }

    private HostileServer(long seed) {
        this.seed = seed;
        this.listings = new HostileListings(seed);
    }

    public static void main(String[] args) throws Exception {
        HostileServer server = new HostileServer(args.length > 0 ? Long.parseLong(args[0]) : 1);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            server.onLine(line);
        }
    }

    private void onLine(String line) {
        JsonNode msg;
        try {
            msg = Json.parse(line);
        } catch (JacksonException e) {
            SplittableRandom r = random("parse-error");
            RawJson raw = new RawJson();
            send(raw, error(NullNode.getInstance(), HostileAnswers.error(r, raw, budget)));
            return;
        }
        if (!msg.isObject() || !msg.path("method").isString() || msg.get("id") == null) {
            return;
        }
        String method = msg.get("method").asString();
        JsonNode id = msg.get("id");
        JsonNode params = msg.path("params");
        SplittableRandom r = random(method);
        RawJson raw = new RawJson();
        if (!method.equals("initialize") && r.nextInt(8) == 0) {
            noise(r);
        }
        ObjectNode answer = answer(method, id, params, r, raw);
        send(raw, answer);
    }

    private ObjectNode answer(String method, JsonNode id, JsonNode params, SplittableRandom r, RawJson raw) {
        String cursor = params.path("cursor").isString() ? params.path("cursor").asString() : null;
        switch (method) {
            case "initialize" -> {
                return result(id, initialize(params));
            }
            case "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe" -> {
                return result(id, Json.object());
            }
            case "tools/list" -> {
                return result(id, listings.tools(cursor, r, raw, budget));
            }
            case "resources/list" -> {
                return result(id, listings.resources(cursor, r));
            }
            case "resources/templates/list" -> {
                return result(id, listings.templates());
            }
            case "prompts/list" -> {
                return result(id, listings.prompts(r));
            }
            case "completion/complete" -> {
                return result(id, HostileAnswers.completion(r));
            }
            default -> {
                // every other answer is an error about a quarter of the time
            }
        }
        if (r.nextInt(4) == 0 || !(method.equals("tools/call") || method.equals("resources/read")
                || method.equals("prompts/get"))) {
            return error(id, HostileAnswers.error(r, raw, budget));
        }
        return switch (method) {
            case "tools/call" -> result(id, HostileAnswers.toolResult(params.path("name").asString(""),
                    params.path("arguments"), r, raw, budget));
            case "resources/read" -> result(id, HostileAnswers.readResult(params.path("uri").asString(""), r, raw,
                    budget));
            default -> result(id, HostileAnswers.promptResult(r, raw, budget));
        };
    }

    private ObjectNode initialize(JsonNode params) {
        SplittableRandom r = new SplittableRandom(seed);
        JsonNode version = params.path("protocolVersion");
        ObjectNode result = Json.object().put("protocolVersion", version.isString() ? version.asString() : "2025-11-25");
        ObjectNode caps = result.putObject("capabilities");
        caps.putObject("tools").put("listChanged", true);
        caps.putObject("resources").put("subscribe", true).put("listChanged", true);
        caps.putObject("prompts").put("listChanged", true);
        caps.putObject("logging");
        caps.putObject("completions");
        result.putObject("serverInfo").put("name", HostileServerText.name(r, "-server")).put("version", "$1{}\\")
                .put("title", "\u202eHostile\u0000");
        result.put("instructions", HostileServerText.any(r));
        return result;
    }

    /** Something unasked before the answer: deep or flooding notifications, raw blank lines, stray ids. */
    private void noise(SplittableRandom r) {
        RawJson raw = new RawJson();
        ObjectNode m = Json.object().put("jsonrpc", "2.0");
        switch (r.nextInt(6)) {
            case 0 -> {
                m.put("method", "notifications/message").putObject("params").put("level", "error")
                        .put("logger", HostileServerText.name(r, "")).set("data",
                                raw.mark(HostileServerText.deepJson(budget.deepDepth(), r.nextBoolean())));
                send(raw, m);
            }
            case 1 -> {
                out.print("\n".repeat(100_000));
                out.flush();
            }
            case 2 -> {
                out.println(" ".repeat(100_000));
                out.flush();
            }
            case 3 -> {
                m.put("method", "notifications/progress").putObject("params").put("progressToken", "$1{}")
                        .put("progress", 1e308).put("message", HostileServerText.any(r));
                send(raw, m);
            }
            case 4 -> {
                m.put("id", "$1\\{}$(id)").putObject("result").put("stray", HostileServerText.text(7));
                send(raw, m);
            }
            default -> {
                for (int i = 0; i < 1_000; i++) {
                    send(raw, Json.object().put("jsonrpc", "2.0").put("method", i % 2 == 0
                            ? "notifications/tools/list_changed" : "notifications/resources/list_changed"));
                }
            }
        }
    }

    private SplittableRandom random(String method) {
        int n = counters.merge(method, 1, Integer::sum);
        long mix = seed * 0x9E3779B97F4A7C15L ^ method.hashCode() * 0xC2B2AE3D27D4EB4FL ^ n;
        return new SplittableRandom(mix);
    }

    private static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode m = Json.object().put("jsonrpc", "2.0");
        m.set("id", id);
        m.set("result", result);
        return m;
    }

    private static ObjectNode error(JsonNode id, ObjectNode error) {
        ObjectNode m = Json.object().put("jsonrpc", "2.0");
        m.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
        m.set("error", error);
        return m;
    }

    private void send(RawJson raw, JsonNode message) {
        out.print(raw.render(message));
        out.print('\n');
        out.flush();
    }
}
