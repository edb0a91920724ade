package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.fuzz.targets.TargetStartException;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.process.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one live target: starts it on demand, replaces it after a crash or hang kill with
 * exponential backoff, and blocks the campaign after too many consecutive start failures, or at
 * once after a {@linkplain TargetStartException#permanent() permanent} one (no retry). A start
 * failure that is retried is logged as one line (in full at DEBUG); the failure that blocks the
 * campaign is only in the blocked reason, which the caller prints. A server that keeps exiting on its
 * own soon after it starts, whatever it is sent, blocks the campaign too ({@link UnpromptedExit}).
 * Thread-safe.
 */
public final class Supervisor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Supervisor.class);
    private final Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(5), 2.0);

    /** The campaign cannot go on: the target keeps failing to start. */
    public static final class BlockedException extends Exception {
        public BlockedException(String message) {
            super(message);
        }
    }

    private final TargetFactory factory;
    private final int maxStartFailures;
    private final List<String> startFailures = new ArrayList<>();
    private Target current;
    private int consecutiveFailures;
    private boolean permanentFailure;
    private int restarts;
    private boolean closed;
    private final UnpromptedExit exits = new UnpromptedExit();
    private boolean watchNext;
    private String unprompted;
    private java.util.function.Consumer<Target> retireListener = t -> {};

    public Supervisor(TargetFactory factory, int maxStartFailures) {
        this.factory = factory;
        this.maxStartFailures = Math.max(1, maxStartFailures);
    }

    /** The live target, starting one if needed (with backoff after failures). */
    public synchronized Target current() throws BlockedException {
        while (current == null) {
            if (Thread.currentThread().isInterrupted()) {
                throw new BlockedException("interrupted");
            }
            if (closed) {
                throw new BlockedException("campaign stopped");
            }
            if (unprompted != null) {
                throw new BlockedException(unprompted);
            }
            if (permanentFailure) {
                throw new BlockedException("the target failed to start (not retried: it would fail the same way): "
                        + startFailures.get(startFailures.size() - 1));
            }
            if (consecutiveFailures >= maxStartFailures) {
                throw new BlockedException("the target failed to start " + consecutiveFailures
                        + " times in a row; last error: " + startFailures.get(startFailures.size() - 1));
            }
            if (consecutiveFailures > 0) {
                sleep(backoff.delay(consecutiveFailures).toMillis());
            }
            try {
                long spawned = System.nanoTime(); // a lifetime counts from the spawn: some die while initializing
                current = factory.start();
                consecutiveFailures = 0;
                exits.started(spawned);
                if (watchNext) {
                    watchNext = false;
                    watch();
                }
            } catch (TargetStartException e) {
                consecutiveFailures++;
                String previous = startFailures.isEmpty() ? null : startFailures.get(startFailures.size() - 1);
                startFailures.add(e.getMessage());
                permanentFailure = e.permanent();
                LOG.debug("target start failed ({} in a row): {}", consecutiveFailures, e.getMessage());
                if (!permanentFailure && consecutiveFailures < maxStartFailures) { // else the blocked reason says it
                    LOG.warn("target start failed ({} in a row), retrying: {}", consecutiveFailures,
                            e.getMessage().equals(previous) ? "same error" : firstLine(e.getMessage()));
                }
            }
        }
        return current;
    }

    /**
     * The current target, restarted first when its connection is already closed: another call ended it
     * and has not retired it yet, and a call sent to it would have that end pinned on its input. Before
     * retiring it, waits (bounded, {@link Target#crashInfo()}) for its process to end on its own: a
     * server that closed its output while crashing is often still exiting, and stopping it then would make
     * its crash read as a stop we sent, so the call that crashed it would be retried instead of reported.
     * Thread-safe; the wait holds no lock.
     */
    public Target live() throws BlockedException {
        Target target = current();
        if (!target.session().rpc().isClosed()) {
            return target;
        }
        target.crashInfo(); // settles how it ended before we stop it (outside the lock: other calls go on)
        synchronized (this) {
            retire(target); // a no-op when another call retired it meanwhile
            return current();
        }
    }

    /** Called with every target before it is closed (retired or at the end). */
    public synchronized void onRetire(java.util.function.Consumer<Target> listener) {
        this.retireListener = listener == null ? t -> {} : listener;
    }

    /** Watches the fresh incarnation; blocks the campaign when it exits unprompted. */
    private void watch() throws BlockedException {
        try {
            unprompted = exits.watch(current);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BlockedException("interrupted");
        }
        if (unprompted != null) {
            LOG.warn("{}", unprompted);
            retire(current);
            throw new BlockedException(unprompted);
        }
    }

    /**
     * {@code findings} without those of a server that exits on its own (seen by a watch, see the class
     * comment): its crashes are not the inputs'; a warning says how many were left out.
     */
    public synchronized List<Finding> withoutUnpromptedExits(List<Finding> findings, List<String> warnings) {
        return exits.withoutItsFindings(findings, warnings);
    }

    /** Retires {@code dead} (if it is still current) so the next {@link #current()} restarts. */
    public synchronized void retire(Target dead) {
        if (dead == current && current != null) {
            watchNext |= exits.retired(current, System.nanoTime());
            retireListener.accept(current);
            current.close();
            current = null;
            restarts++;
        }
    }

    public synchronized int restarts() {
        return restarts;
    }

    /** Messages of every start failure so far (bounded by the number of attempts). */
    public synchronized List<String> startFailures() {
        return List.copyOf(startFailures);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (current != null) {
            retireListener.accept(current);
            current.close();
            current = null;
        }
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
