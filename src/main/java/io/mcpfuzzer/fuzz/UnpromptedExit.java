package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.oracle.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Tells a server that exits on its own soon after it starts, whatever it is sent (a database it cannot
 * reach, a missing key: @benborla29/mcp-server-mysql 2.0.9 exits with status 1 and an empty stderr
 * 0.85 s after its start when no MySQL answers), from one that inputs crash. Without this, every call
 * in flight at each exit is reported as a crash it caused.
 *
 * <p>After {@value #IN_A_ROW} incarnations in a row ended on their own (not stopped by us) within
 * {@link #SHORT_LIFE_NANOS} of their start, the next fresh incarnation is watched, sent nothing after
 * its initialization, for twice the longest of those lifetimes (between 1 and 10 s). If it too ends on
 * its own the server exits unprompted, and the watch returns why; else its crashes are the inputs'.
 * At most {@value #MAX_WATCHES} watches per campaign, so a server that inputs crash quickly pays at
 * most 20 s. Not thread-safe: used under the {@link Supervisor}'s lock.
 */
final class UnpromptedExit {
    static final int IN_A_ROW = 3;
    static final long SHORT_LIFE_NANOS = 10_000_000_000L;
    static final int MAX_WATCHES = 2;
    private static final long MIN_WATCH_NANOS = 1_000_000_000L;
    private static final long MAX_WATCH_NANOS = 10_000_000_000L;
    private static final long POLL_MILLIS = 20;

    private long startedNanos;
    private int inARow;
    private long longestNanos;
    private int watches;
    private CrashInfo exit;

    /** A new incarnation started now. */
    void started(long nanos) {
        startedNanos = nanos;
    }

    /**
     * The current incarnation is being retired at {@code nanos}.
     *
     * @return true when the next incarnation is to be {@linkplain #watch watched}
     */
    boolean retired(Target dead, long nanos) {
        long lifetime = nanos - startedNanos;
        if (!dead.session().rpc().isClosed() || lifetime > SHORT_LIFE_NANOS || !endedOnItsOwn(dead.crashInfo())) {
            inARow = 0;
            longestNanos = 0;
            return false;
        }
        inARow++;
        longestNanos = Math.max(longestNanos, lifetime);
        return inARow >= IN_A_ROW && watches < MAX_WATCHES;
    }

    /**
     * Watches a fresh incarnation, sending it nothing; blocks the calling thread up to 10 s.
     *
     * @return why the server is unusable when it ended on its own meanwhile, else null
     */
    String watch(Target fresh) throws InterruptedException {
        watches++;
        int ended = inARow;
        long window = Math.min(MAX_WATCH_NANOS, Math.max(MIN_WATCH_NANOS, 2 * longestNanos));
        inARow = 0;
        longestNanos = 0;
        long start = System.nanoTime();
        while (System.nanoTime() - start < window) {
            if (fresh.session().rpc().isClosed()) {
                CrashInfo info = fresh.crashInfo();
                if (!endedOnItsOwn(info)) {
                    return null;
                }
                exit = info;
                return reason(info, System.nanoTime() - startedNanos, ended);
            }
            Thread.sleep(POLL_MILLIS);
        }
        return null;
    }

    /**
     * {@code findings} without the crashes that are the unprompted exit a watch saw (same exit status or
     * signal), nor, then, the spec checks that failed for want of an answer from a server already gone: a
     * warning says how many were left out. The same list when no watch saw one.
     */
    List<Finding> withoutItsFindings(List<Finding> findings, List<String> warnings) {
        if (exit == null) {
            return findings;
        }
        List<Finding> kept = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            Object reply = f.evidence().get("reply");
            boolean gone = f.category().equals("spec_violation") && reply instanceof String r
                    && (r.contains("closed") || r.contains("no answer"));
            boolean thisExit = f.category().equals("crash") && Objects.equals(exit.exitCode(), f.evidence().get("exit_code"))
                    && Objects.equals(exit.signal(), f.evidence().get("signal"));
            if (!gone && !thisExit) {
                kept.add(f);
            }
        }
        int dropped = findings.size() - kept.size();
        if (dropped > 0) {
            warnings.add(dropped + " finding(s) left out (crashes, and spec checks the server was gone for): the server"
                    + " exits on its own, whatever it is sent");
        }
        return kept;
    }

    private static boolean endedOnItsOwn(CrashInfo info) {
        return info != null && !info.sentByUs() && (info.exitCode() != null || info.signal() != null);
    }

    private static String reason(CrashInfo info, long lifetimeNanos, int ended) {
        String how = info.signal() != null ? "signal " + info.signal() : "exit status " + info.exitCode();
        String stderr = info.stderrTail() == null ? "" : info.stderrTail().strip();
        String last = stderr.isEmpty() ? "it wrote nothing on stderr"
                : "its stderr ends: " + FaultGuard.cut(stderr.substring(stderr.lastIndexOf('\n') + 1), 200);
        return String.format(Locale.ROOT, "the server exits on its own about %.1f s after it starts (%s), sent nothing "
                + "after initialize; %d incarnations in a row ended so while being fuzzed, so their crashes are not the "
                + "inputs': check the server's configuration and environment (%s)", lifetimeNanos / 1e9, how, ended, last);
    }
}
