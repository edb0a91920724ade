package io.mcpfuzzer.process;

import java.util.List;

/**
 * A process could not be started, with evidence and a hint for the user. This is a startup failure
 * of the target (to be classified apart from crashes caused by fuzz input), not a fuzzer bug.
 */
public class ProcessStartException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the start failed. */
    public enum Reason {
        EXECUTABLE_NOT_FOUND, CWD_MISSING, CWD_UNREADABLE, SPAWN_FAILED, EARLY_EXIT
    }

    /** The hint of an {@link Reason#EARLY_EXIT}, wherever the early exit is noticed. */
    public static final String EARLY_EXIT_HINT =
            "run the command by hand in the same directory and environment to see why it exits";

    /** The message of an {@link Reason#EARLY_EXIT} of the process called {@code name}. */
    public static String earlyExitMessage(String name, Integer exitCode) {
        return "Process " + name + " exited during start-up with code " + exitCode;
    }

    private final Reason reason;
    private final List<String> command;
    private final String evidence;
    private final String hint;
    private final Integer exitCode;

    public ProcessStartException(Reason reason, List<String> command, String message, String evidence,
            String hint, Integer exitCode, Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.command = List.copyOf(command);
        this.evidence = evidence == null ? "" : evidence;
        this.hint = hint == null ? "" : hint;
        this.exitCode = exitCode;
    }

    public Reason reason() {
        return reason;
    }

    public List<String> command() {
        return command;
    }

    /** Supporting text: the PATH searched, the stderr tail, the OS error. Never null. */
    public String evidence() {
        return evidence;
    }

    /** What the user can do about it. Never null. */
    public String hint() {
        return hint;
    }

    /** Exit code for {@link Reason#EARLY_EXIT}, else null. */
    public Integer exitCode() {
        return exitCode;
    }
}
