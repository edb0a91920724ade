package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.mcp.Listing;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolDiscoveryTest {
    private static Object failure(List<String> problems) {
        return ToolDiscovery.of(new Listing(List.of(), 1, problems)).get("failure");
    }

    @Test
    void listingOutcomesMapOntoThePythonFailureNames() {
        assertThat(ToolDiscovery.of(new Listing(List.of(Json.object().put("name", "a")), 1, List.of("page 2: timeout"))))
                .containsEntry("failure", "none").containsEntry("tool_count", 1)
                .containsEntry("detail", "Discovered 1 tool(s)");
        assertThat(ToolDiscovery.of(new Listing(List.of(), 1, List.of())))
                .containsEntry("failure", "empty_tools_list").containsEntry("tool_count", 0);
        assertThat(failure(List.of("tools/list page 1: error -32001: Unauthorized"))).isEqualTo("auth_required");
        assertThat(failure(List.of("tools/list page 1: error -32603: boom"))).isEqualTo("server_error");
        assertThat(failure(List.of("tools/list page 1: result has no 'tools' array"))).isEqualTo("server_error");
        assertThat(failure(List.of("tools/list page 1: timeout"))).isEqualTo("server_error");
        assertThat(failure(List.of("tools/list page 1: closed (exit code 3)"))).isEqualTo("process_crashed");
        assertThat(failure(List.of("tools/list page 1: send_failed (auth: HTTP 401)"))).isEqualTo("auth_required");
        assertThat(failure(List.of("tools/list page 1: send_failed (connection refused)"))).isEqualTo("connection_failed");
    }

    @Test
    void startFailuresAreClassifiedFromOurOwnMessages() {
        assertThat(ToolDiscovery.blocked("HTTP 401 Unauthorized")).containsEntry("failure", "auth_required");
        assertThat(ToolDiscovery.blocked("Process mcp-target exited during start-up with code 1"))
                .containsEntry("failure", "process_crashed");
        assertThat(ToolDiscovery.blocked("the server did not complete initialize: initialize failed: closed (stdout "
                + "closed (EOF)) (server exit code 137)")).containsEntry("failure", "process_crashed");
        assertThat(ToolDiscovery.blocked("Process mcp-target exited during start-up with code 3\n--- stdout (not "
                + "JSON-RPC) ---\nhello")).containsEntry("failure", "process_crashed");
        assertThat(ToolDiscovery.blocked("the server did not complete initialize: initialize failed: timeout (no "
                + "answer within 10000 ms)\n--- stdout (not JSON-RPC) ---\nStarting server...")).containsEntry("failure",
                "stdio_parse_error");
        assertThat(ToolDiscovery.blocked("the server did not complete initialize: initialize failed: timeout\n"
                + "--- stderr tail ---\nusage: argparse error; author unknown")).containsEntry("failure",
                "connection_failed");
        assertThat(ToolDiscovery.blocked("cannot connect to http://127.0.0.1:1/mcp: Connection refused"))
                .containsEntry("failure", "connection_failed");
        assertThat(ToolDiscovery.notRequested()).containsEntry("failure", "none").containsEntry("detail", "");
    }
}
