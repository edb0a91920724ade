package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.testsupport.EverythingServer;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Benchmark (not a test): calls per second of {@code tools/call echo} over Streamable HTTP against the real
 * server-everything, with N concurrent callers, and CPU time per call of this JVM and of the server.
 * Prints numbers only. Usage (see docs/http.md): {@code HttpThroughputBench [callers=8] [seconds=15]}.
 */
public final class HttpThroughputBench {
    private HttpThroughputBench() {}

    public static void main(String[] args) throws Exception {
        int callers = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        try (EverythingServer server = EverythingServer.start("streamableHttp")) {
            StreamableHttpTransport transport = new StreamableHttpTransport(server.uri("/mcp"), HttpOptions.defaults());
            try {
                MiniRpc rpc = new MiniRpc(transport);
                rpc.initialize(Duration.ofSeconds(60));
                run(rpc, callers, 3, null);
                Thread.sleep(200);
                long jvmCpu0 = processCpuNanos();
                long nodeCpu0 = nodeCpuNanos(server);
                long wall0 = System.nanoTime();
                AtomicLong errors = new AtomicLong();
                long calls = run(rpc, callers, seconds, errors);
                double wall = (System.nanoTime() - wall0) / 1e9;
                double jvmMs = (processCpuNanos() - jvmCpu0) / 1e6;
                double nodeMs = (nodeCpuNanos(server) - nodeCpu0) / 1e6;
                System.out.printf("callers=%d seconds=%.1f calls=%d errors=%d%n", callers, wall, calls, errors.get());
                System.out.printf("calls/s=%.1f%n", calls / wall);
                System.out.printf("fuzzer JVM CPU per call=%.3f ms (total %.0f ms)%n", jvmMs / Math.max(1, calls), jvmMs);
                System.out.printf("server CPU per call=%.3f ms (total %.0f ms)%n", nodeMs / Math.max(1, calls), nodeMs);
            } finally {
                transport.close();
            }
        }
    }

    private static long run(MiniRpc rpc, int callers, int seconds, AtomicLong errors) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong done = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            int caller = i;
            Thread t = new Thread(() -> {
                long n = 0;
                while (!stop.get()) {
                    try {
                        var resp = rpc.call("tools/call", "{\"name\":\"echo\",\"arguments\":{\"message\":\"bench "
                                + caller + "-" + n++ + "\"}}", Duration.ofSeconds(30));
                        if (resp.has("result")) {
                            done.incrementAndGet();
                        } else if (errors != null) {
                            errors.incrementAndGet();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    } catch (Exception e) {
                        if (errors != null) {
                            errors.incrementAndGet();
                        }
                    }
                }
            }, "bench-caller-" + i);
            threads.add(t);
            t.start();
        }
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        for (Thread t : threads) {
            t.join(60_000);
        }
        return done.get();
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static long nodeCpuNanos(EverythingServer server) {
        return server.process.toHandle().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }
}
