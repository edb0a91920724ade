package io.mcpfuzzer.process;

import java.util.Optional;

/**
 * The POSIX signals the runtime sends or decodes, with their Linux numbers (x86-64 and arm64 agree
 * for every entry here).
 */
public enum Signal {
    SIGHUP(1), SIGINT(2), SIGQUIT(3), SIGILL(4), SIGTRAP(5), SIGABRT(6), SIGBUS(7), SIGFPE(8),
    SIGKILL(9), SIGUSR1(10), SIGSEGV(11), SIGUSR2(12), SIGPIPE(13), SIGALRM(14), SIGTERM(15),
    SIGCHLD(17), SIGCONT(18), SIGSTOP(19), SIGTSTP(20), SIGXCPU(24), SIGXFSZ(25), SIGSYS(31);

    private final int number;

    Signal(int number) {
        this.number = number;
    }

    /** Linux signal number. */
    public int number() {
        return number;
    }

    /** Name without the {@code SIG} prefix, as {@code kill -s} expects it (for example {@code TERM}). */
    public String shortName() {
        return name().substring(3);
    }

    /** The signal with this number, if it is one this enum knows. */
    public static Optional<Signal> fromNumber(int number) {
        for (Signal s : values()) {
            if (s.number == number) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /**
     * Decodes an exit code of the form {@code 128 + n} (how the JDK and shells report death by signal
     * {@code n}). This is ambiguous by nature: a process may also call {@code exit(137)}.
     */
    public static Optional<Signal> fromExitCode(int exitCode) {
        if (exitCode > 128 && exitCode < 128 + 32) {
            return fromNumber(exitCode - 128);
        }
        return Optional.empty();
    }
}
