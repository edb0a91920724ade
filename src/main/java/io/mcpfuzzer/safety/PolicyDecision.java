package io.mcpfuzzer.safety;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * The outcome of {@link ArgumentPolicy#decide}. Immutable.
 *
 * @param verdict   allow, rewrite or block; never null
 * @param arguments the arguments to send: the caller's node when {@link PolicyAction#ALLOW}, a rewritten
 *                  deep copy when {@link PolicyAction#REWRITE}, the original (not to be sent) when
 *                  {@link PolicyAction#BLOCK}; never null
 * @param reason    why the call was blocked ({@code "<rule> at <pointer>: <detail>"}), or null
 *                  unless {@link PolicyAction#BLOCK}
 * @param rule      the rule that blocked the call, or null unless {@link PolicyAction#BLOCK}
 * @param rewrites  the values changed, empty unless {@link PolicyAction#REWRITE}; never null
 */
public record PolicyDecision(PolicyAction verdict, JsonNode arguments, String reason, String rule, List<Rewrite> rewrites) {
    public PolicyDecision {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(arguments, "arguments");
        rewrites = List.copyOf(rewrites);
    }

    static PolicyDecision allow(JsonNode arguments) {
        return new PolicyDecision(PolicyAction.ALLOW, arguments, null, null, List.of());
    }

    static PolicyDecision rewrite(JsonNode arguments, List<Rewrite> rewrites) {
        return new PolicyDecision(PolicyAction.REWRITE, arguments, null, null, rewrites);
    }

    static PolicyDecision block(JsonNode original, String rule, String reason) {
        return new PolicyDecision(PolicyAction.BLOCK, original, reason, rule, List.of());
    }

    public boolean blocked() {
        return verdict == PolicyAction.BLOCK;
    }
}
