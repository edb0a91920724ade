package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Memory growth that stops, and its twin that does not. Run it with {@link OracleTwinsServer#jvmFlags}
 * (a pre-touched heap, so only the off-heap memory kept here moves the resident memory).
 *
 * <p>Look-alike: {@code lru_put} keeps {@link #CHUNK} bytes (off-heap, touched) per call until it holds
 * {@link #CAPACITY} entries, then keeps nothing more (a bounded cache, full): steep growth for the
 * first calls, as a garbage-collected heap expanding to its next collection shows, but bounded.
 * Planted: {@code leak_put} keeps {@link #CHUNK} bytes per call, for ever.
 */
public final class BoundedCacheServer extends MiniServer {
    /** Bytes kept per call (2 MiB). */
    public static final int CHUNK = 2 << 20;
    /** Entries {@code lru_put} holds at most (80 MiB in all). */
    public static final int CAPACITY = 40;

    private final List<ByteBuffer> lru = new ArrayList<>();
    private final List<ByteBuffer> leaked = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        new BoundedCacheServer().serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            ArrayNode list = r.putArray("tools");
            tool(list, "lru_put", "Stores a value in a cache of at most " + CAPACITY + " entries.");
            tool(list, "leak_put", "Stores a value.");
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        switch (params.path("name").asString("")) {
            case "lru_put":
                if (lru.size() < CAPACITY) {
                    lru.add(touched());
                }
                return result(id, text("cached " + lru.size() + " entries"));
            case "leak_put":
                leaked.add(touched());
                return result(id, text("stored " + leaked.size() + " entries"));
            default:
                return error(id, -32602, "Unknown tool");
        }
    }

    private static ByteBuffer touched() {
        ByteBuffer b = ByteBuffer.allocateDirect(CHUNK);
        for (int i = 0; i < CHUNK; i += 4096) {
            b.put(i, (byte) 1);
        }
        return b;
    }

    private static void tool(ArrayNode list, String name, String description) {
        ObjectNode t = list.addObject();
        t.put("name", name);
        t.put("description", description);
        ObjectNode schema = t.putObject("inputSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject("value").put("type", "string");
        schema.putArray("required").add("value");
    }
}
