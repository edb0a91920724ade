package io.mcpfuzzer.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts processes: checks the working directory, resolves the program on the child's PATH, wraps it
 * in {@code setsid} (own session and group, exec in place so pid == pgid == sid) and, when limits are
 * given, {@code prlimit}. Without {@code setsid} it spawns directly and relies on tree walks.
 * Thread-safe.
 */
final class Spawner {
    private static final Logger LOG = LoggerFactory.getLogger(Spawner.class);
    private final Path setsid;
    private final Path prlimit;

    Spawner(Path setsid, Path prlimit) {
        this.setsid = setsid;
        this.prlimit = prlimit;
    }

    /** Looks for {@code setsid} and {@code prlimit} on this JVM's PATH once. */
    static Spawner detect() {
        String path = System.getenv("PATH");
        Spawner s = new Spawner(Executables.findOnPath("setsid", path).orElse(null),
                Executables.findOnPath("prlimit", path).orElse(null));
        LOG.debug("spawner: setsid={}, prlimit={}", s.setsid, s.prlimit);
        return s;
    }

    boolean hasSetsid() {
        return setsid != null;
    }

    /** Starts {@code config}'s command; the result is RUNNING-ready but not yet registered. */
    ManagedProcess spawn(ProcessConfig config, String token, LongSupplier nanos) {
        List<String> cmd = config.command();
        Path cwd = checkCwd(config);
        ProcessBuilder pb = new ProcessBuilder();
        Map<String, String> env = pb.environment();
        if (!config.inheritEnvironment()) {
            env.clear();
        }
        env.putAll(config.env());
        if (config.markEnvironment()) {
            env.put(ProcessConfig.MARKER_VARIABLE, token);
        }
        String childPath = env.containsKey("PATH") ? env.get("PATH") : System.getenv("PATH");
        Optional<Path> exe = Executables.resolve(cmd.get(0), childPath, cwd);
        if (exe.isEmpty()) {
            throw Executables.notFound(config.name(), cmd, childPath, cwd);
        }
        List<String> argv = new ArrayList<>();
        if (setsid != null) {
            argv.add(setsid.toString());
        }
        if (config.resourceLimits() != null) {
            if (prlimit == null) {
                throw new ProcessStartException(ProcessStartException.Reason.SPAWN_FAILED, cmd,
                        "Cannot apply resource limits to " + config.name() + ": prlimit not found",
                        "PATH=" + System.getenv("PATH"), "install util-linux (prlimit) or drop the limits",
                        null, null);
            }
            argv.add(prlimit.toString());
            argv.addAll(config.resourceLimits().prlimitOptions());
            argv.add("--");
        }
        argv.add(exe.get().toString());
        argv.addAll(cmd.subList(1, cmd.size()));
        pb.command(argv);
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        pb.redirectOutput(config.discardStdout() ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.PIPE);
        long started = nanos.getAsLong();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new ProcessStartException(ProcessStartException.Reason.SPAWN_FAILED, cmd,
                    "Cannot start " + config.name() + ": " + e.getMessage(), String.valueOf(e.getMessage()),
                    "check permissions and system limits (processes, open files)", null, e);
        }
        ProcessIdentity id = ProcFs.stat(p.pid()).map(ProcStat::identity).orElse(null);
        ManagedProcess mp = new ManagedProcess(p, config, id, setsid != null, token, started);
        mp.drain(StderrDrain.start(p.getErrorStream(), mp.stderrRing(), config.stderrLineListener(),
                config.name() + "-" + p.pid()));
        LOG.debug("spawned pid {} ({}): {}", p.pid(), config.name(), argv);
        return mp;
    }

    private static Path checkCwd(ProcessConfig config) {
        Path cwd = config.cwd();
        if (cwd == null) {
            return null;
        }
        if (!Files.isDirectory(cwd)) {
            throw new ProcessStartException(ProcessStartException.Reason.CWD_MISSING, config.command(),
                    "Cannot start " + config.name() + ": working directory " + cwd + " does not exist",
                    "cwd=" + cwd.toAbsolutePath(), "create the directory or fix the cwd setting", null, null);
        }
        if (!Files.isReadable(cwd) || !Files.isExecutable(cwd)) {
            throw new ProcessStartException(ProcessStartException.Reason.CWD_UNREADABLE, config.command(),
                    "Cannot start " + config.name() + ": working directory " + cwd + " is not accessible",
                    "cwd=" + cwd.toAbsolutePath(), "grant read and search permission on the directory", null,
                    null);
        }
        return cwd.toAbsolutePath();
    }
}
