package io.mcpfuzzer.mcp;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One MCP client session over an {@link RpcConnection} (spec "Lifecycle"): initialize with
 * version negotiation, {@code notifications/initialized}, paginated listings, calls.
 * Thread-safe after {@link #initialize()}.
 */
public final class McpSession {
    private final RpcConnection rpc;
    private final ClientOptions options;
    private volatile InitializeResult initialized;
    private volatile java.util.function.Consumer<List<JsonNode>> toolsListener = tools -> {};

    public McpSession(RpcConnection rpc, ClientOptions options) {
        this.rpc = rpc;
        this.options = options;
    }

    public RpcConnection rpc() {
        return rpc;
    }

    public ClientOptions options() {
        return options;
    }

    /** The initialize result, or null before a successful {@link #initialize()}. */
    public InitializeResult initialized() {
        return initialized;
    }

    /** The {@code initialize} params we send: declared capabilities follow the configured answers. */
    public ObjectNode initializeParams() {
        ObjectNode params = Json.object();
        params.put("protocolVersion", options.protocolVersion());
        ObjectNode caps = params.putObject("capabilities");
        caps.putObject("roots").put("listChanged", false);
        caps.putObject("sampling");
        caps.putObject("elicitation");
        ObjectNode info = params.putObject("clientInfo");
        info.put("name", options.clientName());
        info.put("version", options.clientVersion());
        return params;
    }

    /**
     * Sends {@code initialize}, checks the answered version, then {@code notifications/initialized}.
     *
     * @throws McpException when the server does not answer, answers an error, or picks a version we do not speak
     */
    public InitializeResult initialize() throws McpException {
        return initialize(options.stepTimeout());
    }

    /**
     * As {@link #initialize()}, waiting at most {@code deadline} for the answer (instead of the step timeout).
     *
     * @throws McpException as {@link #initialize()}
     */
    public InitializeResult initialize(Duration deadline) throws McpException {
        Reply reply = rpc.request("initialize", initializeParams(), deadline);
        if (reply.status() != Reply.Status.RESULT) {
            throw new McpException("initialize failed: " + describe(reply), reply);
        }
        JsonNode result = reply.result();
        if (result == null || !result.isObject()) {
            throw new McpException("initialize answered a non-object result", reply);
        }
        String version = result.path("protocolVersion").asString(null);
        if (!ProtocolVersions.isSupported(version)) {
            throw new McpException("server chose protocol version '" + version + "', which this client does not speak "
                    + ProtocolVersions.SUPPORTED, reply);
        }
        JsonNode serverInfo = result.path("serverInfo").isObject() ? result.get("serverInfo") : Json.object();
        JsonNode caps = result.path("capabilities").isObject() ? result.get("capabilities") : Json.object();
        String instructions = result.path("instructions").isString() ? result.get("instructions").asString() : null;
        initialized = new InitializeResult(version, serverInfo, caps, instructions, result);
        rpc.notify("notifications/initialized", null);
        return initialized;
    }

    /**
     * Called with the items of every {@link #listTools()} (for example so that the outbound policy
     * knows each tool's input schema); runs on the listing thread. Null removes the listener.
     */
    public void onToolsListed(java.util.function.Consumer<List<JsonNode>> listener) {
        this.toolsListener = listener == null ? tools -> {} : listener;
    }

    public Listing listTools() {
        Listing listing = list("tools/list", "tools");
        toolsListener.accept(listing.items());
        return listing;
    }

    public Listing listResources() {
        return list("resources/list", "resources");
    }

    public Listing listResourceTemplates() {
        return list("resources/templates/list", "resourceTemplates");
    }

    public Listing listPrompts() {
        return list("prompts/list", "prompts");
    }

    /** A whole listing may take this many step timeouts, however many pages it has. */
    public static final int LISTING_BUDGET_STEPS = 3;

    /**
     * Follows {@code nextCursor} up to the page cap and up to {@value #LISTING_BUDGET_STEPS} step
     * timeouts in all (a server answering each page just before the step timeout would otherwise
     * hold discovery for the page cap times the step timeout); a repeated cursor is a loop and ends
     * the listing. What was listed before a cap is kept, and the cap is recorded as a problem.
     */
    private static String overBudget(String method, int pages, long budgetNanos) {
        return method + ": " + pages + " pages took longer than " + budgetNanos / 1_000_000
                + " ms in all; listing truncated";
    }

    public Listing list(String method, String field) {
        List<JsonNode> items = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Set<String> seenCursors = new HashSet<>();
        String cursor = null;
        int pages = 0;
        long budget = options.stepTimeout().toNanos() * LISTING_BUDGET_STEPS;
        long started = System.nanoTime();
        while (true) {
            if (pages >= options.maxPages()) {
                problems.add("page cap of " + options.maxPages() + " reached; listing truncated");
                break;
            }
            long left = budget - (System.nanoTime() - started);
            if (pages > 0 && left <= 0) {
                problems.add(overBudget(method, pages, budget));
                break;
            }
            ObjectNode params = null;
            if (cursor != null) {
                params = Json.object();
                params.put("cursor", cursor);
            }
            Duration step = pages == 0 ? options.stepTimeout()
                    : Duration.ofNanos(Math.min(options.stepTimeout().toNanos(), left));
            Reply reply = rpc.request(method, params, step);
            pages++;
            if (reply.status() != Reply.Status.RESULT) {
                boolean shortened = step.compareTo(options.stepTimeout()) < 0;
                problems.add(shortened && reply.status() == Reply.Status.TIMEOUT
                        ? overBudget(method, pages - 1, budget)
                        : method + " page " + pages + ": " + describe(reply));
                break;
            }
            JsonNode array = reply.result().get(field);
            if (array == null || !array.isArray()) {
                problems.add(method + " page " + pages + ": result has no '" + field + "' array");
                break;
            }
            array.forEach(items::add);
            JsonNode next = reply.result().get("nextCursor");
            if (next == null || next.isNull()) {
                break;
            }
            if (!next.isString()) {
                problems.add(method + " page " + pages + ": nextCursor is not a string");
                break;
            }
            cursor = next.asString();
            if (!seenCursors.add(cursor)) {
                problems.add(method + ": cursor loop detected (cursor '" + cut(cursor) + "' repeated)");
                break;
            }
        }
        return new Listing(items, pages, problems);
    }

    /** {@code tools/call} with the given arguments (sent as is, even if not an object). */
    public Reply callTool(String name, JsonNode arguments, Duration timeout) {
        ObjectNode params = Json.object();
        params.put("name", name);
        if (arguments != null) {
            params.set("arguments", arguments);
        }
        return rpc.request("tools/call", params, timeout);
    }

    /** Short human form of a non-result reply. */
    public static String describe(Reply reply) {
        return switch (reply.status()) {
            case RESULT -> "ok";
            case ERROR -> "error " + reply.errorCode() + ": " + cut(String.valueOf(reply.errorMessage()));
            default -> reply.status().name().toLowerCase(java.util.Locale.ROOT)
                    + (reply.detail() == null ? "" : " (" + cut(reply.detail()) + ")");
        };
    }

    private static String cut(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
