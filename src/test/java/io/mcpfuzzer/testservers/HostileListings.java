package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The listings of {@link HostileServer}: tools (duplicate and hostile names, ReDoS and broken
 * patterns in input and output schemas, deep schemas), 5,000 resources over hostile cursors,
 * hostile resource templates and prompts. The set of items depends only on the seed (so the
 * fuzzer can call what it listed); descriptions vary per request. Not thread-safe.
 */
final class HostileListings {
    /** Number of resources listed across all pages. */
    static final int RESOURCES = 5_000;

    private final long seed;
    private final int pageSize;
    private final List<Integer> extraTools;

    HostileListings(long seed) {
        this.seed = seed;
        SplittableRandom r = new SplittableRandom(seed);
        this.pageSize = List.of(40, 100, 250, 1_000).get(r.nextInt(4));
        List<Integer> extras = new ArrayList<>(List.of(0, 1, 2, 3, 4));
        Collections.shuffle(extras, new Random(seed));
        this.extraTools = extras.subList(0, 2);
    }

    /** Page 1 holds the core tools, page 2 two seed-chosen extras; {@code cursor} is null for page 1. */
    ObjectNode tools(String cursor, SplittableRandom r, RawJson raw, HostileServer.Budget budget) {
        ObjectNode result = Json.object();
        ArrayNode tools = result.putArray("tools");
        if (cursor == null) {
            core(tools, r);
            result.put("nextCursor", "$1\\{}$(id)\u202e-page-2");
        } else {
            for (int extra : extraTools) {
                extra(tools, extra, raw, budget);
            }
        }
        return result;
    }

    private void core(ArrayNode tools, SplittableRandom r) {
        ObjectNode echo = tool(tools, "echo$1\\{}", r);
        prop(echo, "text").put("type", "string");
        ObjectNode id = tool(tools, "$(id)", r);
        prop(id, "cmd").put("type", "string").put("pattern", "^(.*a){8}x");
        req(id, "cmd");
        prop(tool(tools, "dup", r), "a").put("type", "integer");
        prop(tool(tools, "dup", r), "b").put("type", "string").put("pattern", "(a+)+$");
        ObjectNode redos = tool(tools, "redos.*+?[(|^", r);
        SplittableRandom fixed = new SplittableRandom(seed + 1);
        prop(redos, "p").put("type", "string").put("pattern", HostileServerText.pick(fixed, HostileServerText.REDOS));
        prop(redos, "q").put("type", "string").put("pattern", HostileServerText.pick(fixed, HostileServerText.BROKEN_REGEX));
        prop(redos, "r").put("type", "string").put("format", "regex");
        ObjectNode schema = (ObjectNode) redos.get("inputSchema");
        schema.putObject("patternProperties").putObject("^(.*a){8}x").put("type", "string");
        schema.putObject("propertyNames").put("pattern", "(a+)+$");
        schema.putObject("additionalProperties").put("type", "string").put("pattern", "^(a|aa)+$");
        ObjectNode out = tool(tools, "out_redos", r);
        prop(out, "n").put("type", "integer");
        ObjectNode outSchema = out.putObject("outputSchema").put("type", "object");
        outSchema.putObject("properties").set("s", Json.object().put("type", "string").put("pattern", "^(.*a){8}x"));
        ((ObjectNode) outSchema.get("properties")).putObject("t").put("type", "string").put("pattern", "(a+)+$");
        outSchema.putArray("required").add("s");
        ObjectNode keys = tool(tools, "out_redos_keys", r);
        ObjectNode keySchema = keys.putObject("outputSchema").put("type", "object");
        keySchema.putObject("patternProperties").putObject("(a+)+$").put("type", "string")
                .put("pattern", "^(a|aa)+$");
        keySchema.putObject("propertyNames").put("pattern", "^(.*a){8}x");
        ObjectNode path = tool(tools, "read_path", r);
        prop(path, "path").put("type", "string");
        prop(path, "uri").put("type", "string").put("format", "uri");
        ObjectNode meta = tool(tools, "meta_props", r);
        for (String name : List.of("$1", "{}", "a\\b", "$(id)", ".*", "\u202e", "nul\u0000", "")) {
            prop(meta, name).put("type", "string").put("description", name).put("default", name);
        }
        SplittableRandom names = new SplittableRandom(seed + 2);
        for (int i = 0; i < 3; i++) {
            prop(tool(tools, HostileServerText.name(names, "_" + i), r), "x").put("type", "string");
        }
        prop(tool(tools, "\uD835\uDD4F_non_bmp\uD83D\uDE00", r), "x").put("type", "string");
    }

    /** 0: 3,000-deep input schema; 1: schema nested just under the parse limit; 2: lone-surrogate name;
     *  3: 100,000-character name; 4: 10 MB description (or a newline flood when the budget is spent). */
    private static void extra(ArrayNode tools, int which, RawJson raw, HostileServer.Budget budget) {
        ObjectNode tool = tools.addObject();
        switch (which) {
            case 0 -> {
                tool.put("name", "deep_schema");
                tool.set("inputSchema", raw.mark("{\"type\":\"object\",\"properties\":{\"a\":"
                        + HostileServerText.deepJson(HostileServerText.DEEP, true) + "}}"));
            }
            case 1 -> {
                int n = (HostileServerText.NEAR_LIMIT - 10) / 2;
                tool.put("name", "nested_schema");
                tool.set("inputSchema", raw.mark("{\"type\":\"object\",\"properties\":{\"a\":".repeat(n)
                        + "{\"type\":\"string\",\"pattern\":\"(a+)+$\"}" + "}}".repeat(n)));
            }
            case 2 -> {
                tool.set("name", raw.mark(HostileServerText.loneSurrogatesLiteral("lone_")));
                tool.putObject("inputSchema").put("type", "object");
            }
            case 3 -> {
                tool.put("name", "long_" + "$1{}\\".repeat(20_000));
                tool.putObject("inputSchema").put("type", "object");
            }
            default -> {
                tool.put("name", "huge_description");
                tool.put("description", budget.takeHuge() ? HostileServerText.huge() : HostileServerText.text(1));
                tool.putObject("inputSchema").put("type", "object");
            }
        }
    }

    private static ObjectNode tool(ArrayNode tools, String name, SplittableRandom r) {
        ObjectNode tool = tools.addObject().put("name", name);
        tool.put("description", HostileServerText.any(r));
        tool.putObject("inputSchema").put("type", "object").putObject("properties");
        return tool;
    }

    private static ObjectNode prop(ObjectNode tool, String name) {
        return ((ObjectNode) tool.get("inputSchema").get("properties")).putObject(name);
    }

    private static void req(ObjectNode tool, String name) {
        ObjectNode schema = (ObjectNode) tool.get("inputSchema");
        (schema.has("required") ? (ArrayNode) schema.get("required") : schema.putArray("required")).add(name);
    }

    /** One page of the 5,000 resources; cursors are hostile text ending in the next index. */
    ObjectNode resources(String cursor, SplittableRandom r) {
        int from = 0;
        if (cursor != null) {
            int at = cursor.lastIndexOf('#');
            try {
                from = Integer.parseInt(cursor.substring(at + 1));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                from = RESOURCES;
            }
        }
        ObjectNode result = Json.object();
        ArrayNode items = result.putArray("resources");
        int to = Math.min(RESOURCES, Math.max(0, from) + pageSize);
        for (int i = Math.max(0, from); i < to; i++) {
            items.addObject().put("uri", resourceUri(i)).put("name", HostileServerText.NAMES.get(i % HostileServerText.NAMES.size())
                    + i).put("mimeType", i % 7 == 0 ? "text/$1{}\\" : "text/plain");
        }
        if (to < RESOURCES) {
            result.put("nextCursor", "$1\\{}%41&#65;\u202e" + "/..".repeat(r.nextInt(50)) + "#" + to);
        }
        return result;
    }

    static String resourceUri(int i) {
        return switch (i % 8) {
            case 0 -> "file:///srv/$1/{x}/r" + i;
            case 1 -> "mem://a\\b/$(id)/" + i;
            case 2 -> "x-hostile://%41%41/&#65;/" + i;
            case 3 -> "res://\u202e/\u0000/" + i;
            case 4 -> "res:///.*+?[(|^/" + i;
            case 5 -> i < 100 ? "file://" + HostileServerText.longPath(2_500) + "/" + i : "file:///a/" + i;
            case 6 -> "\uD835\uDD4F://" + i;
            default -> "res://{}/${PATH}/" + i;
        };
    }

    /** Resource templates whose placeholders and literal text are hostile. */
    ObjectNode templates() {
        ObjectNode result = Json.object();
        ArrayNode items = result.putArray("resourceTemplates");
        List<String> templates = List.of("file:///{path}", "t://$1/{x}", "t://{a}\\{b}", "t://{$(id)}/{.*}",
                "t://{{x}}", "t://{", "t://}{", "t://" + "{x}/".repeat(2_500), "t://%41{x}&#65;", "t://\u202e{x}\u0000",
                "t://{x}$0\\$1", "t://{(a+)+$}", "t://\uD835\uDD4F/{x}");
        for (int i = 0; i < templates.size(); i++) {
            items.addObject().put("uriTemplate", templates.get(i)).put("name", HostileServerText.NAMES.get(i))
                    .put("mimeType", "text/plain");
        }
        return result;
    }

    /** Prompts with hostile and duplicate names and hostile argument names. */
    ObjectNode prompts(SplittableRandom r) {
        ObjectNode result = Json.object();
        ArrayNode items = result.putArray("prompts");
        List<String> names = List.of("sum$1\\{}", "sum$1\\{}", "$(id)", ".*+?[(", "\u202eprompt\u0000", "p_" + "{}".repeat(
                5_000));
        for (String name : names) {
            ObjectNode prompt = items.addObject().put("name", name)
                    .put("description", HostileServerText.any(r));
            ArrayNode args = prompt.putArray("arguments");
            args.addObject().put("name", "$1").put("required", true).put("description", "{}");
            args.addObject().put("name", "a\\b{c}").put("required", r.nextBoolean());
            args.addObject().put("name", "(a+)+$").put("required", false);
        }
        return result;
    }
}
