package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

class SafetyReportTest {
    private final ArgumentPolicy policy = new ArgumentPolicy(true, null, NetworkPolicy.open());

    @Test
    @Timeout(120)
    void countsAreExactUnderConcurrentRecording() throws Exception {
        SafetyReport report = new SafetyReport(() -> List.of(new ShimHit("curl", List.of("curl", "x"), "t", 7)));
        PolicyDecision blocked = policy.decide("run", null, Json.object().put("cmd", "reboot"));
        PolicyDecision rewritten = PolicyDecision.rewrite(Json.object(), List.of(new Rewrite("/p", "a", "/r/a", "path-sandbox")));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        report.record("run", blocked);
                        report.record("write", rewritten);
                        report.record("read", PolicyDecision.allow(Json.object()));
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        report.recordContainment(List.of(Containment.on("network", "unshare"), Containment.off("filesystem", "none")));
        JsonNode json = Json.parse(Json.write(report.toJson()));
        assertThat(json.path("blocked").path("total").asInt()).isEqualTo(2000);
        assertThat(json.path("blocked").path("byRule").path("destructive-command").asInt()).isEqualTo(2000);
        assertThat(json.path("blocked").path("calls").size()).isEqualTo(SafetyReport.MAX_DETAILS);
        assertThat(json.path("rewrites").path("total").asInt()).isEqualTo(2000);
        assertThat(json.path("shimHits").path("hits").get(0).path("argv").get(1).asString()).isEqualTo("x");
        assertThat(json.path("containment").get(1).path("inEffect").asBoolean()).isFalse();
        assertThat(report.consoleSummary()).contains("2000 call(s) blocked", "1 shimmed command(s) refused",
                "network: in effect (unshare)", "filesystem: NOT in effect (none)");
    }
}
