package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.ServerRequestHandler;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.mcp.McpException;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.process.ManagedProcess;
import io.mcpfuzzer.process.ProcessConfig;
import io.mcpfuzzer.process.ProcessManager;
import io.mcpfuzzer.process.ProcessResult;
import io.mcpfuzzer.process.ProcessStartException;
import io.mcpfuzzer.process.ResourceLimits;
import io.mcpfuzzer.process.WatchdogConfig;
import io.mcpfuzzer.transport.TransportException;
import io.mcpfuzzer.transport.TransportProtocol;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Starts a local MCP server as a supervised child process (own session and process group, stderr
 * drained, hang watchdog) and speaks stdio to it. Owns one {@link ProcessManager}; closing the
 * factory stops every process it started.
 */
public final class StdioTargetFactory implements TargetFactory {
    private final List<String> command;
    private final Path cwd;
    private final Map<String, String> env;
    private final boolean inheritEnv;
    private final ClientOptions client;
    private final int maxLineBytes;
    private final ResourceLimits limits;
    private final ProcessManager manager;
    /** The name of the target process in messages and process events. */
    private static final String NAME = "mcp-target";
    /** Longest wait for the exit status of a server that closed its output during start-up. */
    private static final java.time.Duration EXIT_STATUS_WAIT = java.time.Duration.ofSeconds(2);
    /**
     * Default deadline of one write to the server's stdin: 10 s, longer than the protocol fuzzer's
     * own write grace (5 s), so that path keeps deciding first.
     */
    public static final java.time.Duration DEFAULT_WRITE_DEADLINE = java.time.Duration.ofSeconds(10);
    /**
     * Most doublings of the initialize deadline for a server that stayed alive but silent through it: the
     * next start waits twice as long, then four times (a cold {@code npx} download, a JVM on a loaded
     * machine); a start that answers resets it.
     */
    static final int MAX_INITIALIZE_DOUBLINGS = 2;
    /** Consecutive starts that ended with a live server silent past the initialize deadline. */
    private final java.util.concurrent.atomic.AtomicInteger silentStarts = new java.util.concurrent.atomic.AtomicInteger();
    private volatile java.util.function.Consumer<McpSession> sessionSetup = s -> {};
    private volatile java.time.Duration writeDeadline = DEFAULT_WRITE_DEADLINE;

    public StdioTargetFactory(List<String> command, Path cwd, Map<String, String> env, boolean inheritEnv,
            ClientOptions client, int maxLineBytes) {
        this(command, cwd, env, inheritEnv, client, maxLineBytes, null, WatchdogConfig.defaults());
    }

    public StdioTargetFactory(List<String> command, Path cwd, Map<String, String> env, boolean inheritEnv,
            ClientOptions client, int maxLineBytes, ResourceLimits limits, WatchdogConfig watchdog) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        this.command = List.copyOf(command);
        this.cwd = cwd;
        this.env = Map.copyOf(env);
        this.inheritEnv = inheritEnv;
        this.client = client;
        this.maxLineBytes = maxLineBytes;
        this.limits = limits;
        this.manager = ProcessManager.fromConfig(watchdog);
    }

    /**
     * How long one write to the server's stdin may block before the server counts as no longer
     * reading and is killed (default {@link #DEFAULT_WRITE_DEADLINE}); the call then ends as a
     * timeout whose detail starts with {@link StdioTransport#STOPPED_READING}. Returns this.
     */
    public StdioTargetFactory writeDeadline(java.time.Duration deadline) {
        if (deadline == null || deadline.isZero() || deadline.isNegative()) {
            throw new IllegalArgumentException("write deadline must be positive: " + deadline);
        }
        this.writeDeadline = deadline;
        return this;
    }

    /**
     * Prepares every new session before its connection starts (the campaign installs the safety
     * choke point here: {@link OutboundSafety#install}). Returns this.
     */
    public StdioTargetFactory sessionSetup(java.util.function.Consumer<McpSession> setup) {
        this.sessionSetup = setup == null ? s -> {} : setup;
        return this;
    }

    @Override
    public Target start() throws TargetStartException {
        // no start-up window before initialize: it is sent at once, and a server that exits instead of
        // answering, or right after, is told apart below (waiting the window first cost every start and
        // every restart after a crash 300 ms)
        ProcessConfig.Builder config = ProcessConfig.builder(command).env(env).inheritEnvironment(inheritEnv)
                .name(NAME).startupWindow(java.time.Duration.ZERO);
        if (cwd != null) {
            config.cwd(cwd);
        }
        if (limits != null) {
            config.resourceLimits(limits);
        }
        ManagedProcess process;
        try {
            process = manager.startProcess(config.build());
        } catch (ProcessStartException e) {
            throw new TargetStartException(StartMessages.of(e), e, StartMessages.permanent(e));
        } catch (IllegalArgumentException e) {
            throw new TargetStartException(e.getMessage(), e, true);
        }
        long pid = process.pid();
        StdioTransport transport = new StdioTransport(process.stdout(), process.stdin(), describe(), maxLineBytes)
                .writeDeadline(writeDeadline, () -> manager.stopProcess(pid, true));
        RpcConnection rpc = new RpcConnection(transport, new ServerRequestHandler(client.answers()));
        rpc.onActivity(() -> manager.recordActivity(pid));
        McpSession session = new McpSession(rpc, client);
        long spawned = System.nanoTime();
        try {
            sessionSetup.accept(session);
            rpc.start();
            // initialize has its own deadline, enforced below (the server is stopped when it fails), which
            // after silent starts exceeds the hang watchdog's limit: the watchdog tracks requests after it
            session.initialize(initializeDeadline());
            rpc.onRequest(() -> manager.requestStarted(pid));
            silentStarts.set(0);
        } catch (TransportException | McpException e) {
            throw initializeFailed(process, rpc, e, spawned);
        } catch (RuntimeException | Error e) {
            manager.stopProcess(pid, true); // never leave a started server behind
            throw e;
        }
        // a server that answers initialize and exits within the start-up window still failed to start (as
        // when the window was waited before initialize); slow starters (node: about 0.45 s) wait nothing
        long left = ProcessConfig.DEFAULT_STARTUP_WINDOW.toNanos() - (System.nanoTime() - spawned);
        Integer exited = process.awaitExitCode(java.time.Duration.ofNanos(Math.max(0, left)));
        if (exited != null) {
            manager.stopProcess(pid, true);
            throw earlyExit(exited, rpc, process, null);
        }
        return new StdioTarget(manager, process, session);
    }

    /** The step timeout, doubled for each start in a row in which the server stayed silent (at most {@value #MAX_INITIALIZE_DOUBLINGS} times). */
    java.time.Duration initializeDeadline() {
        return client.stepTimeout().multipliedBy(1L << Math.min(silentStarts.get(), MAX_INITIALIZE_DOUBLINGS));
    }

    /** The start failure for an initialize that failed: an early exit when the server exited, else why it failed. */
    private TargetStartException initializeFailed(ManagedProcess process, RpcConnection rpc, Exception e,
            long spawned) {
        // a server that closed its output or is gone has exited or is about to: wait for its exit status (the
        // JDK reaps it on another thread, late on a busy machine); one still running failed initialize itself
        boolean gone = rpc.isClosed() || !process.isAlive();
        Integer early = process.awaitExitCode(gone ? EXIT_STATUS_WAIT : java.time.Duration.ZERO);
        String tail = process.stderrTail();
        // alive but silent: whether it was busy, starved or waiting tells a slow start from a stuck one
        String running = early != null ? "" : process.liveness().map(l -> "\n" + String.format(java.util.Locale.ROOT,
                "the server was still running %.1f s after its start: %s", (System.nanoTime() - spawned) / 1e9, l))
                .orElse("");
        if (!running.isEmpty() && e instanceof McpException m && m.reply() != null
                && m.reply().status() == io.mcpfuzzer.jsonrpc.Reply.Status.TIMEOUT) {
            silentStarts.incrementAndGet(); // alive and silent: perhaps slow, so the next start waits longer
        }
        manager.stopProcess(process.pid(), true); // accounts the exit: its stderr has then been read to the end
        boolean ours = process.exitInfo().map(ProcessResult::signalSentByUs).orElse(false); // watchdog, write deadline
        if (early != null && !ours) {
            return earlyExit(early, rpc, process, e);
        }
        String exit = process.exitInfo().map(r -> " (server exit code " + r.exitCode() + ")").orElse("");
        return new TargetStartException("the server did not complete initialize: " + e.getMessage() + exit
                + running + StartMessages.stdout(rpc.log()) + StartMessages.messages(rpc.log())
                + StartMessages.section("stderr tail", tail));
    }

    private static TargetStartException earlyExit(int code, RpcConnection rpc, ManagedProcess process, Exception e) {
        String stderr = process.stderrTail();
        boolean hidden = StartMessages.sandboxHidesProgram(stderr); // the same every time: no retry
        return new TargetStartException(ProcessStartException.earlyExitMessage(NAME, code)
                + "\nhint: " + (hidden ? StartMessages.BWRAP_HINT : ProcessStartException.EARLY_EXIT_HINT)
                + StartMessages.stdout(rpc.log()) + StartMessages.messages(rpc.log())
                + StartMessages.section("stderr tail", stderr), e, hidden);
    }

    @Override
    public String transport() {
        return TransportProtocol.STDIO.wire();
    }

    @Override
    public String describe() {
        return String.join(" ", command);
    }

    @Override
    public void close() {
        manager.close();
    }
}
