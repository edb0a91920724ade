package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.jsonrpc.ConnectionLog;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects, across target incarnations, what a server wrote that is not JSON (MCP stdio: the
 * server must not write anything to stdout that is not a valid MCP message) and reports it as one
 * {@code protocol_violation} with samples. Thread-safe.
 */
final class StdoutNoise {
    private static final int SAMPLES = 5;
    private long lines;
    private final List<String> samples = new ArrayList<>();

    synchronized void collect(Target target) {
        ConnectionLog log = target.session().rpc().log();
        lines += log.notJsonCount();
        for (ConnectionLog.Entry e : log.samples("not_json")) {
            if (samples.size() < SAMPLES) {
                samples.add(e.text());
            }
        }
    }

    /** The finding, or null when the server wrote only JSON. */
    synchronized Finding finding(String transport) {
        if (lines == 0) {
            return null;
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("non_json_frames", lines);
        ev.put("samples", List.copyOf(samples));
        return Finding.of("protocol_violation", Severity.MEDIUM, "session", "server", null,
                "the server sent " + lines + " frame(s) that are not JSON on its " + ("stdio".equals(transport)
                        ? "stdout" : "message stream") + " (clients may fail on them)", ev, "non_json_output");
    }
}
