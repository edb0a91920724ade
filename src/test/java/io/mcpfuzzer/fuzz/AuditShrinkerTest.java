package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.jsonrpc.Outbound;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.AuditFixtureServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Shrinking of a security-audit finding inside a campaign against the real {@link AuditFixtureServer}:
 * the candidates go through the session's safety choke point (a blocked one is never sent and does not
 * hold), the payload argument is never touched, and shrinking runs are not campaign runs.
 */
@Timeout(300)
class AuditShrinkerTest {
    private static final String TOOL = "restart_service";
    private final List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger blocked = new AtomicInteger();

    @TempDir
    Path dir;

    /** Blocks every restart_service call whose host is empty: stands for the safety policy refusing a value. */
    private Outbound policy(JsonNode message) {
        JsonNode params = message == null ? null : message.get("params");
        if (params != null && "tools/call".equals(message.path("method").asString(""))
                && TOOL.equals(params.path("name").asString(""))
                && params.path("arguments").path("host").asString("").isEmpty()) {
            blocked.incrementAndGet();
            return Outbound.block("test policy: host must not be empty");
        }
        return Outbound.SEND;
    }

    @Test
    void theShrunkInjectionKeepsThePayloadAndNeverUsesABlockedValue() {
        Path root = dir.resolve("root");
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 2, 1, 11, Duration.ofSeconds(10), 1,
                Set.of(TOOL), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(AuditFixtureServer.class, "--root",
                root.toString()), null, Map.of(), true, ClientOptions.defaults(), 1 << 20)
                .sessionSetup(s -> s.rpc().outboundPolicy((m, t, raw) -> policy(m)));
        CampaignResult result;
        try (factory) {
            result = new Campaign(config, factory, CampaignInputs.forSeed(11), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).audit(new AuditOptions(true, false, null, root, "fixture", false, Map.of())).run();
        }
        Finding injection = result.findings().stream()
                .filter(f -> "command_injection".equals(f.category()) && TOOL.equals(f.target())).findFirst()
                .orElseThrow(() -> new AssertionError("no command injection in " + result.findings()));
        JsonNode input = (JsonNode) injection.evidence().get("input");
        JsonNode minimal = (JsonNode) injection.evidence().get(Shrinker.MINIMAL_INPUT);
        assertThat(input.size()).as(input.toString()).isGreaterThan(2);
        assertThat(new ArrayList<>(minimal.propertyNames())).as(minimal.toString()).containsExactly("service", "host");
        assertThat(minimal.get("service")).isEqualTo(input.get("service"));
        assertThat(minimal.get("host").asString()).as("the empty host was refused, never sent").isNotEmpty();
        assertThat(blocked.get()).isPositive();
        assertThat(runs).as("shrinking re-sends are not campaign runs").noneMatch(r -> "shrink".equals(r.phase()));
    }

    @Test
    void pinnedKeysAreNeverDroppedNorChanged() {
        JsonNode node = Json.parse("{\"a\":\"xyz\",\"p\":\"; echo x\",\"b\":[1,2],\"c\":7}");
        List<JsonNode> candidates = Shrinker.candidates(node, Set.of("p"));
        assertThat(candidates.get(0)).isEqualTo(Json.parse("{\"p\":\"; echo x\"}"));
        assertThat(candidates).isNotEmpty().allMatch(c -> c.get("p").equals(node.get("p")))
                .contains(Json.parse("{\"a\":\"xyz\",\"p\":\"; echo x\",\"b\":[1,2]}"),
                        Json.parse("{\"a\":\"\",\"p\":\"; echo x\",\"b\":[1,2],\"c\":7}"));
        assertThat(Shrinker.candidates(Json.parse("{\"p\":\"x\"}"), Set.of("p"))).isEmpty();
    }
}
