package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.fuzz.targets.TargetStartException;
import io.mcpfuzzer.mcp.InitializeResult;
import io.mcpfuzzer.mcp.Listing;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.report.text.TerminalText;
import io.mcpfuzzer.safety.LaunchPlan;
import io.mcpfuzzer.safety.SafetyContext;
import io.mcpfuzzer.safety.SafetyException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --list}: starts (or connects to) the target once, initializes, lists tools, resources,
 * resource templates and prompts (each only when the server declares the capability), prints them
 * and stops, without fuzzing. Everything printed comes from the server, so text output passes
 * through {@link TerminalText} and every list and string is bounded. Exit 0 when the target could
 * be listed, 1 when it could not be started.
 */
final class SurfaceList {
    /** Most items printed per kind. */
    static final int MAX_ITEMS = 1_000;
    /** Longest description kept, in chars. */
    static final int MAX_TEXT = 1_000;

    private SurfaceList() {}

    static int run(Settings s, ConsoleIO console) {
        SafetyContext safety;
        try {
            safety = TargetSetup.openSafety(s);
        } catch (SafetyException e) {
            console.err().println("mcp-fuzzer: safety setup failed, not starting the target: " + e.getMessage());
            return ExitCodes.ERROR;
        }
        try (safety; TargetFactory factory = TargetSetup.factory(s, safety, TargetSetup.client(s, safety),
                new ArrayList<LaunchPlan>()); Target target = factory.start()) {
            ObjectNode surface = surface(target.session());
            if (console.json()) {
                console.data().println(Json.write(surface));
            } else {
                console.data().print(text(surface));
            }
            console.data().flush();
            return ExitCodes.OK;
        } catch (TargetStartException e) {
            console.err().println("mcp-fuzzer: cannot list the target: " + FuzzRunner.printable(e.getMessage()));
            return ExitCodes.ERROR;
        } catch (SafetyException | IllegalArgumentException | IOException e) {
            console.err().println("mcp-fuzzer: cannot set up the target: " + e.getMessage());
            return ExitCodes.ERROR;
        }
    }

    /** The listing as one JSON object (see docs/cli.md, "Listing a server"). */
    static ObjectNode surface(McpSession session) {
        InitializeResult init = session.initialized();
        ObjectNode root = Json.object();
        root.put("protocol_version", init.protocolVersion());
        root.set("server_info", init.serverInfo());
        root.set("capabilities", init.capabilities());
        ArrayNode problems = Json.array();
        ArrayNode tools = root.putArray("tools");
        if (init.hasCapability("tools")) {
            for (JsonNode t : items(session.listTools(), problems, "tools/list")) {
                ObjectNode tool = tools.addObject();
                tool.put("name", str(t.path("name")));
                tool.put("description", str(t.path("description")));
                ArrayNode params = tool.putArray("parameters");
                JsonNode schema = t.path("inputSchema");
                List<String> required = new ArrayList<>();
                schema.path("required").forEach(r -> required.add(str(r)));
                JsonNode props = schema.path("properties");
                if (props.isObject()) {
                    props.propertyNames().stream().limit(MAX_ITEMS).forEach(name -> {
                        ObjectNode p = params.addObject();
                        p.put("name", cut(name));
                        p.put("type", str(props.path(name).path("type")));
                        p.put("required", required.contains(name));
                    });
                }
            }
        }
        ArrayNode resources = root.putArray("resources");
        ArrayNode templates = root.putArray("resource_templates");
        if (init.hasCapability("resources")) {
            for (JsonNode r : items(session.listResources(), problems, "resources/list")) {
                ObjectNode o = resources.addObject();
                o.put("uri", str(r.path("uri")));
                o.put("name", str(r.path("name")));
                o.put("mime_type", str(r.path("mimeType")));
            }
            for (JsonNode r : items(session.listResourceTemplates(), problems, "resources/templates/list")) {
                ObjectNode o = templates.addObject();
                o.put("uri_template", str(r.path("uriTemplate")));
                o.put("name", str(r.path("name")));
            }
        }
        ArrayNode prompts = root.putArray("prompts");
        if (init.hasCapability("prompts")) {
            for (JsonNode p : items(session.listPrompts(), problems, "prompts/list")) {
                ObjectNode o = prompts.addObject();
                o.put("name", str(p.path("name")));
                o.put("description", str(p.path("description")));
                ArrayNode args = o.putArray("arguments");
                int n = 0;
                for (JsonNode a : p.path("arguments")) {
                    if (n++ == MAX_ITEMS) {
                        break;
                    }
                    args.addObject().put("name", str(a.path("name"))).put("required", a.path("required").asBoolean(false));
                }
            }
        }
        root.set("problems", problems);
        return root;
    }

    private static List<JsonNode> items(Listing listing, ArrayNode problems, String method) {
        listing.problems().forEach(p -> problems.add(method + ": " + cut(p)));
        if (listing.items().size() > MAX_ITEMS) {
            problems.add(method + ": " + listing.items().size() + " items, only the first " + MAX_ITEMS + " shown");
        }
        return listing.items().subList(0, Math.min(MAX_ITEMS, listing.items().size()));
    }

    private static String str(JsonNode node) {
        return node == null || node.isMissingNode() || node.isNull() ? null
                : cut(node.isString() ? node.stringValue() : node.toString());
    }

    private static String cut(String text) {
        return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "..." : text;
    }

    /** The human form: one section per kind, tools as {@code name(param*, param)}. */
    static String text(ObjectNode surface) {
        StringBuilder b = new StringBuilder();
        JsonNode info = surface.path("server_info");
        b.append("Server:       ").append(safe(info.path("name").asString("?"))).append(' ')
                .append(safe(info.path("version").asString(""))).append(" (protocol ")
                .append(safe(surface.path("protocol_version").asString("?"))).append(")\n");
        List<String> caps = new ArrayList<>();
        surface.path("capabilities").propertyNames().forEach(c -> caps.add(safe(c)));
        b.append("Capabilities: ").append(caps.isEmpty() ? "(none)" : String.join(", ", caps)).append('\n');
        JsonNode tools = surface.path("tools");
        b.append("\nTools (").append(tools.size()).append("):\n");
        tools.forEach(t -> b.append(signature(t, "parameters")));
        JsonNode resources = surface.path("resources");
        b.append("\nResources (").append(resources.size()).append("):\n");
        resources.forEach(r -> b.append("  ").append(safe(r.path("uri").asString(""))).append("  ")
                .append(safe(r.path("name").asString(""))).append('\n'));
        JsonNode templates = surface.path("resource_templates");
        b.append("\nResource templates (").append(templates.size()).append("):\n");
        templates.forEach(r -> b.append("  ").append(safe(r.path("uri_template").asString(""))).append("  ")
                .append(safe(r.path("name").asString(""))).append('\n'));
        JsonNode prompts = surface.path("prompts");
        b.append("\nPrompts (").append(prompts.size()).append("):\n");
        prompts.forEach(p -> b.append(signature(p, "arguments")));
        if (!surface.path("problems").isEmpty()) {
            b.append("\nProblems:\n");
            surface.path("problems").forEach(p -> b.append("  ").append(safe(p.asString(""))).append('\n'));
        }
        b.append("\n* required\n");
        return b.toString();
    }

    private static String description(JsonNode item) {
        String d = item.path("description").asString("");
        return d.isBlank() ? "" : "  - " + io.mcpfuzzer.report.text.ConsoleSummary.oneLine(d, 100);
    }

    private static String safe(String text) {
        return TerminalText.safe(text, 200);
    }

    /** {@code "  name(a*, b) description\n"}: a tool's parameters or a prompt's arguments, required ones starred. */
    private static String signature(JsonNode item, String listField) {
        List<String> names = new ArrayList<>();
        item.path(listField).forEach(p -> names.add(safe(p.path("name").asString(""))
                + (p.path("required").asBoolean() ? "*" : "")));
        return "  " + safe(item.path("name").asString("")) + '(' + String.join(", ", names) + ')' + description(item)
                + '\n';
    }
}
