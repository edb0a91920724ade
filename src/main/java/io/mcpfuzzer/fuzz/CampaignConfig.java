package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.Phase;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the fuzz layer needs to run a campaign. Immutable; built by the CLI from the settings.
 *
 * @param mode            what to fuzz; not null
 * @param phase           tool-argument phases; not null
 * @param runs            runs per tool and phase
 * @param runsPerType     runs per protocol message type and phase
 * @param seed            seed deciding every generated input
 * @param callTimeout     deadline per request
 * @param maxConcurrency  requests in flight at once (at least 1)
 * @param tools           tool names to fuzz; empty means all
 * @param maxStartFailures consecutive start failures before the run is blocked
 * @param nonDeterminismSamples identical re-sends per tool to compare answers (0 disables)
 * @param protocolPhase   phases for protocol messages, resources and prompts; null means {@code phase}
 * @param protocolTypes   message types (methods) to fuzz; empty means all
 * @param specGuard       run the spec guard before protocol fuzzing
 * @param excludeTools    tool names never to fuzz (applied after {@code tools}); empty means none
 */
public record CampaignConfig(FuzzMode mode, PhaseChoice phase, int runs, int runsPerType, long seed, Duration callTimeout,
        int maxConcurrency, Set<String> tools, int maxStartFailures, int nonDeterminismSamples, PhaseChoice protocolPhase,
        Set<String> protocolTypes, boolean specGuard, Set<String> excludeTools) {

    /** No tool excluded. */
    public CampaignConfig(FuzzMode mode, PhaseChoice phase, int runs, int runsPerType, long seed, Duration callTimeout,
            int maxConcurrency, Set<String> tools, int maxStartFailures, int nonDeterminismSamples, PhaseChoice protocolPhase,
            Set<String> protocolTypes, boolean specGuard) {
        this(mode, phase, runs, runsPerType, seed, callTimeout, maxConcurrency, tools, maxStartFailures,
                nonDeterminismSamples, protocolPhase, protocolTypes, specGuard, Set.of());
    }

    /** Tools-centred configuration: protocol phase follows {@code phase}, all types, spec guard on. */
    public CampaignConfig(FuzzMode mode, PhaseChoice phase, int runs, int runsPerType, long seed, Duration callTimeout,
            int maxConcurrency, Set<String> tools, int maxStartFailures, int nonDeterminismSamples) {
        this(mode, phase, runs, runsPerType, seed, callTimeout, maxConcurrency, tools, maxStartFailures,
                nonDeterminismSamples, phase, Set.of(), true);
    }

    public CampaignConfig {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(phase, "phase");
        tools = tools == null ? Set.of() : Set.copyOf(tools);
        excludeTools = excludeTools == null ? Set.of() : Set.copyOf(excludeTools);
        protocolTypes = protocolTypes == null ? Set.of() : Set.copyOf(protocolTypes);
        protocolPhase = protocolPhase == null ? phase : protocolPhase;
        maxConcurrency = Math.max(1, maxConcurrency);
        if (runs < 0 || runsPerType < 0) {
            throw new IllegalArgumentException("runs must not be negative");
        }
    }

    /** Tool-argument phases to run, in order. */
    public List<Phase> phases() {
        return phase.phases();
    }

    /** Protocol phases to run, in order. */
    public List<Phase> protocolPhases() {
        return protocolPhase.phases();
    }

    /** True when the tool of this name is selected by {@code tools} and not excluded. */
    public boolean selects(String tool) {
        return (tools.isEmpty() || tools.contains(tool)) && !excludeTools.contains(tool);
    }

    /** True when this campaign fuzzes {@code surface} (see {@link FuzzMode#includes}). */
    public boolean includes(FuzzMode surface) {
        return mode.includes(surface);
    }

    public static CampaignConfig defaults(long seed) {
        return new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 10, 5, seed, Duration.ofSeconds(30), 5, Set.of(), 3, 2);
    }
}
