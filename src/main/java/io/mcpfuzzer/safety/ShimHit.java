package io.mcpfuzzer.safety;

import java.util.List;

/**
 * One attempt by a target (or anything it started) to run a shimmed command.
 *
 * @param shim the shimmed command name, e.g. {@code curl}
 * @param argv the full argument vector, {@code argv[0]} first (each argument cut at 4096 bytes)
 * @param time UTC time as written by the shim ({@code yyyy-MM-ddTHH:mm:ssZ}), never null
 * @param pid  the shim's process id (as seen in the target's namespace), or -1
 */
public record ShimHit(String shim, List<String> argv, String time, long pid) {
    public ShimHit {
        argv = List.copyOf(argv);
    }
}
