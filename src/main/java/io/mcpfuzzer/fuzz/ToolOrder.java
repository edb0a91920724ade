package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.NameTokens;
import io.mcpfuzzer.generate.IdNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The order tools are fuzzed in, so that ids handed out by one tool exist when a tool that takes them
 * is fuzzed ({@link SessionIds}). Three groups, each in listing order (a stable partition, the same
 * for every seed):
 * <ol>
 *   <li><b>producers</b>: a name that creates or opens something ({@code create}, {@code open},
 *       {@code add}, {@code new}, {@code start}, {@code register}, ...), or no input that looks like
 *       an id;</li>
 *   <li><b>releasers</b> that take an id ({@code close}, {@code delete}, {@code remove},
 *       {@code stop}, {@code release}, ...): they close part of the ids handed out;</li>
 *   <li>every other tool that takes an id: it meets both live ids and the ones the releasers
 *       released ({@link SessionIds}), so a use-after-close is exercised as well as the normal path.</li>
 * </ol>
 * A server whose tools take no ids keeps its listing order. Stateless.
 */
final class ToolOrder {
    private static final Set<String> PRODUCERS = Set.of("create", "open", "add", "new", "start", "register", "init",
            "initialize", "make", "insert", "upload", "begin", "connect", "login", "spawn", "launch", "allocate",
            "acquire", "generate", "put", "post", "store", "save", "write", "submit", "subscribe");
    private static final Set<String> RELEASERS = Set.of("close", "delete", "remove", "destroy", "drop", "stop", "end",
            "release", "disconnect", "logout", "unregister", "revoke", "cancel", "kill", "terminate", "free",
            "dispose", "purge", "unsubscribe", "shutdown", "finish", "archive");
    private static final int MAX_SCHEMA_PROPERTIES = 200;

    private ToolOrder() {}

    /** The tools in fuzzing order (a new list; {@code tools} is not changed). */
    static List<JsonNode> order(List<JsonNode> tools) {
        List<JsonNode> producers = new ArrayList<>();
        List<JsonNode> releasers = new ArrayList<>();
        List<JsonNode> consumers = new ArrayList<>();
        for (JsonNode tool : tools) {
            List<String> words = words(tool.path("name").asString(""));
            if (words.stream().anyMatch(PRODUCERS::contains) || !takesId(tool.path("inputSchema"))) {
                producers.add(tool);
            } else if (words.stream().anyMatch(RELEASERS::contains)) {
                releasers.add(tool);
            } else {
                consumers.add(tool);
            }
        }
        List<JsonNode> out = new ArrayList<>(producers);
        out.addAll(releasers);
        out.addAll(consumers);
        return out;
    }

    /** True when the tool's name says it closes, deletes or removes something. */
    static boolean releases(String toolName) {
        return toolName != null && words(toolName).stream().anyMatch(RELEASERS::contains)
                && words(toolName).stream().noneMatch(PRODUCERS::contains);
    }

    /** True when a top-level property of the schema is named like an id or has {@code format: uuid}. */
    static boolean takesId(JsonNode schema) {
        int seen = 0;
        for (var e : schema.path("properties").properties()) {
            if (++seen > MAX_SCHEMA_PROPERTIES) {
                return false;
            }
            if (IdNames.kindOf(e.getKey()) != null || "uuid".equals(e.getValue().path("format").asString(""))) {
                return true;
            }
        }
        return false;
    }

    private static List<String> words(String name) {
        return NameTokens.of(name);
    }
}
