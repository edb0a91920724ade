package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds schema-valid {@code params} for each {@link MessageType} and revision, with plausible,
 * seeded variety (optional members present or not, different realistic names). Package-private:
 * use {@link McpModel#validMessage}.
 */
final class ValidParams {
    static final List<String> TOOL_NAMES = List.of("echo", "get_weather", "search", "read_file", "add");
    static final List<String> RESOURCE_URIS = List.of("file:///tmp/example.txt", "test://static/resource/1",
            "https://example.com/docs/readme.md");
    static final List<String> PROMPT_NAMES = List.of("simple_prompt", "code_review", "summarize");
    static final List<String> LOG_LEVELS = List.of("debug", "info", "notice", "warning", "error", "critical",
            "alert", "emergency");
    static final List<String> TASK_STATUSES = List.of("working", "input_required", "completed", "failed",
            "cancelled");

    private ValidParams() {}

    /** The params object for a valid message, or null when the message is sent without params. */
    static ObjectNode build(MessageType type, McpVersion version, ModelHints hints, SplittableRandom rnd) {
        return switch (type) {
            case INITIALIZE -> initialize(version, rnd);
            case PING, INITIALIZED, ROOTS_LIST_CHANGED -> rnd.nextInt(4) == 0 ? withMeta(Json.object(), rnd, false) : null;
            case LIST_TOOLS, LIST_RESOURCES, LIST_RESOURCE_TEMPLATES, LIST_PROMPTS, LIST_TASKS -> paginated(rnd);
            case CALL_TOOL -> callTool(hints, rnd);
            case READ_RESOURCE, SUBSCRIBE, UNSUBSCRIBE -> Json.object().put("uri", resourceUri(hints, rnd));
            case GET_PROMPT -> getPrompt(hints, rnd);
            case SET_LEVEL -> Json.object().put("level", pick(LOG_LEVELS, rnd));
            case COMPLETE -> complete(version, hints, rnd);
            case GET_TASK, GET_TASK_PAYLOAD, CANCEL_TASK -> Json.object().put("taskId", taskId(hints, rnd));
            case CANCELLED -> cancelled(rnd);
            case PROGRESS -> progress(version, rnd);
            case TASK_STATUS -> taskStatus(hints, rnd);
        };
    }

    private static ObjectNode initialize(McpVersion version, SplittableRandom rnd) {
        ObjectNode caps = Json.object();
        caps.putObject("roots").put("listChanged", rnd.nextBoolean());
        caps.putObject("sampling");
        if (version.atLeast(McpVersion.V2025_06_18)) {
            caps.putObject("elicitation");
        }
        if (version.atLeast(McpVersion.V2025_11_25) && rnd.nextBoolean()) {
            ObjectNode tasks = caps.putObject("tasks");
            tasks.putObject("list");
            tasks.putObject("cancel");
        }
        ObjectNode info = Json.object().put("name", "mcp-fuzzer").put("version", "0.1.0");
        if (version.atLeast(McpVersion.V2025_06_18) && rnd.nextBoolean()) {
            info.put("title", "MCP Fuzzer");
        }
        ObjectNode params = Json.object().put("protocolVersion", version.wire());
        params.set("capabilities", caps);
        params.set("clientInfo", info);
        return params;
    }

    private static ObjectNode paginated(SplittableRandom rnd) {
        int roll = rnd.nextInt(3);
        if (roll == 0) {
            return null;
        }
        ObjectNode params = Json.object();
        return roll == 1 ? params : withMeta(params, rnd, true);
    }

    private static ObjectNode callTool(ModelHints hints, SplittableRandom rnd) {
        ObjectNode params = Json.object().put("name", hints.toolName() != null ? hints.toolName() : pick(TOOL_NAMES, rnd));
        if (hints.toolArguments() != null) {
            params.set("arguments", hints.toolArgumentsCopy());
        } else if (rnd.nextInt(4) != 0) {
            params.putObject("arguments").put("message", "hello from mcp-fuzzer");
        }
        return params;
    }

    private static ObjectNode getPrompt(ModelHints hints, SplittableRandom rnd) {
        ObjectNode params = Json.object().put("name", hints.promptName() != null ? hints.promptName()
                : pick(PROMPT_NAMES, rnd));
        if (rnd.nextBoolean()) {
            params.putObject("arguments").put("topic", "testing");
        }
        return params;
    }

    private static ObjectNode complete(McpVersion version, ModelHints hints, SplittableRandom rnd) {
        ObjectNode params = Json.object();
        ObjectNode ref = params.putObject("ref");
        if (rnd.nextBoolean()) {
            ref.put("type", "ref/prompt").put("name", hints.promptName() != null ? hints.promptName()
                    : pick(PROMPT_NAMES, rnd));
        } else {
            ref.put("type", "ref/resource").put("uri", "file:///{path}");
        }
        params.putObject("argument").put("name", "path").put("value", pick(List.of("", "a", "src/ma"), rnd));
        if (version.atLeast(McpVersion.V2025_06_18) && rnd.nextBoolean()) {
            params.putObject("context").putObject("arguments").put("language", "en");
        }
        return params;
    }

    private static ObjectNode cancelled(SplittableRandom rnd) {
        ObjectNode params = Json.object();
        if (rnd.nextBoolean()) {
            params.put("requestId", 1 + rnd.nextInt(1000));
        } else {
            params.put("requestId", "req-" + rnd.nextInt(1000));
        }
        if (rnd.nextBoolean()) {
            params.put("reason", "User requested cancellation");
        }
        return params;
    }

    private static ObjectNode progress(McpVersion version, SplittableRandom rnd) {
        ObjectNode params = Json.object().put("progressToken", "progress-" + rnd.nextInt(100));
        int done = rnd.nextInt(101);
        params.put("progress", done);
        if (rnd.nextBoolean()) {
            params.put("total", 100);
        }
        if (version.atLeast(McpVersion.V2025_03_26) && rnd.nextBoolean()) {
            params.put("message", "Processed " + done + " items");
        }
        return params;
    }

    private static ObjectNode taskStatus(ModelHints hints, SplittableRandom rnd) {
        ObjectNode params = Json.object().put("taskId", taskId(hints, rnd))
                .put("status", pick(TASK_STATUSES, rnd))
                .put("createdAt", "2025-11-25T10:00:00Z")
                .put("lastUpdatedAt", "2025-11-25T10:00:05Z");
        if (rnd.nextBoolean()) {
            params.put("ttl", 60_000);
        } else {
            params.putNull("ttl");
        }
        return params;
    }

    private static ObjectNode withMeta(ObjectNode params, SplittableRandom rnd, boolean progressToken) {
        ObjectNode meta = params.putObject("_meta");
        if (progressToken) {
            meta.put("progressToken", "pt-" + rnd.nextInt(10_000));
        }
        return params;
    }

    static String resourceUri(ModelHints hints, SplittableRandom rnd) {
        return hints.resourceUri() != null ? hints.resourceUri() : pick(RESOURCE_URIS, rnd);
    }

    static String taskId(ModelHints hints, SplittableRandom rnd) {
        return hints.taskId() != null ? hints.taskId() : "task-" + Long.toHexString(rnd.nextLong() >>> 16);
    }

    static <T> T pick(List<T> items, SplittableRandom rnd) {
        return items.get(rnd.nextInt(items.size()));
    }
}
