package io.mcpfuzzer.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts, supervises and stops local processes (stdio MCP servers). Every process gets its own
 * session and group, its stderr drained, a watchdog entry, and is stopped (with all its descendants)
 * by {@link #stopProcess}, {@link #close()} or, at JVM exit, by a shutdown hook. Thread-safe.
 *
 * <p>If the JVM itself is SIGKILLed no cleanup runs: children then see EOF on stdin, and those that
 * ignore it linger.
 */
public final class ProcessManager implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessManager.class);
    private static final AtomicLong MANAGERS = new AtomicLong();

    private final WatchdogConfig config;
    private final StopPolicy policy;
    private final Signals signals;
    private final MonotonicClock clock;
    private final Spawner spawner;
    private final ProcessRegistry registry = new ProcessRegistry();
    private final EventBus events = new EventBus();
    private final Stopper stopper;
    private final ProcessWatchdog watchdog;
    private final ExecutorService workers;
    private final Thread shutdownHook;
    private final boolean subreaper;
    private final String tokenPrefix;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Starts between their closed check and their registration (close waits for them). */
    private final AtomicInteger spawning = new AtomicInteger();
    /** Counted down once whoever closed the manager (close or the shutdown hook) stopped everything. */
    private final CountDownLatch stoppedAll = new CountDownLatch(1);
    /** How long closing waits for starts already under way to register their process. */
    private static final Duration SPAWN_WAIT = Duration.ofSeconds(2);
    private final TreeRss treeRss;

    private ProcessManager(Builder b) {
        this.config = b.config;
        this.policy = b.policy;
        this.signals = b.signals != null ? b.signals : Signals.detect();
        this.clock = b.clock;
        this.spawner = b.spawner != null ? b.spawner : Spawner.detect();
        this.stopper = new Stopper(signals, events, clock);
        this.treeRss = new TreeRss(clock, ProcFs::scan);
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "process-manager-worker");
            t.setDaemon(true);
            return t;
        });
        this.watchdog = new ProcessWatchdog(config, clock, events, this::killHung, this::tick);
        this.subreaper = b.subreaper && signals.becomeSubreaper();
        this.tokenPrefix = ProcFs.selfPid() + "-" + MANAGERS.incrementAndGet() + "-" + Long.toHexString(System.nanoTime());
        this.shutdownHook = b.shutdownHook ? new Thread(this::onJvmExit, "process-manager-shutdown") : null;
        if (shutdownHook != null) {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
        if (b.startWatchdog) {
            watchdog.start();
        }
        LOG.debug("process manager: signals={}, setsid={}, subreaper={}, {}", signals.describe(),
                spawner.hasSetsid(), subreaper, config);
    }

    /** A manager with this watchdog configuration and all defaults (watchdog running, hook installed). */
    public static ProcessManager fromConfig(WatchdogConfig config) {
        return builder().watchdogConfig(config).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts a process. Blocks for at most the config's startup window to catch an early exit.
     *
     * @throws ProcessStartException when the program, the cwd or the start itself fails, or the
     *     process exits within the startup window (evidence: exit code and stderr tail)
     * @throws IllegalStateException after {@link #close()}
     */
    public ManagedProcess startProcess(ProcessConfig cfg) {
        ManagedProcess mp;
        spawning.incrementAndGet(); // before the check: closing either sees this start or we see it closed
        try {
            if (closed.get()) {
                throw new IllegalStateException("process manager is closed");
            }
            mp = spawner.spawn(cfg, tokenPrefix + "-" + sequence.incrementAndGet(), clock::nanoTime);
            registry.register(mp);
        } catch (ProcessStartException e) {
            events.emit(EventType.START_FAILED, 0, cfg.name(), "reason", e.reason(), "message", e.getMessage());
            throw e;
        } finally {
            spawning.decrementAndGet();
        }
        if (closed.get()) { // close() ran while we spawned and may have missed this one
            stopper.stop(mp, Stopper.Mode.FORCE, "shutdown", policy);
            throw new IllegalStateException("process manager closed during start of " + cfg.name());
        }
        if (exitedWithin(mp, cfg.startupWindow())) {
            stopper.onLeaderExit(mp);
            ProcessResult r = mp.onExit().join(); // completed by the sweep above, or by a concurrent stop
            events.emit(EventType.START_FAILED, mp.pid(), mp.name(), "reason", "early_exit", "exit_code", r.exitCode());
            throw new ProcessStartException(ProcessStartException.Reason.EARLY_EXIT, cfg.command(),
                    ProcessStartException.earlyExitMessage(cfg.name(), r.exitCode()),
                    StartOutput.describe(mp.stdout(), r.stderrTail().isEmpty() ? "" : mp.stderrTail(4096)),
                    ProcessStartException.EARLY_EXIT_HINT,
                    r.exitCode(), null);
        }
        mp.moveTo(ProcessState.RUNNING);
        watchdog.track(mp);
        mp.process().onExit().thenRunAsync(() -> stopper.onLeaderExit(mp), this::execute);
        mp.onExit().thenRun(() -> treeRss.forget(mp)); // its statm files: closed once its tree is stopped
        events.emit(EventType.STARTED, mp.pid(), mp.name(), "command", cfg.command(), "own_group", mp.ownGroup());
        return mp;
    }

    /**
     * Waits without deadline for {@code pid} to end. Use the timed form for servers that may not.
     *
     * @throws java.util.NoSuchElementException for a pid this manager does not know (or forgot)
     */
    public ProcessResult waitFor(long pid) throws InterruptedException {
        try {
            return require(pid).onExit().get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("exit future failed", e.getCause());
        }
    }

    /**
     * Waits up to {@code timeout}; a result with {@code timedOut() == true} when still running.
     *
     * @throws java.util.NoSuchElementException for a pid this manager does not know (or forgot)
     */
    public ProcessResult waitFor(long pid, Duration timeout) throws InterruptedException {
        ManagedProcess mp = require(pid);
        try {
            return mp.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return mp.timedOutResult(clock.nanoTime());
        } catch (ExecutionException e) {
            throw new IllegalStateException("exit future failed", e.getCause());
        }
    }

    /** Completes when {@code pid} ended and was accounted for. */
    public CompletableFuture<ProcessResult> onExit(long pid) {
        return require(pid).onExit();
    }

    /**
     * Stops {@code pid} and every process of its tree: graceful (close stdin, SIGTERM, SIGKILL) or
     * {@code force} (SIGKILL at once). Blocks for at most the stop policy's waits plus the sweep.
     *
     * @return true when it and all its descendants are gone; false for an unknown pid or survivors
     */
    public boolean stopProcess(long pid, boolean force) {
        Optional<ManagedProcess> mp = registry.get(pid);
        if (mp.isEmpty()) {
            return false;
        }
        return stopper.stop(mp.get(), force ? Stopper.Mode.FORCE : Stopper.Mode.GRACEFUL,
                force ? "force" : "stop", policy);
    }

    /** Gracefully stops every live process concurrently; true when all are gone. */
    public boolean stopAll() {
        return stopAll(false);
    }

    /** Stops every live process concurrently; true when all are gone. */
    public boolean stopAll(boolean force) {
        boolean ok = stopEach(force ? Stopper.Mode.FORCE : Stopper.Mode.GRACEFUL, force ? "force" : "stop", policy);
        events.emit(EventType.STOPPED_ALL, 0, "manager", "force", force, "ok", ok);
        return ok;
    }

    /** Status of every known process (live, and recently finished), oldest first. */
    public List<ProcessStatus> list() {
        List<ProcessStatus> out = new ArrayList<>();
        for (ManagedProcess mp : registry.all()) {
            out.add(statusOf(mp));
        }
        return out;
    }

    public Optional<ProcessStatus> status(long pid) {
        return registry.get(pid).map(this::statusOf);
    }

    /** The process object for {@code pid}, if known. */
    public Optional<ManagedProcess> get(long pid) {
        return registry.get(pid);
    }

    /**
     * Resident memory in kB summed over the live members of {@code pid}'s tree; empty when none. The
     * tree membership is rescanned at most once a second (see {@link TreeRss}).
     */
    public OptionalLong rssKb(long pid) {
        Optional<ManagedProcess> mp = registry.get(pid);
        if (mp.isEmpty()) {
            return OptionalLong.empty();
        }
        return treeRss.sumKb(mp.get());
    }

    /** Marks a request to {@code pid} outstanding; close the token when it is answered. */
    public RequestToken requestStarted(long pid) {
        return watchdog.requestStarted(pid);
    }

    /** Marks the oldest outstanding request to {@code pid} answered. */
    public void requestFinished(long pid) {
        watchdog.requestFinished(pid);
    }

    /** Records a sign of life from {@code pid}. */
    public void recordActivity(long pid) {
        watchdog.recordActivity(pid);
    }

    public ProcessWatchdog watchdog() {
        return watchdog;
    }

    /** Adds an observer of lifecycle events; it is called on the thread that emits the event. */
    public void addObserver(ProcessObserver observer) {
        events.add(observer);
    }

    /** Removes an observer; events emitted after this returns do not reach it. */
    public void removeObserver(ProcessObserver observer) {
        events.remove(observer);
    }

    /** True when this JVM became a child subreaper (orphaned descendants are re-parented to it). */
    public boolean isSubreaper() {
        return subreaper;
    }

    public Signals signals() {
        return signals;
    }

    /** Same as {@link #close()}. */
    public void shutdown() {
        close();
    }

    /**
     * Stops every tracked process, then the watchdog; closes the open statm files; removes the shutdown
     * hook. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        boolean ok;
        boolean interrupted = Thread.interrupted(); // an interrupted closer still stops everything (then re-interrupts)
        try {
            awaitSpawns();
            ok = stopEach(Stopper.Mode.GRACEFUL, "shutdown", policy);
        } finally {
            stoppedAll.countDown();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        events.emit(EventType.STOPPED_ALL, 0, "manager", "force", false, "ok", ok);
        watchdog.close();
        treeRss.close();
        workers.shutdown();
        if (shutdownHook != null && ok) { // a failed stop keeps the hook: it forces what is left at exit
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs or ran
            }
        }
        events.emit(EventType.SHUTDOWN, 0, "manager", "ok", ok);
    }

    private boolean stopEach(Stopper.Mode mode, String reason, StopPolicy p) {
        List<Future<Boolean>> results = new ArrayList<>();
        for (ManagedProcess mp : registry.live()) {
            try {
                results.add(workers.submit(() -> stopper.stop(mp, mode, reason, p)));
            } catch (RejectedExecutionException e) {
                results.add(CompletableFuture.completedFuture(stopper.stop(mp, mode, reason, p)));
            }
        }
        boolean ok = true;
        boolean interrupted = false;
        for (Future<Boolean> f : results) { // each stop is bounded by its policy: wait for all, interrupted or not
            while (true) {
                try {
                    ok &= f.get();
                    break;
                } catch (ExecutionException e) {
                    LOG.debug("stop failed", e.getCause());
                    ok = false;
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return ok;
    }

    /**
     * The shutdown hook: the JVM halts when it returns, so it stops what is tracked itself, or, when
     * {@link #close()} is already under way on another thread, waits (bounded) for that to finish and then
     * forces whatever is still tracked.
     */
    private void onJvmExit() {
        if (closed.compareAndSet(false, true)) {
            try {
                awaitSpawns();
                stopEach(Stopper.Mode.GRACEFUL, "shutdown", StopPolicy.shutdownHook());
            } finally {
                stoppedAll.countDown();
            }
            return;
        }
        try {
            stoppedAll.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // whatever close() left (it was slow, or failed): nothing when it stopped everything
        stopEach(Stopper.Mode.FORCE, "shutdown", StopPolicy.shutdownHook());
    }

    /**
     * Waits, at most {@link #SPAWN_WAIT}, until no start is between its closed check and the
     * registration of its process, so that stopping everything tracked includes it (a start that
     * registers after closing began stops its process itself, unless the JVM halts first).
     */
    private void awaitSpawns() {
        long deadline = System.nanoTime() + SPAWN_WAIT.toNanos();
        while (spawning.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void killHung(ManagedProcess mp, Duration silence, String why) {
        execute(() -> stopper.stop(mp, Stopper.Mode.HANG, why, policy));
    }

    private void tick() {
        List<ManagedProcess> live = registry.live();
        if (live.isEmpty()) {
            return; // nothing to snapshot: an idle manager reads no /proc
        }
        List<ProcStat> snapshot = ProcFs.scan();
        for (ManagedProcess mp : live) {
            stopper.snapshot(mp, snapshot);
            stopper.reapAdopted(mp, snapshot);
        }
    }

    private void execute(Runnable r) {
        try {
            workers.execute(r);
        } catch (RejectedExecutionException e) {
            r.run();
        }
    }

    private boolean exitedWithin(ManagedProcess mp, Duration window) {
        if (window.isZero()) {
            return false;
        }
        try {
            return mp.process().waitFor(window.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private ManagedProcess require(long pid) {
        return registry.get(pid).orElseThrow(() -> new NoSuchElementException("no managed process with pid " + pid));
    }

    private ProcessStatus statusOf(ManagedProcess mp) {
        return new ProcessStatus(mp.pid(), mp.name(), mp.config().command(), mp.state(), mp.isAlive(),
                mp.startedAt(), watchdog.outstanding(mp.pid()), mp.exitInfo().map(ProcessResult::exitCode).orElse(null));
    }

    /** Options for a manager. Not thread-safe. */
    public static final class Builder {
        private WatchdogConfig config = WatchdogConfig.defaults();
        private StopPolicy policy = StopPolicy.defaults();
        private Signals signals;
        private MonotonicClock clock = MonotonicClock.system();
        private boolean subreaper = true;
        private boolean shutdownHook = true;
        private boolean startWatchdog = true;
        private Spawner spawner;

        private Builder() {
        }

        /** Tests: a spawner without setsid/prlimit exercises the fallback (tree walk, no group). */
        Builder spawner(Spawner s) {
            this.spawner = s;
            return this;
        }

        public Builder watchdogConfig(WatchdogConfig c) {
            this.config = java.util.Objects.requireNonNull(c);
            return this;
        }

        public Builder stopPolicy(StopPolicy p) {
            this.policy = java.util.Objects.requireNonNull(p);
            return this;
        }

        /** Default: {@link Signals#detect()}. */
        public Builder signals(Signals s) {
            this.signals = s;
            return this;
        }

        /** Default: {@link MonotonicClock#system()}; tests pass a fake and drive {@link ProcessWatchdog#scanOnce()}. */
        public Builder clock(MonotonicClock c) {
            this.clock = java.util.Objects.requireNonNull(c);
            return this;
        }

        /** Default true: become a child subreaper when the signals implementation can. */
        public Builder subreaper(boolean on) {
            this.subreaper = on;
            return this;
        }

        /** Default true: install a JVM shutdown hook that stops every tracked process. */
        public Builder shutdownHook(boolean on) {
            this.shutdownHook = on;
            return this;
        }

        /** Default true: run the watchdog timer; false leaves scans to {@link ProcessWatchdog#scanOnce()}. */
        public Builder startWatchdog(boolean on) {
            this.startWatchdog = on;
            return this;
        }

        public ProcessManager build() {
            return new ProcessManager(this);
        }
    }
}
