package io.mcpfuzzer.safety;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * The outcome of {@link ArgumentPolicy#decide}. Immutable.
 *
 * @param verdict   allow, rewrite or block; never null
 * @param arguments the arguments to send: the caller's node when {@link Verdict#ALLOW}, a rewritten
 *                  deep copy when {@link Verdict#REWRITE}, the original (not to be sent) when
 *                  {@link Verdict#BLOCK}; never null
 * @param reason    why the call was blocked ({@code "<rule> at <pointer>: <detail>"}), or null
 *                  unless {@link Verdict#BLOCK}
 * @param rule      the rule that blocked the call, or null unless {@link Verdict#BLOCK}
 * @param rewrites  the values changed, empty unless {@link Verdict#REWRITE}; never null
 */
public record PolicyDecision(Verdict verdict, JsonNode arguments, String reason, String rule, List<Rewrite> rewrites) {
    public PolicyDecision {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(arguments, "arguments");
        rewrites = List.copyOf(rewrites);
    }

    static PolicyDecision allow(JsonNode arguments) {
        return new PolicyDecision(Verdict.ALLOW, arguments, null, null, List.of());
    }

    static PolicyDecision rewrite(JsonNode arguments, List<Rewrite> rewrites) {
        return new PolicyDecision(Verdict.REWRITE, arguments, null, null, rewrites);
    }

    static PolicyDecision block(JsonNode original, String rule, String reason) {
        return new PolicyDecision(Verdict.BLOCK, original, reason, rule, List.of());
    }

    public boolean blocked() {
        return verdict == Verdict.BLOCK;
    }
}
