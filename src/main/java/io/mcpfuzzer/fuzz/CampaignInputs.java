package io.mcpfuzzer.fuzz;

/** The default tool-argument source for a seed. */
public final class CampaignInputs {
    private CampaignInputs() {}

    public static ToolInputs forSeed(long seed) {
        return new SimpleToolInputs(seed);
    }
}
