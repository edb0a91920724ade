package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hostile report data shared by the report tests. */
public final class Fixtures {
    public static final String SCRIPT = "<script>alert(1)</script>";
    public static final String CLEAR = "\u001b[2J\u001b]0;pwned\u0007";
    public static final String BIDI = "safe\u202etxt.exe";
    public static final String SECRET_URL = "https://alice:hunter2@example.test/mcp?access_token=SECRET123&x=1";
    public static final String GITHUB = "ghp_" + "a".repeat(36);

    private Fixtures() {}

    public static RunSummary summary(String status) {
        Map<String, Map<String, Long>> perTarget = new LinkedHashMap<>();
        perTarget.put("tool:echo", Map.of("ok", 7L, "crash", 2L));
        perTarget.put("tool:" + SCRIPT, Map.of("ok", 1L, "hang", 1L));
        perTarget.put("protocol:PingRequest", Map.of("rejected", 3L));
        return new RunSummary(status, status.equals("completed") ? null : "interrupted by user", 424242L, "all",
                "both", "streamablehttp", SECRET_URL, "2025-06-18",
                Map.of("name", "evil" + CLEAR, "version", "1.0"),
                List.of("mcp-fuzzer", "--endpoint", SECRET_URL, "--api-key", "k-123456", "--max-tokens", "5"),
                "0.1.0", "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", 14L, perTarget,
                Map.of("crash", 1L, "hang", 1L, "error_leakage", 1L), Map.of("critical", 1L, "high", 1L, "medium", 1L),
                Map.of("sandbox", "fs-root /tmp/x"), List.of("warning " + CLEAR + BIDI));
    }

    public static List<Finding> findings() {
        Map<String, Object> crashEvidence = new LinkedHashMap<>();
        crashEvidence.put("input", Map.of("text", "=cmd|' /C calc'!A0", "progressToken", "p-1", "max_tokens", 5,
                "authorization", "Bearer abcdefgh123"));
        crashEvidence.put("crash", Map.of("exit_code", -6, "signal_name", "SIGABRT", "stderr_tail", List.of("panic: " + CLEAR)));
        Finding crash = Finding.of("crash", Severity.CRITICAL, "tool", "echo", 1, "Server died " + CLEAR,
                crashEvidence, "sig-1").withBucket(2, List.of(1, 4));
        Finding hang = Finding.of("hang", Severity.HIGH, "tool", "../../etc/" + SCRIPT, 0, "no answer " + BIDI,
                Map.of("input", Map.of("path", "../../etc/passwd"), "frame", "{\"jsonrpc\":\"2.0\"}"), "sig-2");
        Finding leak = Finding.of("error_leakage", Severity.MEDIUM, "protocol", "PingRequest", null,
                "@SUM(1+1) leaked " + GITHUB + " [click](javascript:alert(1)) | ` ``` <img src=x onerror=alert(1)>",
                Map.of("response", "Traceback ... token=" + GITHUB), "sig-3").withAudit("OR1", "MCP05");
        Finding info = Finding.of("performance_outlier", Severity.LOW, "tool", "echo", null, "-1+2 slow",
                Map.of(), "sig-4");
        return List.of(info, leak, hang, crash);
    }

    public static Report report(String status) {
        return Report.of("sess-1", summary(status), findings(), Redactor.standard());
    }
}
