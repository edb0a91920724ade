package io.mcpfuzzer.process;

/**
 * A process as the kernel knows it: a pid is only the same process while its start time (clock ticks
 * after boot, field 22 of {@code /proc/<pid>/stat}) is unchanged. Used to never signal a reused pid.
 *
 * @param pid process id
 * @param startTicks start time in clock ticks after boot
 */
public record ProcessIdentity(long pid, long startTicks) {
}
