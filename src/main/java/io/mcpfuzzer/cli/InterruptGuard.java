package io.mcpfuzzer.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Turns SIGINT and SIGTERM into an interrupt of the campaign thread, so the campaign stops its
 * targets and the runner writes partial reports and returns 130. A second signal exits at once
 * with 130 (shutdown hooks still stop every child). Restores the previous handlers on close.
 */
final class InterruptGuard implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(InterruptGuard.class);
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private final AtomicInteger received = new AtomicInteger();

    private InterruptGuard() {}

    static InterruptGuard install(Thread campaignThread) {
        InterruptGuard guard = new InterruptGuard();
        SignalHandler handler = sig -> {
            if (guard.received.incrementAndGet() == 1) {
                System.err.println("\nmcp-fuzzer: " + sig.getName() + " received: stopping targets and writing reports "
                        + "(send it again to quit at once)");
                campaignThread.interrupt();
            } else {
                System.exit(ExitCodes.INTERRUPTED);
            }
        };
        for (String name : List.of("INT", "TERM")) {
            try {
                Signal sig = new Signal(name);
                guard.previous.add(Signal.handle(sig, handler));
                guard.signals.add(sig);
            } catch (IllegalArgumentException e) {
                LOG.debug("cannot handle SIG{}: {}", name, e.getMessage());
            }
        }
        return guard;
    }

    boolean interrupted() {
        return received.get() > 0;
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            try {
                Signal.handle(signals.get(i), previous.get(i));
            } catch (IllegalArgumentException e) {
                LOG.debug("restoring handler: {}", e.getMessage());
            }
        }
    }
}
