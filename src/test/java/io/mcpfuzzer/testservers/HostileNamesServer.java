package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture whose only tool has a name built to attack terminals and file systems (escape
 * sequences, a bidi override, path separators and traversal) and which crashes on every call.
 */
public final class HostileNamesServer extends MiniServer {
    public static final String NAME = "../../evil\u001b[2J\u001b]0;owned\u0007\u202etxt.exe/\u0000x";

    public static void main(String[] args) throws Exception {
        new HostileNamesServer().serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            ObjectNode tool = r.putArray("tools").addObject();
            tool.put("name", NAME);
            tool.put("description", "\u001b[31mred\u001b[0m");
            tool.putObject("inputSchema").put("type", "object");
            return result(id, r);
        }
        System.err.println("\u001b[2Jboom " + NAME);
        System.exit(9);
        return null;
    }
}
