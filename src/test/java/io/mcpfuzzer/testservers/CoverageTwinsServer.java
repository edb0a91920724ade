package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture with the bugs that random inputs miss and the coverage pass finds, each a crash with its own
 * Python-style traceback (so each is its own root cause), plus a strictly validating control tool:
 * <ul>
 * <li>{@code scale_tool}: {@code factor} (a plain number) of zero crashes it;</li>
 * <li>{@code schedule_tool}: {@code schedule.window.enabled == true} together with a negative
 *     {@code schedule.window.hour_offset} (both required, two levels down) crashes it;</li>
 * <li>{@code title_tool}: a bidi control (U+202E, U+200F, U+2066) or a non-BMP character in the plain
 *     string {@code title} crashes it;</li>
 * <li>{@code strict_tool}: validates exactly its schema (lengths in code points, integral numbers in
 *     any notation) and answers {@code -32602} to anything else; it never fails.</li>
 * </ul>
 */
public final class CoverageTwinsServer extends MiniServer {
    private static final Set<Integer> BIDI = Set.of(0x202E, 0x200F, 0x2066);

    public static void main(String[] args) throws Exception {
        new CoverageTwinsServer().serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        if (method.equals("tools/list")) {
            return result(id, tools());
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        JsonNode args = params.path("arguments");
        switch (params.path("name").asString("")) {
            case "scale_tool":
                if (args.path("factor").isNumber() && args.path("factor").decimalValue().signum() == 0) {
                    crash("scale.py", 17, "ZeroDivisionError: float division by zero");
                }
                return result(id, text("scaled"));
            case "schedule_tool": {
                JsonNode window = args.path("schedule").path("window");
                if (window.path("enabled").asBoolean(false) && window.path("hour_offset").isNumber()
                        && window.path("hour_offset").decimalValue().signum() < 0) {
                    crash("schedule.py", 88, "IndexError: negative window offset");
                }
                return result(id, text("scheduled"));
            }
            case "title_tool": {
                String title = args.path("title").asString("");
                if (title.codePoints().anyMatch(cp -> BIDI.contains(cp) || cp > 0xFFFF)) {
                    crash("title.py", 5, "UnicodeEncodeError: 'latin-1' codec can't encode character");
                }
                return result(id, text("titled"));
            }
            case "strict_tool":
                return strictlyValid(args) ? result(id, text("done")) : error(id, -32602, "Invalid params");
            default:
                return error(id, -32602, "Unknown tool");
        }
    }

    private static void crash(String file, int line, String error) {
        System.err.println("Traceback (most recent call last):\n  File \"/srv/twins/" + file + "\", line " + line
                + ", in handle\n    run(args)\n" + error);
        System.exit(1);
    }

    /** Exactly the schema of strict_tool (see {@link #tools()}). */
    static boolean strictlyValid(JsonNode args) {
        if (!args.isObject() || !args.has("name") || !args.has("count") || !args.has("mode")) {
            return false;
        }
        for (String key : args.propertyNames()) {
            if (!List.of("name", "count", "mode", "verbose").contains(key)) {
                return false;
            }
        }
        JsonNode name = args.get("name");
        if (!name.isString()) {
            return false;
        }
        int points = name.asString().codePointCount(0, name.asString().length());
        JsonNode count = args.get("count");
        if (points < 1 || points > 20 || !count.isNumber()) {
            return false;
        }
        BigDecimal n = count.decimalValue();
        if (n.stripTrailingZeros().scale() > 0 || n.compareTo(BigDecimal.ZERO) < 0 || n.compareTo(BigDecimal.TEN) > 0) {
            return false;
        }
        JsonNode mode = args.get("mode");
        if (!mode.isString() || !List.of("fast", "safe").contains(mode.asString())) {
            return false;
        }
        return !args.has("verbose") || args.get("verbose").isBoolean();
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("tools");
        ObjectNode scale = tool(list, "scale_tool", "Scales a label by a factor.");
        scale.putObject("properties").set("factor", Json.object().put("type", "number"));
        ((ObjectNode) scale.get("properties")).set("label", Json.object().put("type", "string"));
        scale.putArray("required").add("factor").add("label");

        ObjectNode schedule = tool(list, "schedule_tool", "Schedules a job in a time window.");
        ObjectNode window = Json.object().put("type", "object");
        window.putObject("properties").set("enabled", Json.object().put("type", "boolean"));
        ((ObjectNode) window.get("properties")).set("hour_offset", Json.object().put("type", "integer"));
        window.putArray("required").add("enabled").add("hour_offset");
        ObjectNode scheduleObject = Json.object().put("type", "object");
        scheduleObject.putObject("properties").set("window", window);
        scheduleObject.putArray("required").add("window");
        ObjectNode props = schedule.putObject("properties");
        props.set("job", Json.object().put("type", "string"));
        props.set("schedule", scheduleObject);
        schedule.putArray("required").add("job").add("schedule");

        ObjectNode title = tool(list, "title_tool", "Sets a document title.");
        title.putObject("properties").set("title", Json.object().put("type", "string"));
        title.putArray("required").add("title");

        ObjectNode strict = tool(list, "strict_tool", "Runs a named job a few times.");
        ObjectNode sp = strict.putObject("properties");
        sp.set("name", Json.object().put("type", "string").put("minLength", 1).put("maxLength", 20));
        sp.set("count", Json.object().put("type", "integer").put("minimum", 0).put("maximum", 10));
        ObjectNode mode = Json.object().put("type", "string");
        mode.putArray("enum").add("fast").add("safe");
        sp.set("mode", mode);
        sp.set("verbose", Json.object().put("type", "boolean"));
        strict.putArray("required").add("name").add("count").add("mode");
        strict.put("additionalProperties", false);
        return r;
    }

    /** Adds a tool and returns its (object-typed) input schema. */
    private static ObjectNode tool(ArrayNode list, String name, String description) {
        ObjectNode t = list.addObject();
        t.put("name", name);
        t.put("description", description);
        return t.putObject("inputSchema").put("type", "object");
    }
}
