package io.mcpfuzzer.bench;

import io.mcpfuzzer.fuzz.Campaign;
import io.mcpfuzzer.fuzz.CampaignConfig;
import io.mcpfuzzer.fuzz.CampaignInputs;
import io.mcpfuzzer.fuzz.CampaignObserver;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.target.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * Runs real campaigns (tools mode, realistic phase, no determinism probe) against a fresh echo
 * server child JVM, the same path the CLI takes: {@link Campaign} with a {@link StdioTargetFactory}.
 */
final class CampaignProbe {
    private static final int MAX_LINE_BYTES = 16 << 20;

    private final long seed;

    CampaignProbe(long seed) {
        this.seed = seed;
    }

    /**
     * Runs one campaign of {@code runs} calls with up to {@code concurrency} in flight; returns
     * the runs executed. Includes starting, initializing and stopping the server.
     *
     * @throws IllegalStateException if the campaign did not complete
     */
    long run(int runs, int concurrency) {
        CampaignConfig config = new CampaignConfig("tools", "realistic", runs, 0, seed, Duration.ofSeconds(30),
                concurrency, Set.of(), 3, 0);
        try (StdioTargetFactory factory = new StdioTargetFactory(ChildJvm.command(EchoServer.class), null, Map.of(),
                true, ClientOptions.defaults(), MAX_LINE_BYTES)) {
            CampaignResult result = new Campaign(config, factory, CampaignInputs.forSeed(seed), CampaignObserver.NONE)
                    .run();
            if (!"completed".equals(result.status())) {
                throw new IllegalStateException("campaign " + result.status() + ": " + result.statusReason());
            }
            if (result.tools().size() != 1) {
                throw new IllegalStateException("expected the echo tool, got " + result.tools().size() + " tools");
            }
            Map<String, Long> outcomes = result.perTarget().getOrDefault("tool:echo", Map.of());
            long ok = outcomes.getOrDefault("ok", 0L);
            if (ok != result.totalRuns()) {
                System.err.println("warning: not every run was answered normally: " + outcomes);
            }
            return result.totalRuns();
        }
    }
}
