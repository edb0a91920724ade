package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PythonSummaryKeysTest {
    @Test
    void everyOutcomeLandsInOneBucketAndTheStatisticsFollowTheDocumentedMapping() {
        Map<String, Long> outcomes = Map.of("ok", 5L, "rejected", 2L, "tool_error", 1L, "crash", 1L, "hang", 1L,
                "safety_blocked", 1L, "fuzzer_error", 1L);
        JsonNode s = PythonSummaryKeys.stats(outcomes, 2);
        assertThat(s.path("total_runs").asLong()).isEqualTo(12);
        assertThat(s.at("/outcomes/server_rejected").asLong()).isEqualTo(3);
        assertThat(s.at("/outcomes/accepted_malformed").asLong()).isEqualTo(2);
        assertThat(s.at("/outcomes/ok").asLong()).isEqualTo(3);
        assertThat(s.at("/outcomes/crashed").asLong()).isEqualTo(1);
        assertThat(s.at("/outcomes/anomaly").asLong()).as("a hang is an anomaly, not an exception").isEqualTo(1);
        assertThat(s.at("/outcomes/exceptions").asLong()).isEqualTo(1);
        assertThat(s.at("/outcomes/safety_blocked").asLong()).isEqualTo(1);
        assertThat(s.path("exceptions").asLong()).isEqualTo(3);
        assertThat(s.path("failures").asLong()).isEqualTo(6);
        assertThat(s.path("successful").asLong()).isEqualTo(6);
        assertThat(s.path("success_rate").asDouble()).isEqualTo(50.0);
    }

    @Test
    void malformedCountsNeverExceedTheNormalAnswersAndAnEmptyTargetHasRateZero() {
        JsonNode s = PythonSummaryKeys.stats(Map.of("ok", 1L, "rejected", 2L), 7);
        assertThat(s.at("/outcomes/accepted_malformed").asLong()).isEqualTo(1);
        assertThat(s.at("/outcomes/ok").asLong()).isZero();
        assertThat(s.path("success_rate").asDouble()).isEqualTo(66.67);
        JsonNode empty = PythonSummaryKeys.stats(Map.of(), 0);
        assertThat(empty.path("total_runs").asLong()).isZero();
        assertThat(empty.path("success_rate").asDouble()).isZero();
    }
}
