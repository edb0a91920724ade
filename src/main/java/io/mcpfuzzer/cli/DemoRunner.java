package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;

/**
 * Runs {@code mcp-fuzzer demo}: a campaign against a built-in deliberately vulnerable target.
 * The settings come from the same options as a normal run; {@link Settings.Target#endpoint()}
 * is null unless the user gave one. Same contract as {@link CampaignRunner}.
 */
@FunctionalInterface
public interface DemoRunner {
    int run(Settings settings, ConsoleIO console);

    /** Placeholder until the demo target is wired in. */
    DemoRunner NOT_WIRED = (settings, console) -> {
        console.err().println("mcp-fuzzer: the demo is not wired into this build");
        return ExitCodes.ERROR;
    };
}
