package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.mcp.McpVersion.V2024_11_05;
import static io.mcpfuzzer.mcp.McpVersion.V2025_03_26;
import static io.mcpfuzzer.mcp.McpVersion.V2025_06_18;

import io.mcpfuzzer.common.Severity;
import java.util.List;

/** The catalogue of spec checks. Ids never change meaning; retired ids are never reused. */
public final class SpecChecks {
    private static final String LIFECYCLE = "basic/lifecycle#initialization";
    private static final String MESSAGES = "basic#messages";

    public static final SpecCheck INIT_VERSION = new SpecCheck("SPEC-INIT-001",
            "initialize result names a supported protocolVersion", "basic/lifecycle#version-negotiation",
            Severity.HIGH, V2024_11_05, null);
    public static final SpecCheck INIT_SERVER_INFO = new SpecCheck("SPEC-INIT-002",
            "initialize result has serverInfo with string name and version", LIFECYCLE, Severity.MEDIUM,
            V2024_11_05, null);
    public static final SpecCheck INIT_CAPABILITIES = new SpecCheck("SPEC-INIT-003",
            "initialize result has a capabilities object whose entries are objects",
            "basic/lifecycle#capability-negotiation", Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck INIT_INSTRUCTIONS = new SpecCheck("SPEC-INIT-004",
            "initialize result instructions, when present, is a string", LIFECYCLE, Severity.LOW, V2024_11_05, null);
    public static final SpecCheck PING_EMPTY = new SpecCheck("SPEC-PING-001",
            "ping is answered promptly with an empty result", "basic/utilities/ping", Severity.HIGH,
            V2024_11_05, null);
    public static final SpecCheck RPC_METHOD_NOT_FOUND = new SpecCheck("SPEC-RPC-001",
            "an unknown method is answered with error -32601", "jsonrpc#error_object", Severity.LOW,
            V2024_11_05, null);
    public static final SpecCheck RPC_INVALID_PARAMS = new SpecCheck("SPEC-RPC-002",
            "mistyped params are rejected, preferably with error -32602", "jsonrpc#error_object", Severity.LOW,
            V2024_11_05, null);
    public static final SpecCheck RPC_WRONG_VERSION = new SpecCheck("SPEC-RPC-003",
            "a request with jsonrpc \"1.0\" is rejected or ignored, never executed", MESSAGES, Severity.MEDIUM,
            V2024_11_05, null);
    public static final SpecCheck RPC_ID_ECHO = new SpecCheck("SPEC-RPC-004",
            "a response carries the request id with the same value and JSON type", MESSAGES, Severity.HIGH,
            V2024_11_05, null);
    public static final SpecCheck RPC_ENVELOPE = new SpecCheck("SPEC-RPC-005",
            "every response has jsonrpc \"2.0\", an id, and exactly one of result or error", MESSAGES,
            Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck RPC_ERROR_SHAPE = new SpecCheck("SPEC-RPC-006",
            "every error has an integer code and a string message", "jsonrpc#error_object", Severity.LOW,
            V2024_11_05, null);
    public static final SpecCheck RPC_MISSING_METHOD = new SpecCheck("SPEC-RPC-007",
            "a request without method is rejected, preferably with error -32600", "jsonrpc#request_object",
            Severity.LOW, V2024_11_05, null);
    public static final SpecCheck RPC_PARSE_ERROR = new SpecCheck("SPEC-RPC-008",
            "unparseable JSON is answered with error -32700 (silence is a warning) and the server survives",
            "jsonrpc#error_object", Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck NOTIF_NO_RESPONSE = new SpecCheck("SPEC-NOTIF-001",
            "a notification (notifications/cancelled) gets no response", MESSAGES, Severity.MEDIUM,
            V2024_11_05, null);
    public static final SpecCheck NOTIF_UNKNOWN_NO_RESPONSE = new SpecCheck("SPEC-NOTIF-002",
            "an unknown notification gets no response, not even an error", MESSAGES, Severity.MEDIUM,
            V2024_11_05, null);
    public static final SpecCheck CAP_DECLARED_SERVED = new SpecCheck("SPEC-CAP-001",
            "every declared capability serves its methods (tools, resources, prompts, logging)",
            "basic/lifecycle#capability-negotiation", Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck CAP_UNDECLARED_UNSERVED = new SpecCheck("SPEC-CAP-002",
            "methods of undeclared capabilities are not served (warning only)",
            "basic/lifecycle#capability-negotiation", Severity.LOW, V2024_11_05, null);
    public static final SpecCheck TOOLS_LIST_SHAPE = new SpecCheck("SPEC-TOOLS-001",
            "tools/list returns a tools array; each tool has a string name and an object inputSchema of type object",
            "server/tools#listing-tools", Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck RESOURCES_LIST_SHAPE = new SpecCheck("SPEC-RES-001",
            "resources/list returns a resources array; each has string uri and name",
            "server/resources#listing-resources", Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck TEMPLATES_LIST_SHAPE = new SpecCheck("SPEC-RES-002",
            "resources/templates/list returns a resourceTemplates array; each has string uriTemplate and name",
            "server/resources#resource-templates", Severity.LOW, V2024_11_05, null);
    public static final SpecCheck PROMPTS_LIST_SHAPE = new SpecCheck("SPEC-PROMPTS-001",
            "prompts/list returns a prompts array; each has a string name and well-formed arguments",
            "server/prompts#listing-prompts", Severity.MEDIUM, V2024_11_05, null);
    public static final SpecCheck PAGE_CURSOR_TYPE = new SpecCheck("SPEC-PAGE-001",
            "nextCursor, when present in a list result, is a string", "basic/utilities/pagination",
            Severity.LOW, V2024_11_05, null);
    public static final SpecCheck PAGE_INVALID_CURSOR = new SpecCheck("SPEC-PAGE-002",
            "an invalid cursor is answered with error -32602 (SHOULD; warning only)",
            "basic/utilities/pagination#error-handling", Severity.LOW, V2024_11_05, null);
    public static final SpecCheck BATCH_SUPPORTED = new SpecCheck("SPEC-BATCH-001",
            "a batch of two pings is answered with an array of two responses with matching ids",
            "basic#batching", Severity.MEDIUM, V2025_03_26, V2025_03_26);
    public static final SpecCheck BATCH_REJECTED = new SpecCheck("SPEC-BATCH-002",
            "a batch is not processed (batching was removed in 2025-06-18)", "basic#messages", Severity.LOW,
            V2025_06_18, null);
    public static final SpecCheck BATCH_EMPTY = new SpecCheck("SPEC-BATCH-003",
            "an empty batch is answered with one -32600 error (warning only)", "jsonrpc#batch", Severity.LOW,
            V2024_11_05, V2025_03_26);
    public static final SpecCheck LIFE_ALIVE = new SpecCheck("SPEC-LIFE-001",
            "the server still answers ping after all probes", "basic/utilities/ping", Severity.HIGH,
            V2024_11_05, null);

    /** Every check, in the order the guard runs them. */
    public static final List<SpecCheck> ALL = List.of(INIT_VERSION, INIT_SERVER_INFO, INIT_CAPABILITIES,
            INIT_INSTRUCTIONS, PING_EMPTY, RPC_ID_ECHO, NOTIF_NO_RESPONSE, NOTIF_UNKNOWN_NO_RESPONSE,
            CAP_DECLARED_SERVED, CAP_UNDECLARED_UNSERVED, TOOLS_LIST_SHAPE, RESOURCES_LIST_SHAPE, TEMPLATES_LIST_SHAPE,
            PROMPTS_LIST_SHAPE, PAGE_CURSOR_TYPE, PAGE_INVALID_CURSOR, RPC_METHOD_NOT_FOUND, RPC_INVALID_PARAMS,
            RPC_MISSING_METHOD, RPC_WRONG_VERSION, RPC_PARSE_ERROR, BATCH_SUPPORTED, BATCH_REJECTED, BATCH_EMPTY,
            RPC_ENVELOPE, RPC_ERROR_SHAPE, LIFE_ALIVE);

    private SpecChecks() {}

    /** The check with that id, or null. */
    public static SpecCheck byId(String id) {
        return ALL.stream().filter(c -> c.id().equals(id)).findFirst().orElse(null);
    }
}
