package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Which {@code null} in a successful answer's text is the mark of a computation gone wrong. */
class SilentGarbageTest {
    private static JsonNode result(String text) {
        var result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }

    /** @wonderwhy-er/desktop-commander 0.2.52's get_config: prose, then its configuration as JSON. */
    @Test
    void aJsonMembersNullInsideProseIsData() {
        String config = "Current configuration:\n{\n  \"defaultShell\": \"bash\",\n  \"docker\": {\n"
                + "    \"isContainer\": true,\n    \"containerType\": \"docker\",\n    \"orchestrator\": null,\n"
                + "    \"isDocker\": true\n  }\n}";
        assertThat(SilentGarbage.find(result(config), "{\"origin\":\"UI\"}")).isNull();
        assertThat(SilentGarbage.find(result("Hello, null!"), "{\"name\":1}")).contains("Hello, null!");
        assertThat(SilentGarbage.find(result("Current configuration: shell is null (x)"), "{}")).contains("is null");
    }
}
