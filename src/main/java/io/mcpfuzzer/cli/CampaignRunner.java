package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;

/**
 * Runs one fuzzing campaign from validated settings and returns an exit code from
 * {@link ExitCodes}. Called on the thread that called {@link Main#execute}. Must not call
 * {@code System.exit}; must return {@link ExitCodes#INTERRUPTED} when interrupted (after writing
 * partial reports). A RuntimeException escaping it is reported by Main as exit code 1.
 */
@FunctionalInterface
public interface CampaignRunner {
    int run(Settings settings, ConsoleIO console);

    /** Placeholder until the real campaign is wired in: says so and fails. */
    CampaignRunner NOT_WIRED = (settings, console) -> {
        console.err().println("mcp-fuzzer: the fuzzing campaign is not wired into this build");
        return ExitCodes.ERROR;
    };
}
