package io.mcpfuzzer.safety;

import java.util.Objects;

/**
 * One argument value changed by the policy.
 *
 * @param pointer JSON Pointer (RFC 6901) of the value inside the arguments, never null
 * @param from    the original string value, never null
 * @param to      the value actually sent, never null
 * @param rule    the rule that rewrote it (for example {@code path-sandbox}), never null
 */
public record Rewrite(String pointer, String from, String to, String rule) {
    public Rewrite {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(rule, "rule");
    }
}
