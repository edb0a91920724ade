package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.jsonrpc.Outbound;
import io.mcpfuzzer.jsonrpc.OutboundPolicy;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.safety.ArgumentPolicy;
import io.mcpfuzzer.safety.PolicyDecision;
import io.mcpfuzzer.safety.Rewrite;
import io.mcpfuzzer.safety.SafetyContext;
import io.mcpfuzzer.safety.SafetyReport;
import io.mcpfuzzer.safety.PolicyAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The safety choke point: the {@link OutboundPolicy} installed on every session of a campaign, so
 * that every frame the fuzzer writes to the target passes the argument, path and network policy,
 * whichever fuzzer, probe or audit produced it. Thread-safe.
 *
 * <p>Per message (each element of a batch alike):
 * <ul>
 *   <li>{@code tools/call}: {@code params.arguments} by the {@link ArgumentPolicy} with the tool's
 *       input schema (learnt from the session's {@code tools/list} results);</li>
 *   <li>{@code prompts/get}: {@code params.arguments} by the same policy, without a schema;</li>
 *   <li>{@code resources/read}, {@code resources/subscribe}, {@code resources/unsubscribe}:
 *       {@code params.uri} by {@link ArgumentPolicy#decideUri};</li>
 *   <li>everything else in the message (any method, any params, the envelope): every string by the
 *       value-level policy without a schema. A value there may be rewritten only inside
 *       {@code params} and not at {@code params.name} (an identifier: changing it would call
 *       something else); any other rewrite blocks the message.</li>
 * </ul>
 * A frame that is not strict JSON is judged by its text ({@link ArgumentPolicy#decideText}); raw
 * bytes are never rewritten (a needed rewrite blocks them). Every rewrite or block is recorded in
 * the {@link SafetyReport}, under the tool name for {@code tools/call} and the method otherwise.
 */
public final class OutboundSafety implements OutboundPolicy {
    private static final int MAX_SCHEMAS = 10_000;
    private static final int MAX_SUMMARY = 500;

    private final ArgumentPolicy policy;
    private final SafetyReport report;
    private final Map<String, JsonNode> schemas = new ConcurrentHashMap<>();

    public OutboundSafety(ArgumentPolicy policy, SafetyReport report) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.report = Objects.requireNonNull(report, "report");
    }

    /** The choke point over a campaign's safety context (its policy, recording into its report). */
    public static OutboundSafety of(SafetyContext safety) {
        return new OutboundSafety(safety.argumentPolicy(), safety.report());
    }

    /**
     * Prepares a new session before it starts: installs this policy on its connection (unless no
     * check is active) and learns tool schemas from its listings.
     */
    public void install(McpSession session) {
        session.onToolsListed(this::learnTools);
        if (!policy.inactive()) {
            session.rpc().outboundPolicy(this);
        }
    }

    /** Remembers each listed tool's input schema (the latest listing wins). */
    public void learnTools(List<JsonNode> tools) {
        for (JsonNode tool : tools) {
            JsonNode name = tool.get("name");
            JsonNode schema = tool.get("inputSchema");
            if (name != null && name.isString() && schema != null && schema.isObject()
                    && (schemas.size() < MAX_SCHEMAS || schemas.containsKey(name.asString()))) {
                schemas.put(name.asString(), schema);
            }
        }
    }

    @Override
    public Outbound check(JsonNode message, String text, boolean raw) {
        if (policy.inactive()) {
            return Outbound.SEND;
        }
        String label;
        PolicyDecision d;
        if (message == null) {
            label = "(frame)";
            d = policy.decideText(text);
        } else if (message.isArray()) {
            label = "(batch)";
            d = judgeBatch((ArrayNode) message);
        } else {
            label = label(message);
            d = judgeMessage(message);
        }
        if (raw && d.verdict() == PolicyAction.REWRITE) {
            d = new PolicyDecision(PolicyAction.BLOCK, d.arguments(), "raw frame would need rewriting: " + summary(d.rewrites()),
                    d.rewrites().get(0).rule(), List.of());
        }
        report.record(label, d);
        return switch (d.verdict()) {
            case ALLOW -> Outbound.SEND;
            case REWRITE -> Outbound.rewrite(d.arguments(), summary(d.rewrites()));
            case BLOCK -> Outbound.block(d.reason());
        };
    }

    private PolicyDecision judgeBatch(ArrayNode batch) {
        List<Rewrite> rewrites = new ArrayList<>();
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < batch.size(); i++) {
            PolicyDecision d = judgeMessage(batch.get(i));
            if (d.blocked()) {
                return new PolicyDecision(PolicyAction.BLOCK, batch, "batch element " + i + ": " + d.reason(), d.rule(), List.of());
            }
            for (Rewrite r : d.rewrites()) {
                rewrites.add(new Rewrite("/" + i + r.pointer(), r.from(), r.to(), r.rule()));
            }
            out.add(d.arguments());
        }
        return rewrites.isEmpty() ? allow(batch) : new PolicyDecision(PolicyAction.REWRITE, out, null, null, rewrites);
    }

    private PolicyDecision judgeMessage(JsonNode message) {
        if (!(message instanceof ObjectNode obj)) {
            return envelopeOnly(message, policy.decide(null, null, message));
        }
        String method = obj.path("method").isString() ? obj.get("method").asString() : null;
        JsonNode params = obj.get("params");
        String member = specialMember(method);
        JsonNode special = member != null && params instanceof ObjectNode p ? p.get(member) : null;
        if (special == null) {
            return withinParams(obj, policy.decide(method, null, obj));
        }
        PolicyDecision sd = judgeSpecial(method, (ObjectNode) params, special);
        if (sd.blocked()) {
            return sd;
        }
        ObjectNode rest = shallowCopy(obj);
        ObjectNode restParams = shallowCopy((ObjectNode) params);
        restParams.remove(member);
        rest.set("params", restParams);
        PolicyDecision gd = withinParams(rest, policy.decide(method, null, rest));
        if (gd.blocked()) {
            return gd;
        }
        if (sd.verdict() == PolicyAction.ALLOW && gd.verdict() == PolicyAction.ALLOW) {
            return allow(obj);
        }
        ObjectNode out = (ObjectNode) gd.arguments();
        ((ObjectNode) out.get("params")).set(member, sd.arguments());
        List<Rewrite> rewrites = new ArrayList<>();
        String prefix = "/params/" + member;
        for (Rewrite r : sd.rewrites()) {
            rewrites.add(new Rewrite(r.pointer().equals("/") ? prefix : prefix + r.pointer(), r.from(), r.to(), r.rule()));
        }
        rewrites.addAll(gd.rewrites());
        return new PolicyDecision(PolicyAction.REWRITE, out, null, null, rewrites);
    }

    private PolicyDecision judgeSpecial(String method, ObjectNode params, JsonNode special) {
        String name = params.path("name").isString() ? params.get("name").asString() : null;
        return switch (method) {
            case "tools/call" -> policy.decide(name, name == null ? null : schemas.get(name), special);
            case "prompts/get" -> policy.decide(name, null, special);
            default -> special.isString() ? policy.decideUri(special.asString()) : policy.decide(method, null, special);
        };
    }

    /** Keeps a rewrite only inside {@code params} (not at {@code params.name}); any other one blocks. */
    private static PolicyDecision withinParams(JsonNode original, PolicyDecision d) {
        for (Rewrite r : d.rewrites()) {
            if (!r.pointer().startsWith("/params/") || r.pointer().equals("/params/name")) {
                return envelopeBlock(original, r);
            }
        }
        return d;
    }

    private static PolicyDecision envelopeOnly(JsonNode original, PolicyDecision d) {
        return d.verdict() == PolicyAction.REWRITE ? envelopeBlock(original, d.rewrites().get(0)) : d;
    }

    private static PolicyDecision envelopeBlock(JsonNode original, Rewrite r) {
        return new PolicyDecision(PolicyAction.BLOCK, original, r.rule() + " at " + r.pointer() + ": '" + cut(r.from(), 80)
                + "' is outside the fs-root and cannot be rewritten there", r.rule(), List.of());
    }

    private static String specialMember(String method) {
        if (method == null) {
            return null;
        }
        return switch (method) {
            case "tools/call", "prompts/get" -> "arguments";
            case "resources/read", "resources/subscribe", "resources/unsubscribe" -> "uri";
            default -> null;
        };
    }

    private static String label(JsonNode message) {
        String method = message.path("method").isString() ? message.get("method").asString() : "(no method)";
        JsonNode name = message.path("params").get("name");
        return "tools/call".equals(method) && name != null && name.isString() ? name.asString() : method;
    }

    private static ObjectNode shallowCopy(ObjectNode node) {
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        node.properties().forEach(e -> copy.set(e.getKey(), e.getValue()));
        return copy;
    }

    private static PolicyDecision allow(JsonNode node) {
        return new PolicyDecision(PolicyAction.ALLOW, node, null, null, List.of());
    }

    private static String summary(List<Rewrite> rewrites) {
        StringBuilder sb = new StringBuilder("confined");
        for (Rewrite r : rewrites) {
            if (sb.length() > MAX_SUMMARY) {
                sb.append(" ...");
                break;
            }
            sb.append(' ').append(r.pointer()).append(": ").append(cut(r.from(), 80)).append(" -> ").append(cut(r.to(), 120));
        }
        return sb.toString();
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "...";
    }
}
