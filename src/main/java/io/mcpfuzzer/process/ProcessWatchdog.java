package io.mcpfuzzer.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Detects hung processes. A process is hung when at least one request to it is outstanding and
 * neither an answer nor activity arrived for more than {@code timeout + extraBuffer}, counted from the
 * later of its newest activity and the start of its oldest outstanding request. Idle processes
 * (nothing outstanding) are never hung. On a hang it emits {@code hang_detected} once per episode
 * and, with autoKill or once the silence exceeds maxHangTime, asks the manager to kill (once).
 *
 * <p>Thread-safe. Scans run on one daemon timer thread every {@code checkInterval}; kills run
 * elsewhere so a scan never blocks on a stop. {@link #scanOnce()} is public so tests can drive a
 * fake {@link MonotonicClock}.
 */
public final class ProcessWatchdog implements AutoCloseable {
    /** Receives kill decisions; must not block the caller for long. */
    interface HangKiller {
        void kill(ManagedProcess mp, Duration silence, String why);
    }

    /** What one scan found: pids newly hung and pids it asked to kill. */
    public record ScanReport(List<Long> hung, List<Long> killed) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(ProcessWatchdog.class);
    private static final int MAX_OUTSTANDING = 65_536;
    private static final long FUTURE_TOLERANCE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final WatchdogConfig config;
    private final MonotonicClock clock;
    private final EventBus events;
    private final HangKiller killer;
    private final Runnable tickHook;
    private final Map<Long, Watch> watches = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private ScheduledExecutorService timer;

    ProcessWatchdog(WatchdogConfig config, MonotonicClock clock, EventBus events, HangKiller killer,
            Runnable tickHook) {
        this.config = config;
        this.clock = clock;
        this.events = events;
        this.killer = killer;
        this.tickHook = tickHook;
    }

    public WatchdogConfig config() {
        return config;
    }

    /** Starts the timer thread (idempotent). */
    synchronized void start() {
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "process-watchdog");
                t.setDaemon(true);
                return t;
            });
            long period = config.checkInterval().toMillis();
            timer.scheduleWithFixedDelay(this::tick, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops the timer thread; tracked processes are left alone. Idempotent. */
    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    void track(ManagedProcess mp) {
        watches.put(mp.pid(), new Watch(mp, clock.nanoTime()));
    }

    void untrack(long pid) {
        watches.remove(pid);
    }

    /**
     * Marks a request to {@code pid} as outstanding from now on. Unknown pids get a token that does
     * nothing.
     */
    public RequestToken requestStarted(long pid) {
        long id = ids.incrementAndGet();
        Watch w = watches.get(pid);
        if (w != null) {
            w.started(id, clock.nanoTime());
        }
        return new RequestToken(this, pid, id);
    }

    /** Marks the oldest outstanding request to {@code pid} as finished (counts as activity). */
    public void requestFinished(long pid) {
        Watch w = watches.get(pid);
        if (w != null) {
            w.finishOldest(clock.nanoTime());
        }
    }

    /** Records a sign of life from {@code pid} now (newest timestamp wins). */
    public void recordActivity(long pid) {
        Watch w = watches.get(pid);
        if (w != null) {
            w.activity(clock.nanoTime());
        }
    }

    /** Requests to {@code pid} that are outstanding now. */
    public int outstanding(long pid) {
        Watch w = watches.get(pid);
        return w == null ? 0 : w.outstandingCount();
    }

    void finish(long pid, long id) {
        Watch w = watches.get(pid);
        if (w != null) {
            w.finish(id, clock.nanoTime());
        }
    }

    /** One scan over every tracked process. */
    public ScanReport scanOnce() {
        long now = clock.nanoTime();
        List<Long> hung = new ArrayList<>();
        List<Long> killed = new ArrayList<>();
        for (Iterator<Watch> it = watches.values().iterator(); it.hasNext();) {
            Watch w = it.next();
            if (w.mp.state().isTerminal()) {
                it.remove();
                continue;
            }
            try {
                w.scan(now, hung, killed);
            } catch (RuntimeException e) {
                LOG.debug("watchdog scan of {} failed", w.mp, e);
            }
        }
        return new ScanReport(hung, killed);
    }

    private void tick() {
        try {
            scanOnce();
            tickHook.run();
        } catch (RuntimeException e) {
            LOG.debug("watchdog tick failed", e);
        }
    }

    /** Per-process bookkeeping; all methods synchronized on the instance. */
    private final class Watch {
        final ManagedProcess mp;
        final LinkedHashMap<Long, Long> outstanding = new LinkedHashMap<>();
        long lastActivity;
        boolean hung;
        boolean killRequested;

        Watch(ManagedProcess mp, long now) {
            this.mp = mp;
            this.lastActivity = now;
        }

        synchronized void started(long id, long now) {
            if (outstanding.size() < MAX_OUTSTANDING) {
                outstanding.put(id, now);
            }
        }

        synchronized void finish(long id, long now) {
            if (outstanding.remove(id) != null) {
                activity(now);
            }
        }

        synchronized void finishOldest(long now) {
            Iterator<Long> it = outstanding.keySet().iterator();
            if (it.hasNext()) {
                it.next();
                it.remove();
                activity(now);
            }
        }

        synchronized void activity(long at) {
            lastActivity = Math.max(lastActivity, at);
        }

        synchronized int outstandingCount() {
            return outstanding.size();
        }

        void scan(long now, List<Long> hungOut, List<Long> killedOut) {
            pollCallback(now);
            boolean kill = false;
            String why = null;
            boolean newlyHung = false;
            boolean cleared = false;
            synchronized (this) {
                if (outstanding.isEmpty()) {
                    cleared = hung;
                    hung = false;
                } else {
                    long baseline = Math.max(lastActivity, outstanding.values().iterator().next());
                    Duration silence = Duration.ofNanos(Math.max(0, now - baseline));
                    Duration timeout = mp.config().timeout() != null ? mp.config().timeout() : config.processTimeout();
                    Duration threshold = timeout.plus(config.extraBuffer());
                    if (silence.compareTo(threshold) > 0) {
                        newlyHung = !hung;
                        hung = true;
                        boolean autoKill = mp.config().autoKill() != null ? mp.config().autoKill() : config.autoKill();
                        if (!killRequested && (autoKill || silence.compareTo(config.maxHangTime()) > 0)) {
                            killRequested = true;
                            kill = true;
                            why = autoKill ? "hang" : "max_hang_time";
                        }
                    } else {
                        cleared = hung;
                        hung = false;
                    }
                }
            }
            if (cleared && mp.moveTo(ProcessState.RUNNING)) {
                events.emit(EventType.HANG_CLEARED, mp.pid(), mp.name());
            }
            if (newlyHung) {
                hungOut.add(mp.pid());
                mp.moveTo(ProcessState.HUNG);
                events.emit(EventType.HANG_DETECTED, mp.pid(), mp.name(),
                        "silence_ms", Duration.ofNanos(now - baselineSnapshot()).toMillis(),
                        "outstanding", outstandingCount());
            }
            if (kill) {
                killedOut.add(mp.pid());
                killer.kill(mp, Duration.ofNanos(now - baselineSnapshot()), why);
            }
        }

        private synchronized long baselineSnapshot() {
            long oldest = outstanding.isEmpty() ? lastActivity : outstanding.values().iterator().next();
            return Math.max(lastActivity, oldest);
        }

        private void pollCallback(long now) {
            ActivityCallback cb = mp.config().activityCallback();
            if (cb == null) {
                return;
            }
            try {
                long t = cb.timestamp();
                if (t - now <= FUTURE_TOLERANCE_NANOS) { // older values lose against max() anyway
                    activity(t);
                }
            } catch (RuntimeException e) {
                LOG.debug("activity callback of {} failed: {}", mp, e.toString());
            }
        }
    }
}
