package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Which latencies a run's own input asked for ({@link RequestedWait}). */
class RequestedWaitTest {
    private static JsonNode json(String text) {
        return Json.parse(text);
    }

    @Test
    void aWaitInSecondsOrMillisecondsExplainsAMatchingLatency() {
        // server-everything's trigger-long-running-operation: {"duration": 10, "steps": 5} took 10 002 ms
        assertThat(RequestedWait.explains(json("{\"duration\":10,\"steps\":5}"), 10_002.3)).isTrue();
        assertThat(RequestedWait.explains(json("{\"sleepMs\":1200}"), 1_230)).isTrue();
        assertThat(RequestedWait.explains(json("{\"wait_seconds\":2.5}"), 2_600)).isTrue();
        assertThat(RequestedWait.explains(json("{\"delay-minutes\":0.05}"), 3_100)).isTrue();
        assertThat(RequestedWait.explains(json("{\"options\":{\"timeout\":3}}"), 3_010)).isTrue();
        assertThat(RequestedWait.explains(json("{\"jobs\":[{\"interval\":1500}]}"), 1_520)).isTrue();
    }

    @Test
    void aLatencyOutsideTheWindowOrUnderAnotherNameIsNotExplained() {
        assertThat(RequestedWait.explains(json("{\"duration\":10}"), 30_000)).as("far longer than asked").isFalse();
        assertThat(RequestedWait.explains(json("{\"duration\":10}"), 5_000)).as("shorter than asked").isFalse();
        assertThat(RequestedWait.explains(json("{\"count\":10}"), 10_000)).as("not a wait word").isFalse();
        assertThat(RequestedWait.explains(json("{\"durationText\":\"10\"}"), 10_000)).as("not a number").isFalse();
        assertThat(RequestedWait.explains(json("{\"items\":1000,\"params\":1000}"), 1_000)).as("words, not substrings")
                .isFalse();
        assertThat(RequestedWait.explains(json("{\"delay\":-5}"), 5_000)).isFalse();
        assertThat(RequestedWait.explains(json("{\"delay\":1}"), 2_600)).as("1 ms or 1 s, not 2.6 s").isFalse();
        assertThat(RequestedWait.explains(json("{\"delay-minutes\":10}"), 10_000)).as("minutes are minutes").isFalse();
        assertThat(RequestedWait.explains(null, 10_000)).isFalse();
        // numbers beyond the double range, as aggressive inputs carry them (asDouble throws for these)
        assertThat(RequestedWait.explains(json("{\"text\":1E+400,\"delay\":1E+400}"), 10_000)).isFalse();
        assertThat(RequestedWait.explains(json("{\"timeout\":-1E+400,\"n\":123456789012345678901234567890}"), 10_000))
                .isFalse();
        assertThat(RequestedWait.explains(json("{}"), RequestedWait.waitDefaults(json(
                "{\"properties\":{\"delay\":{\"default\":1E+400}}}")), 10_000)).isFalse();
        assertThat(RequestedWait.explains(json("\"duration\""), 10_000)).isFalse();
    }

    @Test
    void anArgumentLeftOutCountsWithItsSchemaDefault() {
        // server-everything's trigger-long-running-operation: {} and {"steps": 1.5} slept the default 10 s
        JsonNode schema = json("{\"type\":\"object\",\"properties\":{"
                + "\"duration\":{\"type\":\"number\",\"default\":10,\"description\":\"Duration of the operation in seconds\"},"
                + "\"steps\":{\"type\":\"number\",\"default\":5},\"label\":{\"type\":\"string\",\"default\":\"x\"}}}");
        JsonNode defaults = RequestedWait.waitDefaults(schema);
        assertThat(defaults).isEqualTo(json("{\"duration\":10}"));
        assertThat(RequestedWait.explains(json("{}"), defaults, 10_001)).isTrue();
        assertThat(RequestedWait.explains(json("{\"steps\":1.5}"), defaults, 13_333.9)).isTrue();
        assertThat(RequestedWait.explains(null, defaults, 10_003.9)).isTrue();
        assertThat(RequestedWait.explains(json("{\"duration\":0.5}"), defaults, 10_001)).as("the input's own value wins")
                .isFalse();
        assertThat(RequestedWait.explains(json("{}"), null, 10_001)).isFalse();
        assertThat(RequestedWait.waitDefaults(null)).isEmpty();
        assertThat(RequestedWait.waitDefaults(json("{\"properties\":[1]}"))).isEmpty();
    }

    @Test
    void theWalkIsBounded() {
        StringBuilder deep = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            deep.append("{\"a\":");
        }
        deep.append("{\"delay\":2}").append("}".repeat(10));
        assertThat(RequestedWait.explains(json(deep.toString()), 2_000)).as("deeper than it looks").isFalse();

        StringBuilder wide = new StringBuilder("{");
        for (int i = 0; i < 300; i++) {
            wide.append("\"k").append(i).append("\":0,");
        }
        wide.append("\"delay\":2}");
        assertThat(RequestedWait.explains(json(wide.toString()), 2_000)).as("past the node budget").isFalse();
        assertThat(RequestedWait.explains(json("{\"k1\":0,\"delay\":2}"), 2_000)).isTrue();
    }
}
