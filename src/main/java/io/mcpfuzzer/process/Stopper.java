package io.mcpfuzzer.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops managed processes and sweeps what they left behind. The ladder is: close stdin, wait; SIGTERM
 * to the group (and to escaped descendants), wait; SIGKILL likewise, wait; then up to {@value
 * #SWEEP_ROUNDS} rounds of "scan /proc, SIGKILL every member still alive", and reaping of adopted
 * zombies. Only members of a managed process's tree (see {@link ProcessTree}) are ever signalled, and
 * each pid's start time is re-checked right before it is signalled. Thread-safe; one stop per process
 * at a time.
 */
final class Stopper {
    /** How a stop begins. */
    enum Mode { GRACEFUL, HANG, FORCE }

    static final int SWEEP_ROUNDS = 10;
    /** Most reaping passes after a sweep (each one a scan); a pass that reaps nothing ends them. */
    static final int REAP_PASSES = 3;
    private static final Logger LOG = LoggerFactory.getLogger(Stopper.class);
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(1);

    private final Signals signals;
    private final EventBus events;
    private final MonotonicClock clock;

    Stopper(Signals signals, EventBus events, MonotonicClock clock) {
        this.signals = signals;
        this.events = events;
        this.clock = clock;
    }

    /**
     * Runs the stop ladder for {@code mp} under {@code policy}.
     *
     * @return true when the leader is gone and no member of its tree survived
     */
    boolean stop(ManagedProcess mp, Mode mode, String reason, StopPolicy policy) {
        synchronized (mp.stopLock()) {
            boolean running = mp.beginStop(reason);
            try {
                if (running) {
                    events.emit(EventType.STOPPING, mp.pid(), mp.name(), "mode", mode, "reason", reason);
                    snapshot(mp);
                    ladder(mp, mode, policy);
                }
                List<Long> swept = new ArrayList<>();
                List<Long> escaped = sweep(mp, swept);
                boolean leaderGone = awaitExit(mp, policy.killWait());
                if (leaderGone) {
                    ProcessResult r = finish(mp, escaped);
                    if (running) {
                        boolean killedEvent = r.state() == ProcessState.KILLED || mode == Mode.HANG;
                        events.emit(killedEvent ? EventType.KILLED : EventType.STOPPED, mp.pid(), mp.name(),
                                "reason", reason, "exit_code", r.exitCode(), "signal", r.signalName(),
                                "state", r.state(), "swept", swept.isEmpty() ? null : swept);
                    }
                    mp.publish();
                }
                return leaderGone && escaped.isEmpty();
            } finally {
                mp.endStop();
            }
        }
    }

    /** Called when the leader ended on its own: sweep leftovers, then complete its result. */
    void onLeaderExit(ManagedProcess mp) {
        synchronized (mp.stopLock()) {
            if (mp.stopInProgress() || mp.exitInfo().isPresent()) {
                return; // the stop in progress accounts for the exit
            }
            List<Long> swept = new ArrayList<>();
            List<Long> escaped = sweep(mp, swept);
            ProcessResult r = finish(mp, escaped);
            events.emit(EventType.EXITED, mp.pid(), mp.name(), "exit_code", r.exitCode(),
                    "signal", r.signalName(), "signal_sent_by_us", r.signalSentByUs(), "state", r.state(),
                    "swept", swept.isEmpty() ? null : swept);
            mp.publish();
        }
    }

    /** Records the current members of {@code mp}'s tree so they can be found after they escape. */
    void snapshot(ManagedProcess mp) {
        snapshot(mp, ProcFs.scan());
    }

    /** Same, over a scan the caller already took. */
    void snapshot(ManagedProcess mp, List<ProcStat> scan) {
        for (ProcStat s : ProcessTree.members(mp, scan)) {
            if (s.pid() != mp.pid()) {
                mp.rememberDescendant(s.identity());
            }
        }
    }

    /**
     * Reaps zombies of this JVM in {@code scan} that belong to {@code mp}: known descendants and members
     * of its group or session (a zombie keeps its pgid and sid). Never the leader, which the JDK reaps.
     * Returns how many it reaped.
     */
    int reapAdopted(ManagedProcess mp, List<ProcStat> scan) {
        long self = ProcFs.selfPid();
        int reaped = 0;
        for (ProcStat s : ProcessTree.members(mp, scan)) {
            if (s.state() == 'Z' && s.ppid() == self && s.pid() != mp.pid()) {
                signals.reap(s.pid());
                reaped++;
            }
        }
        for (ProcessIdentity id : List.copyOf(mp.knownDescendants())) {
            ProcStat s = ProcFs.stat(id.pid()).orElse(null);
            if (s == null || s.startTicks() != id.startTicks()) {
                mp.knownDescendants().remove(id);
            }
        }
        return reaped;
    }

    private void ladder(ManagedProcess mp, Mode mode, StopPolicy policy) {
        if (mode == Mode.GRACEFUL) {
            try {
                mp.stdin().close();
            } catch (IOException e) {
                LOG.debug("closing stdin of {} failed: {}", mp.pid(), e.toString());
            }
            if (awaitExit(mp, policy.stdinGrace())) {
                return;
            }
        }
        if (mode != Mode.FORCE) {
            signalTree(mp, Signal.SIGTERM);
            if (awaitExit(mp, policy.termGrace())) {
                return;
            }
        }
        signalTree(mp, Signal.SIGKILL);
        awaitExit(mp, policy.killWait());
    }

    /** Signals the group (when it has its own) plus every live member found in /proc. */
    private void signalTree(ManagedProcess mp, Signal sig) {
        mp.recordSignal(sig);
        boolean ok = false;
        List<ProcStat> snapshot = ProcFs.scan();
        boolean leaderSame = mp.identity() == null || ProcFs.isAlive(mp.identity());
        if (mp.ownGroup() && groupIsOurs(mp, snapshot)) {
            ok = signals.signalGroup(mp.pid(), sig);
        }
        if (leaderSame && mp.process().isAlive()) {
            ok |= signals.signalPid(mp.pid(), sig);
        }
        for (ProcStat s : ProcessTree.liveOthers(mp, snapshot)) {
            mp.rememberDescendant(s.identity());
            ok |= signalIfSame(s, sig);
        }
        events.emit(ok ? EventType.SIGNAL : EventType.SIGNAL_FAILED, mp.pid(), mp.name(), "signal", sig);
    }

    /** The pgid is ours while no other process took the leader's pid. */
    private static boolean groupIsOurs(ManagedProcess mp, List<ProcStat> snapshot) {
        for (ProcStat s : snapshot) {
            if (s.pid() == mp.pid()) {
                return mp.identity() == null || s.startTicks() == mp.identity().startTicks();
            }
        }
        return true; // leader reaped; its pgid stays reserved while any member lives
    }

    private boolean signalIfSame(ProcStat s, Signal sig) {
        boolean same = ProcFs.stat(s.pid()).map(now -> now.startTicks() == s.startTicks()).orElse(false);
        return same && signals.signalPid(s.pid(), sig);
    }

    /**
     * SIGKILLs every member still alive, in bounded rounds; adds the pids it killed to {@code swept}
     * and returns the pids that survived.
     */
    private List<Long> sweep(ManagedProcess mp, List<Long> swept) {
        List<ProcStat> live = List.of();
        List<ProcStat> snapshot = null;
        boolean settled = false;
        for (int round = 0; round < SWEEP_ROUNDS; round++) {
            snapshot = ProcFs.scan();
            live = ProcessTree.liveOthers(mp, snapshot);
            if (live.isEmpty()) {
                settled = true;
                break;
            }
            mp.recordSignal(Signal.SIGKILL);
            for (ProcStat s : live) {
                mp.rememberDescendant(s.identity());
                if (signalIfSame(s, Signal.SIGKILL) && !swept.contains(s.pid()) && swept.size() < ProcessTree.MAX_MEMBERS) {
                    swept.add(s.pid());
                }
            }
            sleep(Duration.ofMillis(20L * (round + 1)));
        }
        if (!settled) { // a scan that found nobody left serves the reaping too (each scan reads all of /proc)
            snapshot = ProcFs.scan();
            live = ProcessTree.liveOthers(mp, snapshot);
        }
        // a reaped zombie's own zombie children are adopted by us only now: reap again while that finds some
        for (int pass = 0; pass < REAP_PASSES && reapAdopted(mp, snapshot) > 0; pass++) {
            snapshot = ProcFs.scan();
        }
        List<Long> escaped = new ArrayList<>();
        for (ProcStat s : live) {
            escaped.add(s.pid());
        }
        if (!escaped.isEmpty()) {
            events.emit(EventType.ESCAPED, mp.pid(), mp.name(), "pids", escaped);
        }
        return escaped;
    }

    private ProcessResult finish(ManagedProcess mp, List<Long> escaped) {
        try {
            if (mp.drain() != null) {
                mp.drain().awaitEof(DRAIN_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return mp.settle(clock.nanoTime(), escaped);
    }

    private static boolean awaitExit(ManagedProcess mp, Duration d) {
        try {
            return mp.process().waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !mp.process().isAlive();
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
