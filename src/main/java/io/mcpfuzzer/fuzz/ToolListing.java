package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.mcp.Listing;
import io.mcpfuzzer.oracle.CrashInfo;

/**
 * The campaign's first {@code tools/list}, on a server that may go away while answering it: tried on a new
 * incarnation, at most {@value #ATTEMPTS} times in all. A server that goes away every time (it exits right
 * after answering initialize, or tools/list kills it) blocks the run with its exit status and last stderr
 * line: a campaign of no tools must not pass for a clean one. Called on the campaign's thread.
 */
final class ToolListing {
    /** Times tools/list is tried when the server goes away while answering it. */
    static final int ATTEMPTS = 3;

    private ToolListing() {}

    /**
     * @param target in: the current target; out: the one that answered (a later incarnation after a retry)
     * @return the listing, or null when listing failed inside the fuzzer (counted by {@code guard})
     */
    static Listing list(Supervisor supervisor, Target[] target, FaultGuard guard) throws Supervisor.BlockedException {
        for (int attempt = 1; ; attempt++) {
            Target t = target[0];
            Listing listing = guard.call("tools_list", null, null, () -> t.session().listTools());
            if (listing == null || listing.problems().isEmpty() || !t.session().rpc().isClosed()) {
                return listing;
            }
            if (attempt == ATTEMPTS) {
                throw new Supervisor.BlockedException("the server went away before answering tools/list, " + ATTEMPTS
                        + " times in a row" + how(t.crashInfo()));
            }
            supervisor.retire(t);
            target[0] = supervisor.current();
        }
    }

    private static String how(CrashInfo c) {
        if (c == null) {
            return "";
        }
        String exit = c.signal() != null ? " (signal " + c.signal() + ")"
                : c.exitCode() != null ? " (exit code " + c.exitCode() + ")" : "";
        String tail = c.stderrTail() == null ? "" : c.stderrTail().strip();
        int nl = tail.lastIndexOf('\n');
        String last = nl < 0 ? tail : tail.substring(nl + 1);
        return exit + (last.isEmpty() ? "" : "; its last stderr line: "
                + (last.length() > 300 ? last.substring(0, 300) + "..." : last));
    }
}
