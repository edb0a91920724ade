package io.mcpfuzzer.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * End-to-end throughput: calls per second and fuzzer CPU per call through the real campaign path
 * (at concurrency 1 and 5 by default), against the floor of a bare client loop on the same echo
 * server. Prints a table; asserts nothing.
 *
 * <p>Each campaign is shown twice: whole (server JVM start, initialize, tools/list, the runs, stop)
 * and after start (from the moment the server was initialized: tools/list, the runs, stop).
 *
 * <p>Arguments: {@code --runs N} (campaign runs, default 10000), {@code --bare-calls N} (default
 * 50000), {@code --concurrency 1,5}, {@code --seed N} (default 1).
 */
public final class Throughput {
    private int runs = 10_000;
    private long bareCalls = 50_000;
    private int[] concurrency = {1, 5};
    private long seed = 1;

    public static void main(String[] args) throws Exception {
        Throughput t = new Throughput();
        t.parse(args);
        t.measure();
    }

    private void parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(value);
                case "--bare-calls" -> bareCalls = Long.parseLong(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--concurrency" -> concurrency = Arrays.stream(value.split(",")).map(String::trim)
                        .mapToInt(Integer::parseInt).toArray();
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (use --runs N --bare-calls N --concurrency 1,5 --seed N)");
            }
            i++;
        }
    }

    private void measure() throws Exception {
        CampaignProbe probe = new CampaignProbe(seed);
        int warmRuns = Math.max(300, runs / 5);
        log("warming up: campaign of " + warmRuns + " runs");
        probe.run(warmRuns, concurrency[0], "warm-up");
        List<Measurement> rows = new ArrayList<>();
        List<Measurement> net = new ArrayList<>();
        for (int c : concurrency) {
            log("campaign, " + runs + " runs, concurrency " + c);
            List<Measurement> both = probe.run(runs, c, "campaign c=" + c);
            rows.addAll(both);
            net.add(both.get(1));
        }
        Measurement bare;
        try (BareLoop loop = new BareLoop()) {
            log("bare loop: warm-up of " + bareCalls / 5 + " calls, then " + bareCalls + " calls");
            loop.run(bareCalls / 5);
            bare = Measurement.time("bare loop", () -> loop.run(bareCalls));
        }
        rows.add(bare);
        print(rows, net, bare);
    }

    private static void print(List<Measurement> rows, List<Measurement> net, Measurement bare) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%-28s %8s %9s %10s %14s%n", "mode", "calls", "seconds", "calls/s",
                "CPU ms/call");
        for (Measurement m : rows) {
            System.out.printf(Locale.ROOT, "%-28s %8d %9.3f %10s %14s%n", m.mode(), m.calls(), m.seconds(),
                    String.format(Locale.ROOT, "%.0f", m.callsPerSecond()),
                    String.format(Locale.ROOT, "%.4f", m.cpuMillisPerCall()));
        }
        System.out.println();
        for (Measurement m : net) {
            System.out.printf(Locale.ROOT, "ratio %s / bare: calls/s %.3f, CPU per call %.1fx%n", m.mode(),
                    m.callsPerSecond() / bare.callsPerSecond(), m.cpuMillisPerCall() / bare.cpuMillisPerCall());
        }
        System.out.println("(CPU is the fuzzer JVM's only, all threads, in 10 ms ticks; the server is a separate"
                + " process.)");
    }

    private static void log(String message) {
        System.err.println("[throughput] " + message);
    }
}
