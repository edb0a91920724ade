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

    /** One line: {@code <where>: key '<key>': <message>}. */
    @Override
    public String toString() {
        return where + ": " + (key == null ? "" : "key '" + key + "': ") + message;
    }
}
