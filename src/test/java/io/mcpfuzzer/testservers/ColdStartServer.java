package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture for latency outliers that do not reproduce. Tool {@code warm_up} takes 1.5 s on its first call
 * after the server starts (a cache it fills once) and answers at once afterwards, whatever the input; with
 * the argument {@code slow-without-text}, every call without a {@code text} argument also takes 1.5 s
 * (an outlier that does reproduce). With the argument {@code sleeps-as-asked}, the tool is {@code pause}
 * instead: it has no cold start and sleeps its {@code delayMs} argument (0 to 1500) when that is at least
 * 1000, else answers at once (slow runs the input asked for, beside a fast median).
 */
public final class ColdStartServer extends MiniServer {
    private final boolean slowWithoutText;
    private final boolean sleepsAsAsked;
    private boolean warm;

    private ColdStartServer(String mode) {
        this.slowWithoutText = mode.equals("slow-without-text");
        this.sleepsAsAsked = mode.equals("sleeps-as-asked");
        this.warm = sleepsAsAsked;
    }

    public static void main(String[] args) throws Exception {
        new ColdStartServer(args.length > 0 ? args[0] : "").serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode listing = Json.object();
            ObjectNode tool = listing.putArray("tools").addObject();
            tool.put("name", sleepsAsAsked ? "pause" : "warm_up");
            tool.put("description", sleepsAsAsked ? "Waits delayMs milliseconds (from 1000 up; shorter waits are skipped)."
                    : "Echoes a text.");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            if (sleepsAsAsked) {
                schema.putObject("properties").putObject("delayMs").put("type", "integer").put("minimum", 0)
                        .put("maximum", 1500);
                schema.putArray("required").add("delayMs");
            } else {
                schema.putObject("properties").putObject("text").put("type", "string");
            }
            return result(id, listing);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        if (sleepsAsAsked) {
            long delay = params.path("arguments").path("delayMs").asLong(0);
            if (delay >= 1000 && delay <= 1500) {
                Thread.sleep(delay);
            }
            return result(id, text("waited"));
        }
        if (!warm || (slowWithoutText && !params.path("arguments").has("text"))) {
            Thread.sleep(1_500);
        }
        warm = true;
        return result(id, text("ok"));
    }
}
