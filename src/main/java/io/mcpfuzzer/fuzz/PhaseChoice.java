package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.Phase;
import java.util.List;
import java.util.Locale;

/**
 * Which phases a campaign runs ({@code --phase}, {@code --protocol-phase}): schema-valid values, hostile values,
 * or realistic then aggressive. Constants are immutable.
 */
public enum PhaseChoice {
    REALISTIC(List.of(Phase.REALISTIC)),
    AGGRESSIVE(List.of(Phase.AGGRESSIVE)),
    BOTH(List.of(Phase.REALISTIC, Phase.AGGRESSIVE));

    private final List<Phase> phases;

    PhaseChoice(List<Phase> phases) {
        this.phases = phases;
    }

    /**
     * The spelling on the command line, in the config file and in {@code run_summary.json}'s {@code phase}, e.g.
     * {@code "realistic"}; the Python tool's readers depend on it.
     */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The phases to run, in order (realistic before aggressive); immutable, never empty. */
    public List<Phase> phases() {
        return phases;
    }
}
