package io.mcpfuzzer.safety;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The safety layer for one campaign: built once from {@link SafetyOptions}, it owns the state
 * directory (sandbox home and tmp, shims, shim log), the fs-root sandbox, the argument and network
 * policies and the report. Setup fails closed with a {@link SafetyException}. Thread-safe after
 * {@link #open}; {@link #close()} deletes the state directory only if it created it as a temp dir.
 */
public final class SafetyContext implements AutoCloseable {
    private final SafetyOptions opts;
    private final Path stateDir;
    private final boolean ownsStateDir;
    private final PathSandbox sandbox;
    private final CommandShims shims;
    private final NetworkPolicy network;
    private final ArgumentPolicy policy;
    private final SafetyReport report;
    private final LaunchPlanner planner;

    private SafetyContext(SafetyOptions opts, ContainmentProbe probe, Map<String, String> parentEnv) {
        this.opts = opts;
        try {
            this.ownsStateDir = opts.stateDir() == null;
            this.stateDir = ownsStateDir
                    ? Files.createTempDirectory("mcpfuzzer-safety-", PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------"))).toRealPath()
                    : Files.createDirectories(opts.stateDir()).toRealPath();
            Files.createDirectories(stateDir.resolve("home"));
            Files.createDirectories(stateDir.resolve("tmp"));
        } catch (IOException | UnsupportedOperationException e) {
            throw new SafetyException("cannot create the safety state directory: " + e.getMessage(), e);
        }
        this.sandbox = opts.fsRoot() == null ? null : PathSandbox.create(opts.fsRoot());
        this.shims = opts.commandShims()
                ? CommandShims.install(stateDir.resolve("shims"), stateDir.resolve("log").resolve("shim-hits.jsonl"))
                : null;
        try {
            this.network = opts.noNetwork() ? NetworkPolicy.denyExcept(opts.allowHosts()) : NetworkPolicy.open();
        } catch (IllegalArgumentException e) {
            throw new SafetyException(e.getMessage(), e);
        }
        this.policy = new ArgumentPolicy(opts.argumentRules(), sandbox, network);
        this.report = new SafetyReport(shims == null ? List::of : shims::hits);
        this.planner = new LaunchPlanner(opts, probe, stateDir, shims, sandbox, parentEnv);
    }

    /**
     * Sets up every requested control, probing OS containment once per JVM.
     *
     * @throws SafetyException when a requested control cannot be set up
     */
    public static SafetyContext open(SafetyOptions opts) {
        return new SafetyContext(opts, opts.noNetwork() || opts.sandbox() != SandboxMode.NONE
                ? ContainmentProbe.get() : ContainmentProbe.nothingWorks("not probed (not requested)"), System.getenv());
    }

    /** As {@link #open} with a given probe result and parent environment (tests). */
    static SafetyContext open(SafetyOptions opts, ContainmentProbe probe, Map<String, String> parentEnv) {
        return new SafetyContext(opts, probe, parentEnv);
    }

    /**
     * The plan to start a stdio target; also records its containment in the report.
     *
     * @throws SafetyException when {@code --sandbox bwrap} cannot be honoured
     */
    public LaunchPlan plan(List<String> command) {
        LaunchPlan plan = planner.plan(command);
        report.recordContainment(plan.containments());
        return plan;
    }

    public ArgumentPolicy argumentPolicy() {
        return policy;
    }

    public NetworkPolicy networkPolicy() {
        return network;
    }

    public Optional<PathSandbox> pathSandbox() {
        return Optional.ofNullable(sandbox);
    }

    /** The {@code file://} URI to answer {@code roots/list} with, when an fs-root is set. */
    public Optional<String> rootsUri() {
        return pathSandbox().map(PathSandbox::rootsUri);
    }

    public Optional<CommandShims> shims() {
        return Optional.ofNullable(shims);
    }

    public SafetyReport report() {
        return report;
    }

    public Path stateDir() {
        return stateDir;
    }

    public SafetyOptions options() {
        return opts;
    }

    @Override
    public void close() {
        if (!ownsStateDir) {
            return;
        }
        try {
            Files.walkFileTree(stateDir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    dir.toFile().setWritable(true, true);
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // best effort: a temp directory left behind is harmless
        }
    }
}
