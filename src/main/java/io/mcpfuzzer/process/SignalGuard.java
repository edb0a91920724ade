package io.mcpfuzzer.process;

/** The rule every {@link Signals} implementation obeys: never signal init, the kernel, or ourselves. */
public final class SignalGuard {
    private static final long SELF = ProcFs.selfPid();
    private static final long SELF_PGRP = ProcFs.stat(SELF).map(ProcStat::pgrp).orElse(SELF);
    private static final long SELF_SESSION = ProcFs.stat(SELF).map(ProcStat::session).orElse(SELF);

    private SignalGuard() {
    }

    /** True when {@code pid} may be signalled: greater than 1 and not this JVM. */
    public static boolean pidAllowed(long pid) {
        return pid > 1 && pid != SELF;
    }

    /** True when group {@code pgid} may be signalled: greater than 1, not this JVM's group or session. */
    public static boolean groupAllowed(long pgid) {
        return pgid > 1 && pgid != SELF_PGRP && pgid != SELF_SESSION && pgid != SELF;
    }

    /** This JVM's session id (a child in the same session did not get its own session). */
    static long selfSession() {
        return SELF_SESSION;
    }

    /** This JVM's process group id. */
    static long selfGroup() {
        return SELF_PGRP;
    }
}
