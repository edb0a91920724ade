package io.mcpfuzzer.process;

import java.util.ArrayList;
import java.util.List;

/**
 * Resource limits applied to a started process with util-linux {@code prlimit} (core dumps are always
 * disabled when limits are given). Every field is optional (null = unlimited / inherited).
 *
 * @param memoryMb address-space limit ({@code RLIMIT_AS}) in MiB. Opt-in on purpose: it breaks
 *     runtimes that reserve large virtual ranges (JVM, V8/Node); watch RSS instead where possible
 * @param cpuSeconds CPU time limit ({@code RLIMIT_CPU}) in seconds
 * @param openFiles open-file limit ({@code RLIMIT_NOFILE})
 * @param processes process limit ({@code RLIMIT_NPROC}); note the kernel counts this per user, not
 *     per process tree
 */
public record ResourceLimits(Long memoryMb, Long cpuSeconds, Long openFiles, Long processes) {

    public ResourceLimits {
        positive(memoryMb, "memoryMb");
        positive(cpuSeconds, "cpuSeconds");
        positive(openFiles, "openFiles");
        positive(processes, "processes");
    }

    /** No limit except "no core dumps". */
    public static ResourceLimits none() {
        return new ResourceLimits(null, null, null, null);
    }

    public ResourceLimits withMemoryMb(long mb) {
        return new ResourceLimits(mb, cpuSeconds, openFiles, processes);
    }

    public ResourceLimits withCpuSeconds(long seconds) {
        return new ResourceLimits(memoryMb, seconds, openFiles, processes);
    }

    public ResourceLimits withOpenFiles(long files) {
        return new ResourceLimits(memoryMb, cpuSeconds, files, processes);
    }

    public ResourceLimits withProcesses(long count) {
        return new ResourceLimits(memoryMb, cpuSeconds, openFiles, count);
    }

    /** The {@code prlimit} options, for example {@code [--core=0, --nofile=64:64]}. */
    List<String> prlimitOptions() {
        List<String> out = new ArrayList<>();
        out.add("--core=0");
        if (memoryMb != null) {
            long bytes = memoryMb * 1024L * 1024L;
            out.add("--as=" + bytes + ":" + bytes);
        }
        if (cpuSeconds != null) {
            out.add("--cpu=" + cpuSeconds + ":" + cpuSeconds);
        }
        if (openFiles != null) {
            out.add("--nofile=" + openFiles + ":" + openFiles);
        }
        if (processes != null) {
            out.add("--nproc=" + processes + ":" + processes);
        }
        return out;
    }

    private static void positive(Long v, String name) {
        if (v != null && v <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + v);
        }
    }
}
