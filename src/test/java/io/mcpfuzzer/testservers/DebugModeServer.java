package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture for replay, shrinking and baselines. Tool {@code configure} takes eleven required
 * properties and crashes (a Python-like traceback on stderr, exit 1) exactly when {@code mode} is
 * {@code "debug"}, whatever the ten others hold: its minimal crashing input is {@code {"mode":"debug"}}.
 * Tool {@code render} answers, unless the server was started with the argument
 * {@code render-crashes}: then every call crashes it (a second, different crash).
 */
public final class DebugModeServer extends MiniServer {
    private final boolean renderCrashes;

    private DebugModeServer(boolean renderCrashes) {
        this.renderCrashes = renderCrashes;
    }

    public static void main(String[] args) throws Exception {
        new DebugModeServer(args.length > 0 && args[0].equals("render-crashes")).serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        if (method.equals("tools/list")) {
            return result(id, tools());
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        String name = params.path("name").asString("");
        JsonNode args = params.path("arguments");
        if (name.equals("configure") && "debug".equals(args.path("mode").asString(null))) {
            crash("DebugModeError: debug mode is not allowed here");
        }
        if (name.equals("render") && renderCrashes) {
            crash("TemplateError: render exploded");
        }
        return result(id, text("ok"));
    }

    private static void crash(String error) {
        System.err.println("Traceback (most recent call last):\n  File \"/srv/debug/server.py\", line 7, in handle\n"
                + "    apply(args)\n" + error);
        System.exit(1);
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("tools");
        ObjectNode configure = list.addObject();
        configure.put("name", "configure");
        configure.put("description", "Applies a configuration.");
        ObjectNode schema = configure.putObject("inputSchema");
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        props.putObject("mode").put("type", "string").putArray("enum").add("debug");
        required.add("mode");
        for (int i = 1; i <= 10; i++) {
            props.putObject("option" + i).put("type", i % 2 == 0 ? "integer" : "string");
            required.add("option" + i);
        }
        ObjectNode render = list.addObject();
        render.put("name", "render");
        render.put("description", "Renders a template.");
        ObjectNode renderSchema = render.putObject("inputSchema");
        renderSchema.put("type", "object");
        renderSchema.putObject("properties").putObject("template").put("type", "string");
        return r;
    }
}
