package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** Reflection is judged for tools, but not for prompts/get, whose answer is meant to carry the arguments. */
class ClassifierReflectionTest {
    private static final String HOSTILE = "<script>alert(1)</script>";

    private static Verdict judge(String kind, String target, JsonNode input) {
        String raw = Json.write(Json.object().put("jsonrpc", "2.0").put("id", 1).set("result",
                Json.object().put("text", "Summarize: " + HOSTILE)));
        Reply reply = new Reply(Reply.Status.RESULT, Json.parse(raw), raw, 1_000_000L, null);
        return new Classifier().judge(new Observation(kind, target, 0, "aggressive", input, null, null, "hostile", reply,
                null));
    }

    private static boolean reflected(Verdict v) {
        return v.findings().stream().anyMatch(f -> f.category().equals("injection_reflection"));
    }

    @Test
    void aToolEchoingAHostileStringIsAReflection() {
        assertThat(reflected(judge("tool", "echo", Json.object().put("text", HOSTILE)))).isTrue();
    }

    @Test
    void aPromptCarryingItsArgumentIsNot() {
        JsonNode params = Json.object().put("name", "summarize").set("arguments", Json.object().put("topic", HOSTILE));
        assertThat(reflected(judge("prompt", "summarize", params))).isFalse();
        assertThat(reflected(judge("protocol", "prompts/get", Json.object().set("params", params)))).isFalse();
        assertThat(reflected(judge("protocol", "completion/complete", Json.object().set("params", params)))).isTrue();
    }
}
