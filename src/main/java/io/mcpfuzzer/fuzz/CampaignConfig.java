package io.mcpfuzzer.fuzz;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What the fuzz layer needs to run a campaign. Immutable; built by the CLI from the settings.
 *
 * @param mode            {@code tools}, {@code protocol}, {@code resources}, {@code prompts} or {@code all}
 * @param phase           {@code realistic}, {@code aggressive} or {@code both}
 * @param runs            runs per tool and phase
 * @param runsPerType     runs per protocol message type and phase
 * @param seed            seed deciding every generated input
 * @param callTimeout     deadline per request
 * @param maxConcurrency  requests in flight at once (at least 1)
 * @param tools           tool names to fuzz; empty means all
 * @param maxStartFailures consecutive start failures before the run is blocked
 * @param nonDeterminismSamples identical re-sends per tool to compare answers (0 disables)
 * @param protocolPhase   phase for protocol messages: {@code realistic}, {@code aggressive} or {@code both}
 * @param protocolTypes   message types (methods) to fuzz; empty means all
 * @param specGuard       run the spec guard before protocol fuzzing
 * @param excludeTools    tool names never to fuzz (applied after {@code tools}); empty means none
 */
public record CampaignConfig(String mode, String phase, int runs, int runsPerType, long seed, Duration callTimeout,
        int maxConcurrency, Set<String> tools, int maxStartFailures, int nonDeterminismSamples, String protocolPhase,
        Set<String> protocolTypes, boolean specGuard, Set<String> excludeTools) {

    /** No tool excluded. */
    public CampaignConfig(String mode, String phase, int runs, int runsPerType, long seed, Duration callTimeout,
            int maxConcurrency, Set<String> tools, int maxStartFailures, int nonDeterminismSamples, String protocolPhase,
            Set<String> protocolTypes, boolean specGuard) {
        this(mode, phase, runs, runsPerType, seed, callTimeout, maxConcurrency, tools, maxStartFailures,
                nonDeterminismSamples, protocolPhase, protocolTypes, specGuard, Set.of());
    }

    /** Tools-centred configuration: protocol phase follows {@code phase}, all types, spec guard on. */
    public CampaignConfig(String mode, String phase, int runs, int runsPerType, long seed, Duration callTimeout,
            int maxConcurrency, Set<String> tools, int maxStartFailures, int nonDeterminismSamples) {
        this(mode, phase, runs, runsPerType, seed, callTimeout, maxConcurrency, tools, maxStartFailures,
                nonDeterminismSamples, phase, Set.of(), true);
    }

    public CampaignConfig {
        tools = tools == null ? Set.of() : Set.copyOf(tools);
        excludeTools = excludeTools == null ? Set.of() : Set.copyOf(excludeTools);
        protocolTypes = protocolTypes == null ? Set.of() : Set.copyOf(protocolTypes);
        protocolPhase = protocolPhase == null ? phase : protocolPhase;
        maxConcurrency = Math.max(1, maxConcurrency);
        if (runs < 0 || runsPerType < 0) {
            throw new IllegalArgumentException("runs must not be negative");
        }
    }

    /** Phases to run, in order. */
    public List<String> phases() {
        return switch (phase) {
            case "realistic" -> List.of("realistic");
            case "aggressive" -> List.of("aggressive");
            default -> List.of("realistic", "aggressive");
        };
    }

    /** Protocol phases to run, in order. */
    public List<String> protocolPhases() {
        return switch (protocolPhase) {
            case "realistic" -> List.of("realistic");
            case "aggressive" -> List.of("aggressive");
            default -> List.of("realistic", "aggressive");
        };
    }

    /** True when the tool of this name is selected by {@code tools} and not excluded. */
    public boolean selects(String tool) {
        return (tools.isEmpty() || tools.contains(tool)) && !excludeTools.contains(tool);
    }

    public boolean includes(String surface) {
        return "all".equals(mode) || mode.equals(surface);
    }

    public static CampaignConfig defaults(long seed) {
        return new CampaignConfig("tools", "both", 10, 5, seed, Duration.ofSeconds(30), 5, Set.of(), 3, 2);
    }
}
