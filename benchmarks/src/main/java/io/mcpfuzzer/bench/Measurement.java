package io.mcpfuzzer.bench;

import java.lang.management.ManagementFactory;

/**
 * One timed stretch of work: how many calls, wall-clock nanoseconds and the CPU nanoseconds this
 * (the fuzzer's) JVM used meanwhile, all its threads together (workers, readers, GC, JIT). The
 * server's CPU is not included: it is another process.
 */
record Measurement(String mode, long calls, long wallNanos, long cpuNanos) {

    double seconds() {
        return wallNanos / 1e9;
    }

    double callsPerSecond() {
        return wallNanos <= 0 ? 0 : calls / seconds();
    }

    /** CPU milliseconds per call, or NaN without calls. */
    double cpuMillisPerCall() {
        return calls == 0 ? Double.NaN : cpuNanos / 1e6 / calls;
    }

    /** CPU nanoseconds used so far by this JVM, or -1 when the platform cannot tell. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos()).orElse(-1L);
    }

    /** Work whose call count is only known at the end. */
    interface Work {
        long run() throws Exception;
    }

    /** Times {@code work} (wall and CPU) and labels the result. */
    static Measurement time(String mode, Work work) throws Exception {
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        long calls = work.run();
        long wall = System.nanoTime() - t0;
        long cpu = processCpuNanos() - cpu0;
        return new Measurement(mode, calls, wall, cpu);
    }
}
