package io.mcpfuzzer.process;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link Signals} through libc via JNA: {@code kill(-pgid, sig)} without forking (works while a
 * target fork-bombs), {@code prctl(PR_SET_CHILD_SUBREAPER)} and {@code waitpid(pid, WNOHANG)}.
 * Thread-safe. Needs a writable, executable {@code jna.tmpdir} to unpack its native stub.
 */
public final class JnaSignals implements Signals {
    private static final Logger LOG = LoggerFactory.getLogger(JnaSignals.class);
    private static final int PR_SET_CHILD_SUBREAPER = 36;
    private static final int PR_GET_CHILD_SUBREAPER = 37;
    private static final int WNOHANG = 1;

    /** The libc functions used. */
    interface CLib extends Library {
        int kill(int pid, int sig);

        int prctl(int option, long arg2, long arg3, long arg4, long arg5);

        int waitpid(int pid, int[] status, int options);
    }

    private final CLib libc;

    private JnaSignals(CLib libc) {
        this.libc = libc;
    }

    /**
     * The one instance of this JVM, loaded on first use (JNA's availability does not change while the JVM
     * runs); null when JNA cannot run here.
     */
    static JnaSignals shared() {
        return Shared.INSTANCE;
    }

    private static final class Shared {
        static final JnaSignals INSTANCE = tryLoad();
    }

    /** Loads libc, or returns null (logged at DEBUG) when JNA cannot run here. */
    public static JnaSignals tryLoad() {
        try {
            return new JnaSignals(Native.load("c", CLib.class));
        } catch (Throwable e) { // UnsatisfiedLinkError, NoClassDefFoundError: fall back
            LOG.debug("JNA libc unavailable, falling back to the kill command: {}", e.toString());
            return null;
        }
    }

    @Override
    public boolean signalGroup(long pgid, Signal signal) {
        if (!SignalGuard.groupAllowed(pgid)) {
            LOG.debug("refusing to signal group {}", pgid);
            return false;
        }
        return libc.kill((int) -pgid, signal.number()) == 0;
    }

    @Override
    public boolean signalPid(long pid, Signal signal) {
        if (!SignalGuard.pidAllowed(pid)) {
            LOG.debug("refusing to signal pid {}", pid);
            return false;
        }
        return libc.kill((int) pid, signal.number()) == 0;
    }

    @Override
    public boolean becomeSubreaper() {
        if (libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
            return false;
        }
        Memory flag = new Memory(4);
        flag.setInt(0, 0);
        int rc = libc.prctl(PR_GET_CHILD_SUBREAPER, Pointer.nativeValue(flag), 0, 0, 0);
        return rc == 0 && flag.getInt(0) != 0;
    }

    @Override
    public boolean reap(long pid) {
        if (!SignalGuard.pidAllowed(pid)) {
            return false;
        }
        boolean zombieChild = ProcFs.stat(pid)
                .map(s -> s.state() == 'Z' && s.ppid() == ProcFs.selfPid()).orElse(false);
        if (!zombieChild) {
            return false;
        }
        return libc.waitpid((int) pid, new int[1], WNOHANG) == pid;
    }

    @Override
    public String describe() {
        return "jna";
    }
}
