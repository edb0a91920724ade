package io.mcpfuzzer.safety;

/** What the {@link ArgumentPolicy} decided for one tool call. */
public enum PolicyAction {
    /** Send the arguments unchanged. */
    ALLOW,
    /** Send the rewritten arguments (see {@link PolicyDecision#rewrites()}). */
    REWRITE,
    /** Do not send the call; record outcome {@code safety_blocked} with the reason. */
    BLOCK
}
