package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.jsonrpc.Outbound;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testsupport.PythonFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/** Shrinking against a real fixture process: minimal, deterministic, and never past the safety choke point. */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ShrinkerTest") // its methods run one after the other (a lock forces them into one thread)
class ShrinkerTest {
    private final List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger blocked = new AtomicInteger();

    /** Blocks every configure call without option1: stands for the safety policy refusing a value. */
    private Outbound policy(JsonNode message) {
        JsonNode params = message == null ? null : message.get("params");
        if (params != null && "tools/call".equals(message.path("method").asString(""))
                && "configure".equals(params.path("name").asString("")) && !params.path("arguments").has("option1")) {
            blocked.incrementAndGet();
            return Outbound.block("test policy: option1 is required");
        }
        return Outbound.SEND;
    }

    private Finding configureCrash() {
        return configureCrash(Duration.ofSeconds(240));
    }

    private Finding configureCrash(Duration shrinkBudget) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 3, 1, 7, Duration.ofSeconds(5), 1,
                Set.of("configure"), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(PythonFixture.command("debug_mode_server.py"), null, Map.of(), true,
                ClientOptions.defaults(), 1 << 20).sessionSetup(s -> s.rpc().outboundPolicy((m, t, raw) -> policy(m)));
        try (factory) {
            // a budget no run reaches (the 20 s default can cut it on a loaded machine: each send that crashes restarts the server)
            CampaignResult result = new Campaign(config, factory, CampaignInputs.forSeed(7), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).shrinkBudget(shrinkBudget).run();
            return result.findings().stream().filter(f -> f.category().equals("crash")).findFirst().orElseThrow();
        }
    }

    @Test
    void theMinimalInputKeepsOnlyWhatCrashesAndWhatThePolicyLetsThrough() {
        Finding crash = configureCrash();
        assertThat(((JsonNode) crash.evidence().get("input")).size()).isEqualTo(11);
        assertThat(crash.evidence().get(Shrinker.MINIMAL_INPUT))
                .isEqualTo(Json.parse("{\"mode\":\"debug\",\"option1\":\"\"}"));
        assertThat(blocked.get()).as("candidates without option1 were refused, never sent").isPositive();
        assertThat((Integer) crash.evidence().get(Shrinker.SHRINK_SENDS)).isBetween(1, 40);
        assertThat(crash.evidence()).doesNotContainKey(Shrinker.SHRINK_CUT);
        assertThat(runs).as("shrinking re-sends are not campaign runs").hasSize(3)
                .allMatch(r -> r.phase().equals("realistic"));

        runs.clear();
        assertThat(configureCrash().evidence().get(Shrinker.MINIMAL_INPUT))
                .as("deterministic").isEqualTo(crash.evidence().get(Shrinker.MINIMAL_INPUT));
    }

    @Test
    void aMinimisationTheTimeBudgetCutsSaysSo() {
        Finding crash = configureCrash(Duration.ofNanos(1));
        assertThat(crash.evidence().get(Shrinker.MINIMAL_INPUT)).isEqualTo(crash.evidence().get("input"));
        assertThat(crash.evidence().get(Shrinker.SHRINK_SENDS)).isEqualTo(0);
        assertThat((String) crash.evidence().get(Shrinker.SHRINK_CUT)).contains("time budget");
    }

    @Test
    void candidatesGoFromTheBiggestCutToTheSmallest() {
        List<JsonNode> candidates = Shrinker.candidates(Json.parse("{\"a\":\"xyz\",\"b\":8,\"c\":[true,1],\"d\":{}}"));
        assertThat(candidates.get(0)).isEqualTo(Json.parse("{}"));
        assertThat(candidates.get(1)).isEqualTo(Json.parse("{\"c\":[true,1],\"d\":{}}"));
        assertThat(candidates).contains(Json.parse("{\"a\":\"x\",\"b\":8,\"c\":[true,1],\"d\":{}}"),
                Json.parse("{\"a\":\"xyz\",\"b\":4,\"c\":[true,1],\"d\":{}}"),
                Json.parse("{\"a\":\"xyz\",\"b\":8,\"c\":[1],\"d\":{}}"),
                Json.parse("{\"a\":\"xyz\",\"b\":8,\"c\":[false,1],\"d\":{}}"));
        assertThat(candidates).doesNotHaveDuplicates();
        assertThat(Shrinker.candidates(Json.parse("{\"a\":\"xyz\",\"b\":8,\"c\":[true,1],\"d\":{}}")))
                .isEqualTo(candidates);
    }
}
