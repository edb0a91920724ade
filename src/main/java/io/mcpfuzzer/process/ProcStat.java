package io.mcpfuzzer.process;

/**
 * One parsed line of {@code /proc/<pid>/stat} (see proc(5)): the fields the runtime needs.
 *
 * @param pid process id
 * @param comm executable name as the kernel reports it (may contain spaces and parentheses)
 * @param state state letter: R, S, D, Z (zombie), T, t, X, I ...
 * @param ppid parent pid
 * @param pgrp process group id
 * @param session session id
 * @param startTicks start time in clock ticks after boot; with {@code pid} it identifies a process
 *     across pid reuse
 * @param cpuTicks user plus system CPU time of the process so far, in clock ticks (fields 14 and 15)
 * @param threads number of threads (field 20)
 */
public record ProcStat(long pid, String comm, char state, long ppid, long pgrp, long session, long startTicks,
        long cpuTicks, long threads) {
    /** Clock ticks per second of {@code /proc} times ({@code sysconf(_SC_CLK_TCK)}: 100 on every Linux we run on). */
    public static final int TICKS_PER_SECOND = 100;

    /** What the state letter means, for messages: "sleeping", "running", "stopped (signal)" ... */
    public String stateName() {
        return switch (state) {
            case 'R' -> "running";
            case 'S' -> "sleeping";
            case 'D' -> "in uninterruptible wait (disk or kernel)";
            case 'T' -> "stopped (signal)";
            case 't' -> "stopped (tracer)";
            case 'Z' -> "zombie";
            case 'X', 'x' -> "dead";
            case 'I' -> "idle";
            default -> "state " + state;
        };
    }

    /** True for a process that has exited but was not yet reaped (Z) or is being torn down (X). */
    public boolean isDead() {
        return state == 'Z' || state == 'X' || state == 'x';
    }

    /** The identity of this process: pid plus start time. */
    public ProcessIdentity identity() {
        return new ProcessIdentity(pid, startTicks);
    }

    /**
     * Parses the text of a stat file. The command name sits between the first '(' and the LAST ')',
     * since the name itself may contain ')'.
     *
     * @return null when the text is not a stat line
     */
    static ProcStat parse(String text) {
        if (text == null) {
            return null;
        }
        int open = text.indexOf('(');
        int close = text.lastIndexOf(')');
        if (open < 1 || close < open || close + 2 >= text.length()) {
            return null;
        }
        try {
            long pid = Long.parseLong(text.substring(0, open).trim());
            String comm = text.substring(open + 1, close);
            String[] f = text.substring(close + 2).trim().split(" ");
            // f[0] = field 3 (state); field n is f[n - 3]
            if (f.length < 20) {
                return null;
            }
            return new ProcStat(pid, comm, f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), Long.parseLong(f[19]), Long.parseLong(f[11]) + Long.parseLong(f[12]),
                    Long.parseLong(f[17]));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
