package io.mcpfuzzer.bench;

import io.mcpfuzzer.fuzz.Campaign;
import io.mcpfuzzer.fuzz.CampaignConfig;
import io.mcpfuzzer.fuzz.CampaignInputs;
import io.mcpfuzzer.fuzz.CampaignObserver;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs real campaigns (tools mode, realistic phase, no determinism probe) against a fresh echo
 * server child JVM, the same path the CLI takes: {@link Campaign} with a {@link StdioTargetFactory}
 * and {@link CampaignObserver#NONE}.
 */
final class CampaignProbe {
    private static final int MAX_LINE_BYTES = 16 << 20;

    private final long seed;

    CampaignProbe(long seed) {
        this.seed = seed;
    }

    /**
     * Runs one campaign of {@code runs} calls with up to {@code concurrency} in flight. Returns two
     * measurements: the whole campaign (server start, initialize, tools/list, calls, stop) and the
     * part after the server was ready (tools/list, calls, stop).
     *
     * @throws IllegalStateException if the campaign did not complete or the server was restarted
     */
    List<Measurement> run(int runs, int concurrency, String label) {
        CampaignConfig config = new CampaignConfig(io.mcpfuzzer.fuzz.FuzzMode.TOOLS, io.mcpfuzzer.fuzz.PhaseChoice.REALISTIC, runs, 0, seed, Duration.ofSeconds(30),
                concurrency, Set.of(), 3, 0);
        try (TimedTargetFactory factory = new TimedTargetFactory(new StdioTargetFactory(
                ChildJvm.command(EchoServer.class), null, Map.of(), true, ClientOptions.defaults(), MAX_LINE_BYTES))) {
            long cpu0 = Measurement.processCpuNanos();
            long t0 = System.nanoTime();
            CampaignResult result = new Campaign(config, factory, CampaignInputs.forSeed(seed), CampaignObserver.NONE)
                    .run();
            long t1 = System.nanoTime();
            long cpu1 = Measurement.processCpuNanos();
            check(result, factory);
            long calls = result.totalRuns();
            return List.of(new Measurement(label + " whole", calls, t1 - t0, cpu1 - cpu0),
                    new Measurement(label + " after start", calls, t1 - factory.readyNanos(),
                            cpu1 - factory.readyCpuNanos()));
        }
    }

    private static void check(CampaignResult result, TimedTargetFactory factory) {
        if (!"completed".equals(result.status())) {
            throw new IllegalStateException("campaign " + result.status() + ": " + result.statusReason());
        }
        if (result.tools().size() != 1 || factory.starts() != 1) {
            throw new IllegalStateException("expected one echo tool and one server start, got "
                    + result.tools().size() + " tools and " + factory.starts() + " starts");
        }
        Map<String, Long> outcomes = result.perTarget().getOrDefault("tool:echo", Map.of());
        if (outcomes.getOrDefault("ok", 0L) != result.totalRuns()) {
            System.err.println("warning: not every run was answered normally: " + outcomes);
        }
    }
}
