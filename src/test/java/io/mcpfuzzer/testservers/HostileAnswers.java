package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Results and errors of {@link HostileServer}, one hostile variant per request chosen from the
 * request's random source. Stateless apart from the shared {@link HostileServer.Budget}.
 */
final class HostileAnswers {
    private HostileAnswers() {}

    /** A hostile JSON-RPC error object: hostile message, deep or huge data, odd codes and types. */
    static ObjectNode error(SplittableRandom r, RawJson raw, HostileServer.Budget budget) {
        ObjectNode error = Json.object().put("code", -32000);
        switch (r.nextInt(7)) {
            case 0 -> error.put("message", HostileServerText.name(r, "")).set("data",
                    raw.mark(HostileServerText.deepJson(budget.deepDepth(), r.nextBoolean())));
            case 1 -> error.put("message", HostileServerText.any(r)).set("data",
                    raw.mark(HostileServerText.deepJson(HostileServerText.NEAR_LIMIT, r.nextBoolean())));
            case 2 -> error.set("message", raw.mark(HostileServerText.deepJson(budget.deepDepth(), true)));
            case 3 -> error.set("message", raw.mark(HostileServerText.loneSurrogatesLiteral("bad ")))
                    .putObject("data").put("stack", HostileServerText.longPath(2_500)).put("$1", "{}");
            case 4 -> error.set("code", raw.mark("-99999999999999999999999999999999"));
            case 5 -> error.put("message", "Internal error: " + HostileServerText.text(7)).put("data",
                    budget.takeHuge() ? HostileServerText.huge() : HostileServerText.any(r));
            default -> error.put("message", "deep message " + HostileServerText.deepJson(HostileServerText.DEEP, false))
                    .put("data", HostileServerText.deepJson(HostileServerText.NEAR_LIMIT, true));
        }
        if (!error.has("message")) {
            error.put("message", HostileServerText.name(r, ""));
        }
        return error;
    }

    /** A hostile tool result: flooded, huge, deep, odd-Unicode or oddly typed content. */
    static ObjectNode toolResult(String tool, JsonNode args, SplittableRandom r, RawJson raw,
            HostileServer.Budget budget) {
        if (tool.equals("out_redos")) {
            ObjectNode result = content(HostileServerText.redosSubject(30 + r.nextInt(60)));
            result.putObject("structuredContent").put("s", HostileServerText.redosSubject(30 + r.nextInt(60)))
                    .put("t", HostileServerText.redosSubject(40 + r.nextInt(60)));
            return result;
        }
        if (tool.equals("out_redos_keys")) {
            ObjectNode result = content("keys");
            ObjectNode structured = result.putObject("structuredContent");
            structured.put(HostileServerText.redosSubject(40 + r.nextInt(40)), HostileServerText.redosSubject(50));
            structured.put("a".repeat(50), HostileServerText.redosSubject(30 + r.nextInt(60)));
            return result;
        }
        ObjectNode result;
        switch (r.nextInt(12)) {
            case 0, 1, 2 -> result = content(HostileServerText.any(r));
            case 3 -> result = content(budget.takeHuge() ? HostileServerText.huge() : HostileServerText.text(7));
            case 4 -> {
                result = content("deep");
                result.set("structuredContent", raw.mark(HostileServerText.deepJson(budget.deepDepth(), true)));
            }
            case 5 -> {
                result = content("near the limit");
                result.set("deep", raw.mark(HostileServerText.deepJson(HostileServerText.NEAR_LIMIT, r.nextBoolean())));
            }
            case 6 -> {
                result = Json.object();
                ArrayNode content = result.putArray("content");
                content.addObject().put("type", "resource_link").put("uri", HostileServerText.longPath(2_500) + "$1{}")
                        .put("name", HostileServerText.name(r, ""));
                content.addObject().put("type", "image").put("data", "%41&#65;$1{}not base64")
                        .put("mimeType", "image/$1\\{}");
                content.addObject().put("type", "resource").putObject("resource").put("uri", "file:///etc/passwd")
                        .put("text", "root:x:0:0:root:/root:/bin/bash\n" + HostileServerText.text(8));
            }
            case 7 -> {
                result = content("");
                ((ObjectNode) result.get("content").get(0)).set("text",
                        raw.mark(HostileServerText.loneSurrogatesLiteral(HostileServerText.name(r, ""))));
            }
            case 8 -> {
                result = content("odd keys");
                ObjectNode structured = result.putObject("structuredContent");
                for (String name : HostileServerText.NAMES) {
                    structured.put(name, name);
                }
                structured.put("k" + "$1{}".repeat(25_000), "long key");
            }
            case 9 -> result = content(HostileServerText.name(r, " failed: ") + HostileServerText.text(8)).put("isError", true);
            case 10 -> {
                result = Json.object();
                ArrayNode content = result.putArray("content");
                for (int i = 0; i < 5_000; i++) {
                    content.addObject().put("type", "text").put("text", HostileServerText.NAMES.get(i % HostileServerText.NAMES
                            .size()));
                }
            }
            default -> {
                result = content("echo " + Json.write(args) + HostileServerText.text(6));
                result.set("_meta", raw.mark(HostileServerText.deepJson(budget.deepDepth(), false)));
            }
        }
        return result;
    }

    /** A hostile resources/read result for {@code uri}. */
    static ObjectNode readResult(String uri, SplittableRandom r, RawJson raw, HostileServer.Budget budget) {
        ObjectNode result = Json.object();
        ObjectNode item = result.putArray("contents").addObject().put("uri", uri);
        switch (r.nextInt(6)) {
            case 0 -> item.put("text", HostileServerText.any(r));
            case 1 -> item.put("text", budget.takeHuge() ? HostileServerText.huge() : HostileServerText.text(3));
            case 2 -> item.put("blob", "$1{}%41&#65;\u202e not base64 " + HostileServerText.text(4));
            case 3 -> item.set("text", raw.mark(HostileServerText.deepJson(budget.deepDepth(), true)));
            case 4 -> item.set("text", raw.mark(HostileServerText.loneSurrogatesLiteral(uri)));
            default -> item.put("uri", HostileServerText.longPath(2_500)).put("text", HostileServerText.text(1))
                    .put("mimeType", "text/$1{}");
        }
        return result;
    }

    /** A hostile prompts/get result. */
    static ObjectNode promptResult(SplittableRandom r, RawJson raw, HostileServer.Budget budget) {
        ObjectNode result = Json.object().put("description", HostileServerText.name(r, ""));
        ArrayNode messages = result.putArray("messages");
        ObjectNode content = messages.addObject().put("role", r.nextBoolean() ? "user" : "$1{}").putObject("content")
                .put("type", "text");
        switch (r.nextInt(4)) {
            case 0 -> content.put("text", HostileServerText.any(r));
            case 1 -> content.set("text", raw.mark(HostileServerText.deepJson(budget.deepDepth(), false)));
            case 2 -> content.set("text", raw.mark(HostileServerText.loneSurrogatesLiteral("prompt ")));
            default -> {
                for (int i = 0; i < 2_000; i++) {
                    messages.addObject().put("role", "assistant").putObject("content").put("type", "text")
                            .put("text", HostileServerText.NAMES.get(i % HostileServerText.NAMES.size()));
                }
            }
        }
        return result;
    }

    /** A completion/complete result with hostile values. */
    static ObjectNode completion(SplittableRandom r) {
        ObjectNode completion = Json.object();
        ObjectNode c = completion.putObject("completion");
        ArrayNode values = c.putArray("values");
        HostileServerText.NAMES.forEach(values::add);
        values.add(HostileServerText.any(r));
        c.put("total", Long.MAX_VALUE).put("hasMore", true);
        return completion;
    }

    static ObjectNode content(String text) {
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }
}
