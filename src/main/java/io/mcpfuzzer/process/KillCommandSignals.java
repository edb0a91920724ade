package io.mcpfuzzer.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Signals} without native code: group signals through the procps {@code kill} command
 * ({@code kill -s SIG -- -pgid}, one fork per call); single-pid SIGTERM/SIGKILL through {@link
 * ProcessHandle} (no fork). When forking fails (for example while a target fork-bombs), a group
 * signal falls back to signalling each member found in {@code /proc}. Cannot become a subreaper or
 * reap adopted zombies. Thread-safe.
 */
public final class KillCommandSignals implements Signals {
    private static final Logger LOG = LoggerFactory.getLogger(KillCommandSignals.class);
    private static final long COMMAND_TIMEOUT_MS = 2_000;

    private final Path killBinary;

    /** Uses the {@code kill} found on this JVM's PATH (or none: then only the per-pid fallback). */
    public KillCommandSignals() {
        this(Executables.findOnPath("kill", System.getenv("PATH")).orElse(null));
    }

    /** Uses the given {@code kill} binary; null means "none, use per-pid signalling". */
    public KillCommandSignals(Path killBinary) {
        this.killBinary = killBinary;
    }

    @Override
    public boolean signalGroup(long pgid, Signal signal) {
        if (!SignalGuard.groupAllowed(pgid)) {
            LOG.debug("refusing to signal group {}", pgid);
            return false;
        }
        if (killBinary != null && runKill(List.of(killBinary.toString(), "-s", signal.shortName(), "--",
                Long.toString(-pgid)))) {
            return true;
        }
        boolean any = false;
        for (ProcStat s : ProcFs.scan()) {
            if (s.pgrp() == pgid && !s.isDead()) {
                any |= signalPid(s.pid(), signal);
            }
        }
        return any;
    }

    @Override
    public boolean signalPid(long pid, Signal signal) {
        if (!SignalGuard.pidAllowed(pid)) {
            LOG.debug("refusing to signal pid {}", pid);
            return false;
        }
        if (signal == Signal.SIGTERM || signal == Signal.SIGKILL) {
            return ProcessHandle.of(pid)
                    .map(h -> signal == Signal.SIGKILL ? h.destroyForcibly() : h.destroy())
                    .orElse(false);
        }
        return killBinary != null && runKill(List.of(killBinary.toString(), "-s", signal.shortName(),
                Long.toString(pid)));
    }

    private boolean runKill(List<String> command) {
        Process p = null;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(COMMAND_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            LOG.debug("kill command failed to start: {}", e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (p != null) {
                p.destroyForcibly();
            }
            return false;
        }
    }

    @Override
    public String describe() {
        return "kill-command";
    }
}
