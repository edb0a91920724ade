package io.mcpfuzzer.generate;

/**
 * What a generated input is meant to be.
 *
 * <p>{@link #REALISTIC} inputs are valid per the tool's input schema and varied, so that a
 * server gets past its argument validation into deeper code. {@link #AGGRESSIVE} inputs start
 * from a valid value and apply one labelled attack or schema violation to one targeted field,
 * leaving the rest valid. Running both phases in one campaign is a campaign concern: it splits
 * its runs between the two.
 */
public enum Phase {
    REALISTIC,
    AGGRESSIVE;

    private final String label = name().toLowerCase(java.util.Locale.ROOT);

    /** Lower-case name used in reports and labels ({@code "realistic"}, {@code "aggressive"}). */
    public String label() {
        return label;
    }
}
