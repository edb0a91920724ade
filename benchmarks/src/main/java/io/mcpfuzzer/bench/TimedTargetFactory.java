package io.mcpfuzzer.bench;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.fuzz.targets.TargetStartException;

/**
 * Passes everything to another factory and notes when the first target became ready (started and
 * initialized): wall-clock {@link System#nanoTime} and this JVM's CPU time at that moment. Lets the
 * throughput probe separate the calls from the server's start-up without touching the campaign.
 * Thread-safe.
 */
final class TimedTargetFactory implements TargetFactory {
    private final TargetFactory delegate;
    private volatile long readyNanos = -1;
    private volatile long readyCpuNanos = -1;
    private volatile int starts;

    TimedTargetFactory(TargetFactory delegate) {
        this.delegate = delegate;
    }

    @Override
    public synchronized Target start() throws TargetStartException {
        Target target = delegate.start();
        if (starts++ == 0) {
            readyNanos = System.nanoTime();
            readyCpuNanos = Measurement.processCpuNanos();
        }
        return target;
    }

    /** {@link System#nanoTime} when the first target was ready, or -1. */
    long readyNanos() {
        return readyNanos;
    }

    /** Process CPU nanoseconds when the first target was ready, or -1. */
    long readyCpuNanos() {
        return readyCpuNanos;
    }

    /** Targets started so far (more than one means the server was restarted). */
    int starts() {
        return starts;
    }

    @Override
    public String transport() {
        return delegate.transport();
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
