package io.mcpfuzzer.process;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One process started by a {@link ProcessManager}: what the stdio transport needs (its pipes) plus
 * its lifecycle. Thread-safe.
 *
 * <p>stdout is handed out raw and is NOT read by the runtime: whoever talks to the process (the
 * stdio transport) must read it, or the child blocks once the pipe is full. stderr is always drained
 * by the runtime into a bounded ring buffer.
 */
public final class ManagedProcess {
    /** How many stderr bytes {@link #stderrTail()} and {@link ProcessResult#stderrTail()} keep: 16 KiB. */
    public static final int DEFAULT_TAIL_BYTES = 16 * 1024;
    private static final int MAX_KNOWN_DESCENDANTS = 4096;

    private final Process process;
    private final ProcessConfig config;
    private final ProcessIdentity identity;
    private final boolean ownGroup;
    private final String token;
    private final ByteRing stderr;
    private final long startNanos;
    private final Instant startedAt;
    private final CompletableFuture<ProcessResult> exit = new CompletableFuture<>();
    private final Set<Signal> sentSignals = EnumSet.noneOf(Signal.class);
    private final Set<ProcessIdentity> knownDescendants = ConcurrentHashMap.newKeySet();
    private final Object stopLock = new Object();
    private StderrDrain drain;
    private ProcessState state = ProcessState.REGISTERED;
    private String stopReason;
    private boolean stopInProgress;
    private long exitNanos;
    private ProcessResult settled;

    ManagedProcess(Process process, ProcessConfig config, ProcessIdentity identity, boolean ownGroup,
            String token, long startNanos) {
        this.process = process;
        this.config = config;
        this.identity = identity;
        this.ownGroup = ownGroup;
        this.token = token;
        this.stderr = new ByteRing(config.stderrBufferBytes());
        this.startNanos = startNanos;
        this.startedAt = Instant.now();
    }

    /** Process id; with {@code setsid} also its process group id and session id. */
    public long pid() {
        return process.pid();
    }

    public String name() {
        return config.name();
    }

    public ProcessConfig config() {
        return config;
    }

    /** The child's stdin. Writes may block while the child does not read. Closing it is step one of a stop. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /** The child's raw stdout, not read by the runtime. Empty when the config discards stdout. */
    public InputStream stdout() {
        return process.getInputStream();
    }

    /** The newest {@code maxBytes} (at most the ring size) of stderr as UTF-8 text. */
    public String stderrTail(int maxBytes) {
        return stderr.tailText(maxBytes);
    }

    /** The newest {@value #DEFAULT_TAIL_BYTES} bytes of stderr. */
    public String stderrTail() {
        return stderrTail(DEFAULT_TAIL_BYTES);
    }

    /** Bytes written to stderr so far (including those the ring buffer dropped). */
    public long stderrBytes() {
        return stderr.totalWritten();
    }

    /** True while the process runs (a zombie counts as dead). */
    public boolean isAlive() {
        return process.isAlive() && (identity == null || ProcFs.isAlive(identity));
    }

    public synchronized ProcessState state() {
        return state;
    }

    /** Completes (never exceptionally) once the process ended and was accounted for. Read-only copy. */
    public CompletableFuture<ProcessResult> onExit() {
        return exit.copy();
    }

    /** The result once the process ended. */
    public Optional<ProcessResult> exitInfo() {
        return Optional.ofNullable(exit.getNow(null));
    }

    /**
     * The leader's exit status as the JDK reports it (128 + n after signal n) when it has exited or exits
     * within {@code wait}, else null; does not wait for the exit to be accounted for ({@link #onExit()}).
     * Blocks the caller at most {@code wait}; an interrupt ends the wait (null, flag kept).
     */
    public Integer awaitExitCode(java.time.Duration wait) {
        try {
            return process.waitFor(Math.max(0, wait.toMillis()), java.util.concurrent.TimeUnit.MILLISECONDS)
                    ? process.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * What {@code /proc} shows of this process and its descendants while they run, for a message about
     * a server that is alive but silent: the leader's state, the tree's CPU time and threads ("sleeping,
     * 0.42 s of CPU, 14 threads", or with a wrapper such as {@code sh -c}, {@code npx} or bwrap in front
     * "sleeping; 3 processes: 0.42 s of CPU, 14 threads"). Empty when the leader has exited, its pid
     * now names another process, or {@code /proc} is not there. Reads all of {@code /proc} once; any thread.
     */
    public Optional<String> liveness() {
        Optional<ProcStat> leader = ProcFs.stat(pid())
                .filter(s -> !s.isDead() && (identity == null || identity.equals(s.identity())));
        if (leader.isEmpty()) {
            return Optional.empty();
        }
        List<ProcStat> tree = ProcessTree.members(this, ProcFs.scan());
        if (tree.isEmpty()) { // /proc listing failed: the leader alone
            tree = List.of(leader.get());
        }
        long ticks = 0;
        long threads = 0;
        int processes = 0;
        for (ProcStat s : tree) {
            if (!s.isDead()) {
                ticks += s.cpuTicks();
                threads += s.threads();
                processes++;
            }
        }
        return Optional.of(String.format(java.util.Locale.ROOT, "%s%s%.2f s of CPU, %d thread%s",
                leader.get().stateName(), processes == 1 ? ", " : "; " + processes + " processes: ",
                ticks / (double) ProcStat.TICKS_PER_SECOND, threads, threads == 1 ? "" : "s"));
    }

    /** Wall-clock start time (for reports). */
    public Instant startedAt() {
        return startedAt;
    }

    /** True when started through {@code setsid}: pid == pgid == sid. */
    public boolean ownGroup() {
        return ownGroup;
    }

    Process process() {
        return process;
    }

    /** Pid and start time, or null when {@code /proc} was unreadable. */
    ProcessIdentity identity() {
        return identity;
    }

    /** The value of {@link ProcessConfig#MARKER_VARIABLE} for this process, or null. */
    String token() {
        return token;
    }

    ByteRing stderrRing() {
        return stderr;
    }

    long startNanos() {
        return startNanos;
    }

    /** Held for the whole of a stop or exit sweep, so they never overlap. Not the state monitor. */
    Object stopLock() {
        return stopLock;
    }

    void drain(StderrDrain d) {
        this.drain = d;
    }

    StderrDrain drain() {
        return drain;
    }

    synchronized boolean moveTo(ProcessState next) {
        if (!state.canMoveTo(next)) {
            return false;
        }
        state = next;
        return true;
    }

    /** Marks a stop as started; false when the process is already in a terminal state. */
    synchronized boolean beginStop(String reason) {
        stopInProgress = true;
        if (state.isTerminal()) {
            return false;
        }
        if (state == ProcessState.STOPPING) {
            return true;
        }
        stopReason = reason;
        return moveTo(ProcessState.STOPPING);
    }

    synchronized void endStop() {
        stopInProgress = false;
    }

    synchronized boolean stopInProgress() {
        return stopInProgress;
    }

    synchronized void recordSignal(Signal s) {
        sentSignals.add(s);
    }

    synchronized boolean sent(Signal s) {
        return sentSignals.contains(s);
    }

    synchronized String stopReason() {
        return stopReason;
    }

    void rememberDescendant(ProcessIdentity id) {
        if (knownDescendants.size() < MAX_KNOWN_DESCENDANTS) {
            knownDescendants.add(id);
        }
    }

    Set<ProcessIdentity> knownDescendants() {
        return knownDescendants;
    }

    /**
     * Decides, once, the terminal state and result from how the process ended. Observers should hear
     * of it before waiters do, so the future is completed separately by {@link #publish()}.
     *
     * @return the result, or the earlier one when already settled
     */
    synchronized ProcessResult settle(long nowNanos, List<Long> escaped) {
        if (settled != null) {
            return settled;
        }
        exitNanos = nowNanos;
        int code = process.exitValue();
        Optional<Signal> signal = Signal.fromExitCode(code);
        boolean ours = signal.isPresent() && sentSignals.contains(signal.get());
        ProcessState end;
        if (state == ProcessState.REGISTERED) {
            end = ProcessState.FAILED;
        } else if (state == ProcessState.STOPPING) {
            end = signal.orElse(null) == Signal.SIGKILL && ours ? ProcessState.KILLED : ProcessState.STOPPED;
        } else {
            end = ProcessState.EXITED;
        }
        state = end;
        ProcessResult r = new ProcessResult(pid(), name(), end, code, false, signal, ours,
                end == ProcessState.EXITED ? null : stopReason, stderrTail(), Duration.ofNanos(exitNanos - startNanos),
                escaped);
        settled = r;
        return r;
    }

    /** Completes the exit future with the settled result (no-op before {@link #settle}). */
    synchronized void publish() {
        if (settled != null) {
            exit.complete(settled);
        }
    }

    /** A "still running" result for a wait that timed out. */
    synchronized ProcessResult timedOutResult(long nowNanos) {
        return new ProcessResult(pid(), name(), state, null, true, Optional.empty(), false, stopReason,
                stderrTail(), Duration.ofNanos(nowNanos - startNanos), List.of());
    }

    @Override
    public String toString() {
        return "ManagedProcess[pid=" + pid() + ", name=" + name() + ", state=" + state() + "]";
    }
}
