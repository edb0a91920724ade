package io.mcpfuzzer.oracle.spec;

/** Verdict of one spec check. */
public enum CheckStatus {
    /** The server did what the specification requires. */
    PASS,
    /** A SHOULD was not followed, or the behaviour is allowed but unusual. */
    WARN,
    /** A MUST was violated. */
    FAIL,
    /** The check does not apply (capability not declared, nothing to probe). */
    SKIP
}
