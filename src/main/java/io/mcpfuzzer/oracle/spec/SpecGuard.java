package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;
import static io.mcpfuzzer.oracle.spec.CheckStatus.SKIP;

import io.mcpfuzzer.mcp.McpVersion;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Runs the deterministic spec checks of {@link SpecChecks} over a live, initialised connection and
 * returns one result per check applicable to the negotiated revision (checks of other revisions are
 * left out). Never throws for server behaviour; a server that stops answering makes the remaining
 * checks SKIP and {@code SPEC-LIFE-001} FAIL. Sends a bounded number of messages (about 30).
 */
public final class SpecGuard {
    /** Default per-request deadline. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private SpecGuard() {}

    /** {@link #run(SpecExchange, String, Duration)} with {@link #DEFAULT_TIMEOUT}. */
    public static List<CheckResult> run(SpecExchange exchange, String negotiatedVersion) {
        return run(exchange, negotiatedVersion, DEFAULT_TIMEOUT);
    }

    /**
     * @param negotiatedVersion the protocolVersion of the session; an unknown one is judged with the
     *                          latest revision's rules (and SPEC-INIT-001 reports it)
     * @param timeout           deadline for each answer the guard waits for
     */
    public static List<CheckResult> run(SpecExchange exchange, String negotiatedVersion, Duration timeout) {
        Objects.requireNonNull(exchange, "exchange");
        Objects.requireNonNull(timeout, "timeout");
        McpVersion version = McpVersion.parse(negotiatedVersion).orElse(McpVersion.latest());
        GuardContext ctx = new GuardContext(exchange, version, String.valueOf(negotiatedVersion), timeout);
        runGuarded(ctx, () -> InitChecks.run(ctx));
        List<Runnable> groups = List.of(
                () -> RpcChecks.idEcho(ctx),
                () -> NotificationChecks.run(ctx),
                () -> ListingChecks.run(ctx),
                () -> RpcChecks.methodNotFound(ctx),
                () -> RpcChecks.invalidParams(ctx),
                () -> RpcChecks.missingMethod(ctx),
                () -> RpcChecks.wrongVersion(ctx),
                () -> RpcChecks.parseError(ctx),
                () -> BatchChecks.run(ctx),
                () -> EnvelopeChecks.run(ctx));
        for (Runnable group : groups) {
            if (!ctx.dead) {
                runGuarded(ctx, group);
            }
        }
        liveness(ctx);
        fillSkipped(ctx);
        return List.copyOf(ctx.results);
    }

    /**
     * Runs one group; a RuntimeException (a guard defect or a broken exchange, never expected from
     * server behaviour) is logged into the results as SKIPs instead of aborting the run.
     */
    private static void runGuarded(GuardContext ctx, Runnable group) {
        try {
            group.run();
        } catch (RuntimeException e) {
            ctx.internalError = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private static void liveness(GuardContext ctx) {
        ProbeReply reply = ctx.dead ? ProbeReply.timeout() : ctx.exchange.ping(ctx.timeout);
        ctx.add(SpecChecks.LIFE_ALIVE, reply.answered() && reply.isResult() ? PASS : FAIL,
                reply.answered() ? "ping answered" : "the server no longer answers ping", "reply", reply.excerpt());
    }

    /** Every applicable check that produced no result (the server stopped answering) is SKIP. */
    private static void fillSkipped(GuardContext ctx) {
        Set<String> done = new HashSet<>();
        ctx.results.forEach(r -> done.add(r.checkId()));
        for (SpecCheck check : SpecChecks.ALL) {
            if (check.appliesTo(ctx.version) && !done.contains(check.id())) {
                ctx.add(check, SKIP, ctx.internalError != null ? "not run: internal error " + ctx.internalError
                        : "not run: the server stopped answering");
            }
        }
    }

    /** True when no result is a FAIL. */
    public static boolean passed(List<CheckResult> results) {
        return results.stream().noneMatch(r -> r.status() == FAIL);
    }
}
