package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Planted bugs for the attacker-minded oracles, each with a clean twin. Run it with a fixed,
 * pre-touched heap ({@link #jvmFlags}) so that heap churn never moves the resident memory and only
 * off-heap memory does.
 *
 * <p>Planted: {@code ping_host} simulates {@code sh -c "ping -c 1 <host>"} (no shell is ever run):
 * every command after a shell metacharacter "runs": {@code id} prints {@code uid=0(root) gid=0(root)},
 * {@code cat /etc/passwd} a passwd line, {@code echo} its words, {@code sleep} nothing, anything else
 * {@code sh: 1: <word>: not found}; {@code cache_put} keeps 1 MiB (off-heap, touched) per call;
 * {@code export_rows} answers a hostile or invalid input with a 24 MiB text. Also a session trio
 * ({@code open_session}, {@code close_session}, {@code read_session}): reading a closed id crashes the
 * server (use-after-close; reachable only with an id taken from an earlier answer).
 *
 * <p>Clean twins: {@code echo_text} echoes its text (so {@code uid=0(root)} only when the input had
 * it); {@code whoami_help} always shows the sample {@code id} output its description publishes;
 * {@code transform} allocates 4 MiB off-heap and 1 MiB on the heap per call and frees both.
 */
public final class OracleTwinsServer extends MiniServer {
    /** Bytes kept per {@code cache_put} call. */
    public static final int LEAK_BYTES = 1 << 20;
    /** Characters of the {@code export_rows} answer text. */
    public static final int OVERSIZE_CHARS = 24 << 20;
    public static final String ID_OUTPUT = "uid=0(root) gid=0(root) groups=0(root)";

    private final List<ByteBuffer> cache = new ArrayList<>();
    private final Map<String, Boolean> sessions = new HashMap<>();
    private int nextSession = 1;

    public static void main(String[] args) throws Exception {
        new OracleTwinsServer().serve();
    }

    /** JVM flags this fixture is meant to run with (inserted after {@code java}). */
    public static List<String> jvmFlags() {
        return List.of("-Xms64m", "-XX:+AlwaysPreTouch", "-XX:MaxDirectMemorySize=2g");
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            return result(id, tools());
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        JsonNode args = params.path("arguments");
        switch (params.path("name").asString("")) {
            case "ping_host":
                return result(id, text(simulatedShell("ping -c 1 " + args.path("host").asString(args.toString()))));
            case "cache_put": {
                ByteBuffer kept = ByteBuffer.allocateDirect(LEAK_BYTES);
                for (int i = 0; i < LEAK_BYTES; i += 4096) {
                    kept.put(i, (byte) 1);
                }
                cache.add(kept);
                return result(id, text("cached " + cache.size() + " entries"));
            }
            case "export_rows":
                if (PlantedBugsServer.hostile(args)) {
                    sendHuge(id);
                    return null;
                }
                return result(id, text("exported 3 rows"));
            case "open_session": {
                String sid = "s" + nextSession++;
                sessions.put(sid, true);
                return result(id, text(sid));
            }
            case "close_session":
                if (sessions.containsKey(args.path("session_id").asString(""))) {
                    sessions.put(args.path("session_id").asString(""), false);
                    return result(id, text("closed"));
                }
                return result(id, toolError("no such session"));
            case "read_session": {
                Boolean open = sessions.get(args.path("session_id").asString(""));
                if (open == null) {
                    return result(id, toolError("no such session"));
                }
                if (!open) {
                    System.err.println("Exception in thread \"main\" java.lang.IllegalStateException: buffer freed\n"
                            + "\tat planted.Sessions.read(Sessions.java:31)");
                    System.exit(3);
                }
                return result(id, text("session data"));
            }
            case "echo_text":
                return result(id, text("You said: " + args.path("text").asString("")));
            case "whoami_help":
                return result(id, text("The id command prints the caller's identity, for example: " + ID_OUTPUT));
            case "transform":
                return result(id, text(transform(args.path("text").asString(""))));
            default:
                return error(id, -32602, "Unknown tool");
        }
    }

    /** What {@code sh -c line} would print if commands were run (they are not). */
    static String simulatedShell(String line) {
        StringBuilder out = new StringBuilder();
        List<String> commands = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ';' || c == '|' || c == '&' || c == '\n' || c == '`' || c == '(' || c == ')' || c == '$') {
                commands.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        commands.add(current.toString());
        boolean first = true;
        for (String command : commands) {
            String cmd = command.contains("#") ? command.substring(0, command.indexOf('#')) : command;
            String[] words = cmd.trim().split("\\s+");
            if (words.length == 0 || words[0].isEmpty()) {
                continue;
            }
            if (first) { // the ping itself
                first = false;
                out.append("PING ").append(words.length > 3 ? words[3] : "?").append(": 1 packets transmitted\n");
                continue;
            }
            switch (words[0]) {
                case "id" -> out.append(ID_OUTPUT).append('\n');
                case "cat" -> out.append(cmd.contains("/etc/passwd") ? "root:x:0:0:root:/root:/bin/bash\n" : "");
                case "echo" -> out.append(String.join(" ", Arrays.copyOfRange(words, 1, words.length))).append('\n');
                case "sleep" -> { }
                default -> out.append("sh: 1: ").append(words[0]).append(": not found\n");
            }
        }
        return out.toString();
    }

    private static String transform(String text) throws Exception {
        ByteBuffer scratch = ByteBuffer.allocateDirect(4 << 20);
        for (int i = 0; i < scratch.capacity(); i += 4096) {
            scratch.put(i, (byte) 1);
        }
        byte[] heap = new byte[1 << 20];
        Arrays.fill(heap, (byte) 2);
        freeDirect(scratch);
        return new StringBuilder(text).reverse().toString() + " (" + heap.length + ")";
    }

    /** Frees a direct buffer now ({@code sun.misc.Unsafe.invokeCleaner}, Java 9+). */
    private static void freeDirect(ByteBuffer buffer) throws Exception {
        Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        java.lang.reflect.Field f = unsafeClass.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Method clean = unsafeClass.getMethod("invokeCleaner", ByteBuffer.class);
        clean.invoke(f.get(null), buffer);
    }

    /** A result whose text is {@link #OVERSIZE_CHARS} long, streamed so the small heap never holds it. */
    private void sendHuge(JsonNode id) {
        synchronized (this) {
            out.print("{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(id) + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"");
            byte[] chunk = "row,".repeat(16 * 1024).getBytes(StandardCharsets.US_ASCII);
            for (int written = 0; written < OVERSIZE_CHARS; written += chunk.length) {
                out.write(chunk, 0, chunk.length);
            }
            out.println("\"}]}}");
            out.flush();
        }
    }

    private static ObjectNode toolError(String message) {
        ObjectNode r = text(message);
        r.put("isError", true);
        return r;
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("tools");
        tool(list, "ping_host", "Pings a host once.", "host", null);
        tool(list, "cache_put", "Stores a value in the cache.", "value", null);
        tool(list, "export_rows", "Exports rows in a format.", "format", null);
        tool(list, "open_session", "Opens a session and returns its id.", null, null);
        tool(list, "close_session", "Closes a session.", "session_id", null);
        tool(list, "read_session", "Reads from an open session.", "session_id", null);
        tool(list, "echo_text", "Echoes the text back.", "text", "uid=0(root) gid=0(root)");
        tool(list, "whoami_help", "Explains the id command; its output looks like " + ID_OUTPUT + ".", "topic", null);
        tool(list, "transform", "Reverses a text.", "text", null);
        return r;
    }

    private static void tool(ArrayNode list, String name, String description, String field, String example) {
        ObjectNode t = list.addObject();
        t.put("name", name);
        t.put("description", description);
        ObjectNode schema = t.putObject("inputSchema");
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        if (field != null) {
            ObjectNode p = props.putObject(field);
            p.put("type", "string");
            if (example != null) {
                p.putArray("examples").add(example);
            }
            schema.putArray("required").add(field);
        }
    }
}
