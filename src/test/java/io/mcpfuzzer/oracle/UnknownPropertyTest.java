package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A property the schema does not allow, added to an otherwise valid input, is dropped by the server's SDK for every
 * tool alike: one accepted_malformed cause per server. mcp-server-sqlite-npx 0.8.0 made one per tool (create_table,
 * read_query, write_query), @elastic/mcp-server-elasticsearch four, @wonderwhy-er/desktop-commander six.
 */
class UnknownPropertyTest {
    private static List<Finding> judge(String tool, JsonNode input, String strategy, Reply reply) {
        return new Classifier().judge(new Observation("tool", tool, 0, "coverage", input, null, false, strategy, reply,
                null)).findings();
    }

    @Test
    void anUnknownPropertyAcceptedByEveryToolIsOneCause() {
        FindingCollector c = new FindingCollector();
        judge("create_table", Json.object().put("query", "CREATE TABLE IF NOT EXISTS mcp_fuzzer_probe (id INTEGER"
                + " PRIMARY KEY, note TEXT)").put("coverage_extra", "x"), "object.extra_property",
                Replies.text("[]", false)).forEach(c::add);
        judge("read_query", Json.object().put("query", "SELECT CURRENT_TIMESTAMP").put("coverage_extra", "x"),
                "object.extra_property", Replies.text("[\n  {\n    \"CURRENT_TIMESTAMP\": \"2026-12-04 00:03:58\"\n  }\n]",
                        false)).forEach(c::add);
        judge("write_query", Json.object().put("query", "INSERT INTO users(name) VALUES('x')").put("coverage_extra", "x"),
                "object.extra_property+confined", Replies.text("[{\"affected_rows\":1}]", false)).forEach(c::add);

        assertThat(c.snapshot()).singleElement().satisfies(f -> {
            assertThat(f.category()).isEqualTo("accepted_malformed");
            assertThat(f.severity()).isEqualTo(Severity.LOW);
            assertThat(f.detail()).contains("additionalProperties");
            assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3);
        });
    }

    /** @wonderwhy-er/desktop-commander 0.2.52 answers the call and says which parameter it ignored. */
    @Test
    void anUnknownPropertyTheAnswerSaysWasIgnoredIsNoFinding() {
        String answer = "You sent parameters not supported by this tool, which were ignored: coverage_extra. Supported"
                + " parameters for list_searches: (none).\n\nNo active searches.";
        assertThat(judge("list_searches", Json.object().put("coverage_extra", "x"), "object.extra_property",
                Replies.text(answer, false))).isEmpty();
        assertThat(judge("list_searches", Json.object().put("coverage_extra", "x"), "object.extra_property",
                Replies.text("No active searches; ignored 2 stale entries", false))).as("another property ignored")
                .extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("list_searches", Json.object().put("coverage_extra", "x"), "object.extra_property",
                Replies.text(answer.replace("No active searches.", "Active searches: NaN"), false)))
                .as("garbage beside the acknowledgement is still judged")
                .extracting(Finding::category).containsExactly("silent_garbage");
    }

    @Test
    void otherFaultsStayOneFindingPerTool() {
        FindingCollector c = new FindingCollector();
        judge("retrieve_from_aws_kb", Json.object().put("query", "meeting notes glacier 198"),
                "object.missing_required@/knowledgeBaseId",
                Replies.text("Retrieval failed or returned no results.", false)).forEach(c::add);
        judge("read_query", Json.object().put("query", 7), "type.wrong@/query", Replies.text("[]", false)).forEach(c::add);
        judge("read_notes", Json.object().put("constructor", true), "extra_property",
                Replies.text("ok", false)).forEach(c::add);

        assertThat(c.snapshot()).hasSize(3).allSatisfy(f -> {
            assertThat(f.category()).isEqualTo("accepted_malformed");
            assertThat(f.detail()).isEqualTo("schema-invalid input got a normal answer");
        });
    }
}
