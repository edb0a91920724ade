package io.mcpfuzzer.cli;

/** Process exit codes of {@code mcp-fuzzer}, as documented in {@code --help}. */
public final class ExitCodes {
    /** The run completed (findings below the --fail-on threshold do not change this); help; version. */
    public static final int OK = 0;
    /**
     * An error stopped the run (target could not be started or reached, I/O failure such as an
     * export that could not be written, bad stdio command), or the fuzzer itself could not go on (run status {@code error}, reports still written).
     */
    public static final int ERROR = 1;
    /**
     * Invalid command line or configuration; none of the {@code --tool} names exists on the server;
     * or no tool was fuzzed and --fail-if-no-tools is in effect.
     */
    public static final int USAGE = 2;
    /** Same number as {@link #USAGE}, kept for compatibility with the Python tool. */
    public static final int NO_TOOLS = 2;
    /** A finding at or above the --fail-on severity was recorded. */
    public static final int FINDINGS = 3;
    /** Interrupted (Ctrl-C, SIGTERM); partial reports were written. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
