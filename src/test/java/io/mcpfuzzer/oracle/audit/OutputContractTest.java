package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class OutputContractTest {
    private static final JsonNode TOOL = Json.parse("{\"name\":\"weather\",\"outputSchema\":{\"type\":\"object\","
            + "\"properties\":{\"temp\":{\"type\":\"number\"},\"unit\":{\"enum\":[\"C\",\"F\"]}},\"required\":[\"temp\"]}}");

    private static List<Finding> check(JsonNode tool, String result) {
        return SecurityAudit.auditToolResult(tool, Json.parse(result));
    }

    @Test
    void consistentResultIsClean() {
        assertThat(check(TOOL, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"unit\\\":\\\"C\\\",\\\"temp\\\":21}\"}],"
                + "\"structuredContent\":{\"temp\":21,\"unit\":\"C\"}}")).isEmpty();
    }

    @Test
    void missingAndInvalidStructuredContentAreReported() {
        assertThat(check(TOOL, "{\"content\":[{\"type\":\"text\",\"text\":\"21 C\"}]}")).extracting(Finding::checkId)
                .containsExactly("MCPF-CONTRACT-001");
        List<Finding> invalid = check(TOOL, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"temp\\\":\\\"warm\\\"}\"}],"
                + "\"structuredContent\":{\"temp\":\"warm\"}}");
        assertThat(invalid).extracting(Finding::checkId).containsExactly("MCPF-CONTRACT-002");
        assertThat(Json.write(invalid.get(0).evidence().get("errors"))).contains("temp");
        assertThat(check(TOOL, "{\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\"boom\"}]}")).isEmpty();
    }

    @Test
    void textThatDisagreesWithStructuredContentIsReported() {
        List<Finding> differs = check(TOOL, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"temp\\\":99}\"}],"
                + "\"structuredContent\":{\"temp\":21}}");
        assertThat(differs).extracting(Finding::checkId, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("MCPF-CONTRACT-003", Severity.LOW));
        // git-mcp-server 2.15: "branches": null in the text, left out of structuredContent: the same to a client
        assertThat(check(TOOL, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"temp\\\":21,\\\"unit\\\":null,"
                + "\\\"x\\\":{\\\"y\\\":null}}\"}],\"structuredContent\":{\"temp\":21,\"x\":{}}}")).isEmpty();
        List<Finding> absent = check(TOOL, "{\"content\":[{\"type\":\"text\",\"text\":\"It is 21 degrees\"}],"
                + "\"structuredContent\":{\"temp\":21}}");
        assertThat(absent).extracting(Finding::severity).containsExactly(Severity.INFO);
    }

    /** server-filesystem 2026.8.31: twelve tools answer prose beside structuredContent, one practice. */
    @Test
    void textWithoutTheSerialisedJsonIsOneFindingPerServer() {
        io.mcpfuzzer.oracle.FindingCollector c = new io.mcpfuzzer.oracle.FindingCollector();
        for (String name : List.of("weather", "forecast", "alerts")) {
            JsonNode tool = ((tools.jackson.databind.node.ObjectNode) TOOL.deepCopy()).put("name", name);
            check(tool, "{\"content\":[{\"type\":\"text\",\"text\":\"It is 21 degrees\"}],"
                    + "\"structuredContent\":{\"temp\":21}}").forEach(c::add);
        }
        assertThat(c.snapshot()).singleElement().satisfies(f -> {
            assertThat(f.checkId()).isEqualTo("MCPF-CONTRACT-003");
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.isRootCause()).isTrue();
            assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3);
        });
        List<Finding> differs = new java.util.ArrayList<>();
        for (String name : List.of("weather", "forecast")) {
            JsonNode tool = ((tools.jackson.databind.node.ObjectNode) TOOL.deepCopy()).put("name", name);
            differs.addAll(check(tool, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"temp\\\":99}\"}],"
                    + "\"structuredContent\":{\"temp\":21}}"));
        }
        assertThat(differs).as("JSON text that differs stays one finding per tool").extracting(Finding::id)
                .doesNotHaveDuplicates().hasSize(2);
    }

    @Test
    void draft07TupleSchemasStillValidate() {
        JsonNode tool = Json.parse("{\"name\":\"pair\",\"outputSchema\":{\"type\":\"object\",\"properties\":{\"p\":"
                + "{\"type\":\"array\",\"items\":[{\"type\":\"string\"},{\"type\":\"number\"}],\"additionalItems\":false}}}}");
        assertThat(check(tool, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"p\\\":[\\\"a\\\",1]}\"}],"
                + "\"structuredContent\":{\"p\":[\"a\",1]}}")).isEmpty();
        assertThat(check(tool, "{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"p\\\":[1,\\\"a\\\"]}\"}],"
                + "\"structuredContent\":{\"p\":[1,\"a\"]}}")).extracting(Finding::checkId).containsExactly("MCPF-CONTRACT-002");
    }

    @Test
    void unusableSchemasAreReportedNotThrown() {
        JsonNode notObject = Json.parse("{\"name\":\"n\",\"outputSchema\":{\"type\":\"string\"}}");
        assertThat(check(notObject, "{\"structuredContent\":{}}")).extracting(Finding::checkId).contains("MCPF-CONTRACT-004");
        JsonNode remoteRef = Json.parse("{\"name\":\"r\",\"outputSchema\":{\"type\":\"object\","
                + "\"properties\":{\"a\":{\"$ref\":\"https://schemas.invalid/x.json\"}}}}");
        assertThat(check(remoteRef, "{\"structuredContent\":{\"a\":1}}")).extracting(Finding::checkId)
                .containsExactly("MCPF-CONTRACT-004");
    }
}
