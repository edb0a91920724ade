package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;

/** The params members the schemas mark required (in at least one modelled revision). */
final class RequiredParams {
    private static final String[] NONE = {};

    private RequiredParams() {}

    static String[] of(MessageType type) {
        return switch (type) {
            case INITIALIZE -> new String[] {"protocolVersion", "capabilities", "clientInfo"};
            case CALL_TOOL, GET_PROMPT -> new String[] {"name"};
            case READ_RESOURCE, SUBSCRIBE, UNSUBSCRIBE -> new String[] {"uri"};
            case SET_LEVEL -> new String[] {"level"};
            case COMPLETE -> new String[] {"ref", "argument"};
            case GET_TASK, GET_TASK_PAYLOAD, CANCEL_TASK -> new String[] {"taskId"};
            case CANCELLED -> new String[] {"requestId"};
            case PROGRESS -> new String[] {"progressToken", "progress"};
            case TASK_STATUS -> new String[] {"taskId", "status", "createdAt", "lastUpdatedAt", "ttl"};
            default -> NONE;
        };
    }
}
