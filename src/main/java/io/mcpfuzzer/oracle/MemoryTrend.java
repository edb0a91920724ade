package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples of the target's resident memory over a campaign; reports {@code memory_growth} when the
 * RSS grew by more than {@link #MIN_GROWTH_KB} and at least doubled within one incarnation, rising
 * in most consecutive samples. The samples of an incarnation's first {@link #WARMUP_RUNS} runs are left
 * out: a process that has just started (a JVM loading classes, V8 growing its heap) doubles its RSS over a
 * few calls, which on a loaded machine (more samples per run) looked like a trend. Thread-safe; keeps at most {@link #MAX_SAMPLES} samples: when full,
 * every second sample is dropped and only every second new one kept from then on, so the samples
 * still span the whole campaign.
 */
public final class MemoryTrend {
    public static final int MAX_SAMPLES = 10_000;
    public static final long MIN_GROWTH_KB = 48 * 1024;
    /** Growth within one incarnation that makes the unconfirmed trend medium (1 GiB). */
    public static final long THREAT_KB = 1024 * 1024;
    /** Runs after an incarnation's first sample whose samples are not judged (its start-up). */
    public static final long WARMUP_RUNS = 20;

    private record Sample(long incarnation, long runs, long rssKb) {}

    private final List<Sample> samples = new ArrayList<>();
    private long stride = 1;
    private long offered;

    public synchronized void record(long incarnation, long runs, long rssKb) {
        if (rssKb <= 0 || offered++ % stride != 0) {
            return;
        }
        if (samples.size() >= MAX_SAMPLES) {
            List<Sample> kept = new ArrayList<>(MAX_SAMPLES / 2 + 1);
            for (int i = 0; i < samples.size(); i += 2) {
                kept.add(samples.get(i));
            }
            samples.clear();
            samples.addAll(kept);
            stride *= 2;
        }
        samples.add(new Sample(incarnation, runs, rssKb));
    }

    /** The finding, or null when no growth was seen. */
    public synchronized Finding finding(String target) {
        Map<Long, List<Sample>> byIncarnation = new LinkedHashMap<>();
        for (Sample s : samples) {
            byIncarnation.computeIfAbsent(s.incarnation(), k -> new ArrayList<>()).add(s);
        }
        for (List<Sample> all : byIncarnation.values()) {
            long warm = all.get(0).runs() + WARMUP_RUNS;
            List<Sample> list = all.stream().filter(x -> x.runs() >= warm).toList();
            if (list.size() < 4) {
                continue;
            }
            Sample first = list.get(0);
            Sample last = list.get(list.size() - 1);
            int rising = 0;
            for (int i = 1; i < list.size(); i++) {
                if (list.get(i).rssKb() > list.get(i - 1).rssKb()) {
                    rising++;
                }
            }
            long growth = last.rssKb() - first.rssKb();
            if (growth > MIN_GROWTH_KB && last.rssKb() >= 2 * first.rssKb() && rising * 2 >= list.size() - 1) {
                Map<String, Object> ev = new LinkedHashMap<>();
                ev.put("rss_first_kb", first.rssKb());
                ev.put("rss_last_kb", last.rssKb());
                ev.put("runs_between", last.runs() - first.runs());
                ev.put("samples", list.size());
                boolean threat = growth >= THREAT_KB;
                ev.put("threat_growth_kb", THREAT_KB);
                return Finding.of("memory_growth", threat ? Severity.MEDIUM : Severity.LOW, "session", target, null,
                        "resident memory grew from " + first.rssKb() / 1024 + " MiB to " + last.rssKb() / 1024
                                + " MiB over " + (last.runs() - first.runs()) + " runs" + (threat ? ""
                                : " (not replayed: a garbage-collected heap grows like this too)"),
                        ev, "rss");
            }
        }
        return null;
    }
}
