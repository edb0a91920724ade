package io.mcpfuzzer.config;

/**
 * One problem found while reading or validating configuration.
 *
 * @param where   the source: {@code option --runs}, {@code environment variable MCP_FUZZER_RUNS},
 *                or {@code <file>:<line>:<column>}
 * @param key     the canonical or file key concerned (e.g. {@code runs}), or null for file-level problems
 * @param message what is wrong, e.g. "expected an integer from 1 to 1000000, got 'ten'"
 * @param kind    USAGE for invalid settings (exit 2), ENDPOINT for an unsplittable stdio command (exit 1)
 */
public record ConfigProblem(String where, String key, String message, Kind kind) {
    public enum Kind { USAGE, ENDPOINT }

    public static ConfigProblem usage(String where, String key, String message) {
        return new ConfigProblem(where, key, message, Kind.USAGE);
    }

    /**
     * One line: {@code <file>:<line>:<col>: key '<key>': <message>} for config-file problems,
     * {@code <where>: <message>} when {@code where} already names the option or variable.
     */
    @Override
    public String toString() {
        boolean named = where.startsWith("option ") || where.startsWith("environment variable ");
        return where + ": " + (key == null || named ? "" : "key '" + key + "': ") + message;
    }
}
