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
 * <p>Campaign rows are shown gross (a whole campaign: server JVM start, initialize, tools/list,
 * the runs, stop) and net (minus the median cost of a campaign with zero runs, measured here).
 *
 * <p>Arguments: {@code --runs N} (campaign runs, default 5000), {@code --bare-calls N} (default
 * 20000), {@code --concurrency 1,5}, {@code --seed N} (default 1).
 */
public final class Throughput {
    private int runs = 5_000;
    private long bareCalls = 20_000;
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
        log("warming up (campaign of " + Math.max(300, runs / 5) + " runs, bare loop of " + bareCalls / 5 + " calls)");
        probe.run(Math.max(300, runs / 5), concurrency[0]);
        List<Measurement> rows = new ArrayList<>();
        log("start-up cost: 3 campaigns of 0 runs");
        Measurement startup = startupCost(probe);
        rows.add(startup);
        List<Measurement> net = new ArrayList<>();
        for (int c : concurrency) {
            log("campaign, " + runs + " runs, concurrency " + c);
            Measurement gross = Measurement.time("campaign c=" + c + " gross", () -> probe.run(runs, c));
            rows.add(gross);
            Measurement n = gross.minus(startup, "campaign c=" + c + " net");
            rows.add(n);
            net.add(n);
        }
        Measurement bare;
        try (BareLoop loop = new BareLoop()) {
            loop.run(bareCalls / 5);
            log("bare loop, " + bareCalls + " calls");
            bare = Measurement.time("bare loop", () -> loop.run(bareCalls));
        }
        rows.add(bare);
        print(rows, net, bare);
    }

    /** Median of three zero-run campaigns: start the server, initialize, list tools, stop it. */
    private static Measurement startupCost(CampaignProbe probe) throws Exception {
        List<Measurement> samples = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            samples.add(Measurement.time("startup", () -> probe.run(0, 1)));
        }
        samples.sort((a, b) -> Long.compare(a.wallNanos(), b.wallNanos()));
        Measurement median = samples.get(1);
        return new Measurement("campaign start-up (0 runs)", 0, median.wallNanos(), median.cpuNanos());
    }

    private static void print(List<Measurement> rows, List<Measurement> net, Measurement bare) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%-28s %8s %9s %10s %14s%n", "mode", "calls", "seconds", "calls/s",
                "CPU ms/call");
        for (Measurement m : rows) {
            System.out.printf(Locale.ROOT, "%-28s %8d %9.3f %10s %14s%n", m.mode(), m.calls(), m.seconds(),
                    m.calls() == 0 ? "-" : String.format(Locale.ROOT, "%.0f", m.callsPerSecond()),
                    m.calls() == 0 ? String.format(Locale.ROOT, "(%.0f total)", m.cpuNanos() / 1e6)
                            : String.format(Locale.ROOT, "%.4f", m.cpuMillisPerCall()));
        }
        System.out.println();
        for (Measurement m : net) {
            System.out.printf(Locale.ROOT, "ratio %s / bare: calls/s %.3f, CPU per call %.1fx%n", m.mode(),
                    m.callsPerSecond() / bare.callsPerSecond(), m.cpuMillisPerCall() / bare.cpuMillisPerCall());
        }
        System.out.println("(CPU is the fuzzer JVM's only, all threads; the server is a separate process.)");
    }

    private static void log(String message) {
        System.err.println("[throughput] " + message);
    }
}
