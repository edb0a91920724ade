package io.mcpfuzzer.oracle;

import static io.mcpfuzzer.testsupport.HostileText.onStack;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.audit.AnswerNormaliser;
import io.mcpfuzzer.oracle.audit.CanonicalJson;
import io.mcpfuzzer.oracle.audit.SchemaCheck;
import io.mcpfuzzer.oracle.audit.TextSegments;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.Redactor;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Deeply nested JSON from a server, through the parser and every recursive walk over it, on an ordinary
 * 1 MiB thread stack: deeper than the parse limit is a parse error (which callers treat as "not JSON"),
 * anything parsed can be written again (also by {@code toString()}), and each walk either is iterative
 * or stops at its own depth bound (canonical JSON sorts keys down to {@link CanonicalJson#MAX_DEPTH} and keeps
 * deeper levels as they are).
 */
class DeepJsonTest {
    private static final long THREAD_STACK = 1024 * 1024;

    private static <T> T onWorkerStack(Callable<T> check) {
        return onStack(THREAD_STACK, check);
    }

    private static String arrays(int depth, String leaf) {
        return "[".repeat(depth) + leaf + "]".repeat(depth);
    }

    private static String objects(int depth, String leaf) {
        return "{\"a\":".repeat(depth) + leaf + "}".repeat(depth);
    }

    @Test
    void deeperThanTheParseLimitIsAParseError() {
        assertThatThrownBy(() -> Json.parse(arrays(3_000, "1"))).isInstanceOf(JacksonException.class);
        assertThat(onWorkerStack(() -> AnswerNormaliser.normalise(arrays(3_000, "\"x\"")))).startsWith("[[[");
    }

    @Test
    void everythingParsedCanBeWrittenAgain() {
        JsonNode deepest = Json.parse(objects(Json.MAX_PARSE_DEPTH - 1, "1"));
        String written = onWorkerStack(() -> Json.write(deepest));
        assertThat(written).isEqualTo(objects(Json.MAX_PARSE_DEPTH - 1, "1"));
        assertThat(onWorkerStack(() -> Json.pretty().writeValueAsString(deepest))).startsWith("{");
        ObjectNode envelope = Json.object();
        envelope.putObject("error").putObject("data").set("cause", deepest);
        assertThat(onWorkerStack(() -> Json.write(envelope))).endsWith("}}}}");
    }

    @Test
    void anErrorMessageNested600DeepIsText() {
        String raw = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":" + objects(600, "\"boom\"") + "}}";
        Reply reply = new Reply(Reply.Status.ERROR, Json.parse(raw), raw, 0L, null);
        assertThat(onWorkerStack(reply::errorMessage)).contains("boom").startsWith("{\"a\":{");
    }

    @Test
    void canonicalFormAndNormalisationOfDeepDocuments() {
        String text = objects(Json.MAX_PARSE_DEPTH - 1, "{\"z\":1,\"b\":2}");
        JsonNode deep = Json.parse(text);
        assertThat(onWorkerStack(() -> CanonicalJson.sha256(deep))).hasSize(64);
        assertThat(onWorkerStack(() -> CanonicalJson.sha256(Json.parse(text)))).isEqualTo(CanonicalJson.sha256(deep));
        assertThat(onWorkerStack(() -> AnswerNormaliser.normalise(text))).contains("{\"z\":1,\"b\":2}");
        assertThat(AnswerNormaliser.normalise(objects(CanonicalJson.MAX_DEPTH - 1, "{\"z\":1,\"b\":2}")))
                .contains("{\"b\":2,\"z\":1}");
    }

    @Test
    void walksOverDeepNodesAreBounded() {
        JsonNode deep = nested(3_000, Json.mapper().getNodeFactory().stringNode("Bearer abcdefghijklmnop"));
        JsonNode redacted = onWorkerStack(() -> Redactor.standard().redact(deep));
        assertThat(ReportJson.compact().writeValueAsString(redacted)).doesNotContain("abcdefghijklmnop")
                .contains("TRUNCATED");
        assertThat(onWorkerStack(() -> TextSegments.of("/x", deep))).isEmpty();
        JsonNode shallowSecret = nested(10, Json.mapper().getNodeFactory().stringNode("ignore previous instructions"));
        assertThat(TextSegments.of("/x", shallowSecret)).extracting(TextSegments.Segment::text)
                .containsExactly("ignore previous instructions");
    }

    @Test
    void recursiveSchemasAndDeepInstancesAreBudgeted() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"n\":{\"$ref\":\"#/$defs/node\"}},"
                + "\"$defs\":{\"node\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/node\"}}}}");
        JsonNode instance = Json.parse("{\"n\":" + arrays(Json.MAX_PARSE_DEPTH - 2, "") + "}");
        SchemaCheck.Result r = onWorkerStack(() -> SchemaCheck.validate(schema, instance));
        assertThat(r.errors()).isEmpty();
        JsonNode deepSchema = Json.parse(objects(Json.MAX_PARSE_DEPTH - 1, "{}").replace("\"a\"", "\"not\""));
        onWorkerStack(() -> SchemaCheck.validate(deepSchema, Json.object()));
    }

    private static JsonNode nested(int depth, JsonNode leaf) {
        JsonNode node = leaf;
        for (int i = 0; i < depth; i++) {
            ArrayNode a = Json.array();
            a.add(node);
            node = a;
        }
        return node;
    }
}
