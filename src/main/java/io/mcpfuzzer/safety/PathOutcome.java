package io.mcpfuzzer.safety;

/**
 * The result of {@link PathSandbox#confine}.
 *
 * @param value         the value to send (original or rewritten); null when blocked
 * @param rewritten     true when {@code value} differs from the input
 * @param blockedReason why the value cannot be confined, or null
 */
public record PathOutcome(String value, boolean rewritten, String blockedReason) {
    static PathOutcome unchanged(String value) {
        return new PathOutcome(value, false, null);
    }

    static PathOutcome rewritten(String value) {
        return new PathOutcome(value, true, null);
    }

    static PathOutcome blocked(String reason) {
        return new PathOutcome(null, false, reason);
    }

    public boolean blocked() {
        return blockedReason != null;
    }
}
