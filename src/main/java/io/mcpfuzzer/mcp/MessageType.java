package io.mcpfuzzer.mcp;


/**
 * Every client-to-server request and notification of the modelled MCP revisions, with the name of
 * its definition in the official schema, its method, and the revisions that define it
 * (specification "basic/lifecycle", "server/*" and "basic/utilities/*" sections).
 */
public enum MessageType {
    INITIALIZE("InitializeRequest", "initialize", false, McpVersion.V2024_11_05),
    PING("PingRequest", "ping", false, McpVersion.V2024_11_05),
    LIST_TOOLS("ListToolsRequest", "tools/list", false, McpVersion.V2024_11_05),
    CALL_TOOL("CallToolRequest", "tools/call", false, McpVersion.V2024_11_05),
    LIST_RESOURCES("ListResourcesRequest", "resources/list", false, McpVersion.V2024_11_05),
    LIST_RESOURCE_TEMPLATES("ListResourceTemplatesRequest", "resources/templates/list", false, McpVersion.V2024_11_05),
    READ_RESOURCE("ReadResourceRequest", "resources/read", false, McpVersion.V2024_11_05),
    SUBSCRIBE("SubscribeRequest", "resources/subscribe", false, McpVersion.V2024_11_05),
    UNSUBSCRIBE("UnsubscribeRequest", "resources/unsubscribe", false, McpVersion.V2024_11_05),
    LIST_PROMPTS("ListPromptsRequest", "prompts/list", false, McpVersion.V2024_11_05),
    GET_PROMPT("GetPromptRequest", "prompts/get", false, McpVersion.V2024_11_05),
    SET_LEVEL("SetLevelRequest", "logging/setLevel", false, McpVersion.V2024_11_05),
    COMPLETE("CompleteRequest", "completion/complete", false, McpVersion.V2024_11_05),
    LIST_TASKS("ListTasksRequest", "tasks/list", false, McpVersion.V2025_11_25),
    GET_TASK("GetTaskRequest", "tasks/get", false, McpVersion.V2025_11_25),
    GET_TASK_PAYLOAD("GetTaskPayloadRequest", "tasks/result", false, McpVersion.V2025_11_25),
    CANCEL_TASK("CancelTaskRequest", "tasks/cancel", false, McpVersion.V2025_11_25),
    INITIALIZED("InitializedNotification", "notifications/initialized", true, McpVersion.V2024_11_05),
    CANCELLED("CancelledNotification", "notifications/cancelled", true, McpVersion.V2024_11_05),
    PROGRESS("ProgressNotification", "notifications/progress", true, McpVersion.V2024_11_05),
    ROOTS_LIST_CHANGED("RootsListChangedNotification", "notifications/roots/list_changed", true, McpVersion.V2024_11_05),
    TASK_STATUS("TaskStatusNotification", "notifications/tasks/status", true, McpVersion.V2025_11_25);

    private final String schemaName;
    private final String method;
    private final boolean notification;
    private final McpVersion since;

    MessageType(String schemaName, String method, boolean notification, McpVersion since) {
        this.schemaName = schemaName;
        this.method = method;
        this.notification = notification;
        this.since = since;
    }

    /** The definition name in the official schema, for example {@code InitializeRequest}. */
    public String schemaName() {
        return schemaName;
    }

    public String method() {
        return method;
    }

    /** True for notifications (no id, no response). */
    public boolean isNotification() {
        return notification;
    }

    /** The first revision that defines this message. */
    public McpVersion since() {
        return since;
    }

    /** Whether {@code version} defines this message (none of the modelled messages was removed). */
    public boolean existsIn(McpVersion version) {
        return version.atLeast(since);
    }

    /** The type whose method is exactly {@code method}, or null. */
    public static MessageType byMethod(String method) {
        for (MessageType t : values()) {
            if (t.method.equals(method)) {
                return t;
            }
        }
        return null;
    }
}
