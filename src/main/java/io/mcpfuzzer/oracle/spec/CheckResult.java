package io.mcpfuzzer.oracle.spec;

import java.util.Map;
import java.util.Objects;

/**
 * The result of one spec check against one server.
 *
 * @param check    the check that ran
 * @param status   its verdict
 * @param message  one line explaining the verdict
 * @param evidence what was sent and what came back (strings, bounded); never null
 */
public record CheckResult(SpecCheck check, CheckStatus status, String message, Map<String, Object> evidence) {
    public CheckResult {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(status, "status");
        message = message == null ? "" : message;
        evidence = evidence == null ? Map.of() : Map.copyOf(evidence);
    }

    public String checkId() {
        return check.id();
    }
}
