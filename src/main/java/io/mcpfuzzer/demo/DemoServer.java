package io.mcpfuzzer.demo;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Messages;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small, deliberately flawed MCP server over stdio, started by {@code mcp-fuzzer demo} so a
 * newcomer sees real findings. Never run it outside a fuzzing demo: it is vulnerable on purpose.
 *
 * <p>Planted flaws: {@code read_note} crashes the process on a path with unexpected characters;
 * {@code lookup_user} leaks a stack trace and a SQL error for an id that is not a plain word (it
 * pastes the id into SQL); {@code echo} reflects its input verbatim, and so does {@code search}
 * (its query); {@code search} hangs on a {@code limit} that is not an integer from 0 to 1000, and
 * when its cursor pool runs dry: every query that is not plain words leaks a cursor, and the
 * {@value #CURSORS}th leak blocks forever; a request whose {@code jsonrpc} is not {@code "2.0"}, or
 * that has an id but no method, is silently ignored (JSON-RPC requires an Invalid Request error).
 * {@code add} is a clean, strictly validating control tool.
 * Single-threaded: while it hangs, it answers nothing (its input is still read and discarded, so a
 * client's writes never block on a full pipe).
 */
public final class DemoServer {
    /** Cursors in the planted search pool. */
    static final int CURSORS = 3;

    private final PrintStream out;
    private int leakedCursors;
    private BufferedReader in;

    private DemoServer(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        new DemoServer(out).serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
    }

    private void serve(BufferedReader in) throws IOException {
        this.in = in;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode msg;
            try {
                msg = Json.parse(line);
            } catch (JacksonException e) {
                reply(error(null, -32700, "Parse error"));
                continue;
            }
            if (!msg.isObject() || !msg.has("method") || !"2.0".equals(msg.path("jsonrpc").asString(""))) {
                continue; // planted: dropped without the Invalid Request error JSON-RPC requires
            }
            if (!msg.has("id")) {
                continue; // notification
            }
            reply(handle(msg));
        }
    }

    private ObjectNode handle(JsonNode msg) {
        JsonNode id = msg.get("id");
        JsonNode params = msg.path("params");
        return switch (msg.path("method").asString("")) {
            case "initialize" -> result(id, DemoCatalog.initializeResult(params.path("protocolVersion").asString("")));
            case "ping" -> result(id, Json.object());
            case "tools/list" -> result(id, DemoCatalog.toolsList());
            case "tools/call" -> callTool(id, params.path("name").asString(""), params.path("arguments"));
            default -> error(id, -32601, "Method not found");
        };
    }

    private ObjectNode callTool(JsonNode id, String name, JsonNode args) {
        switch (name) {
            case "echo":
                return result(id, DemoCatalog.text("Echo: " + args.path("text").asString("")));
            case "read_note": {
                String path = args.path("path").asString("");
                if (!args.path("path").isString() || path.contains("..") || !path.matches("[\\w./-]{1,200}")) {
                    // Planted crash: the path parser dies on characters it never expected.
                    new IllegalStateException("cannot parse note path: " + path).printStackTrace();
                    System.exit(3);
                }
                return result(id, DemoCatalog.text("note " + path + " is empty"));
            }
            case "lookup_user": {
                String user = args.path("id").asString("");
                if (!args.path("id").isString() || !user.matches("[\\w-]{1,64}")) {
                    return error(id, -32603, "SQLException: near \"" + user + "\": syntax error in SELECT * FROM users"
                            + " WHERE id = '" + user + "'\n\tat com.example.db.UserDao.find(UserDao.java:42)\n"
                            + "\tat com.example.server.Tools.lookup(Tools.java:17)\n\t(database /srv/app/db/users.db)");
                }
                return result(id, DemoCatalog.text("no user " + user.length() + " chars long"));
            }
            case "search": {
                JsonNode limit = args.path("limit");
                boolean inRange = limit.isIntegralNumber() && limit.asLong() >= 0 && limit.asLong() <= 1000;
                JsonNode query = args.path("query");
                if (!query.isString() || !query.asString().matches("[\\w .,-]*")) {
                    leakedCursors++; // planted: the cursor of a query it cannot parse is never closed
                }
                if (leakedCursors >= CURSORS || (!limit.isMissingNode() && !inRange)) {
                    sleepForever();
                }
                return result(id, DemoCatalog.text("0 results for " + query.asString("")));
            }
            case "add": {
                JsonNode a = args.path("a");
                JsonNode b = args.path("b");
                if (!args.isObject() || !a.isNumber() || !b.isNumber() || args.size() != 2) {
                    return error(id, -32602, "Invalid params: a and b must be numbers");
                }
                return result(id, DemoCatalog.text(String.valueOf(a.asDouble() + b.asDouble())));
            }
            default:
                return error(id, -32602, "Unknown tool");
        }
    }

    private void sleepForever() {
        Thread drain = new Thread(() -> {
            try {
                while (in.readLine() != null) {
                    // hung: requests are read and never answered
                }
            } catch (IOException e) {
                System.err.println("demo server: input closed while hung: " + e);
            }
        }, "drain");
        drain.setDaemon(true);
        drain.start();
        try {
            Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void reply(ObjectNode message) {
        out.println(Json.write(message));
        out.flush();
    }

    private static ObjectNode result(JsonNode id, JsonNode result) {
        return Messages.result(id, result);
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        return Messages.error(id, code, message);
    }
}
