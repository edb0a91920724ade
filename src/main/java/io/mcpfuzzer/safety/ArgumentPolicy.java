package io.mcpfuzzer.safety;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Decides, before a value is sent to the target, whether it may go out as it is, must be rewritten,
 * or must not be sent at all; the session's outbound choke point asks it for every frame (tool
 * arguments with their schema, resource URIs, prompt arguments, any other message, frame text).
 * Knows nothing of MCP: it sees a name, an optional JSON Schema and JSON. Immutable, thread-safe.
 *
 * <p>Every string value is visited (iteratively, no recursion). In order:
 * <ol>
 *   <li>if an fs-root is set and {@link PathDetector} says the value is a path, the
 *       {@link PathSandbox} confines it (rewrite, or block on a symlink escape); such a value is not
 *       checked further;</li>
 *   <li>when the blocking rules are on (default; {@code --no-safety} turns them off), the
 *       {@link DangerRules} run: {@code destructive-command}, {@code sensitive-file}; then, under
 *       {@code --no-network}, {@code network-url}. The first match blocks the call.</li>
 * </ol>
 * With an fs-root, a number or boolean at a path parameter is blocked too: a server that turns it into
 * a file name would resolve it against its working directory. A {@code file:} URI at a path parameter
 * is rewritten to the plain confined path.
 * Path confinement and {@code network-url} stay on under {@code --no-safety} when an fs-root or
 * {@code --no-network} was given: the user asked for them explicitly. Arguments too large to inspect (more than {@value #MAX_NODES} nodes or
 * {@value #MAX_CHARS} characters of strings) are blocked: the policy fails closed.
 */
public final class ArgumentPolicy {
    static final int MAX_NODES = 200_000;
    static final int MAX_CHARS = 32 * 1024 * 1024;

    private final boolean rulesEnabled;
    private final PathSandbox sandbox;
    private final NetworkPolicy network;

    /**
     * @param rulesEnabled false for {@code --no-safety}
     * @param sandbox      the fs-root sandbox, or null when no {@code --fs-root} was given
     * @param network      the network policy (never null)
     */
    public ArgumentPolicy(boolean rulesEnabled, PathSandbox sandbox, NetworkPolicy network) {
        this.rulesEnabled = rulesEnabled;
        this.sandbox = sandbox;
        this.network = java.util.Objects.requireNonNull(network, "network");
    }

    /** A policy that allows everything unchanged (no rules, no fs-root). */
    public static ArgumentPolicy allowAll() {
        return new ArgumentPolicy(false, null, NetworkPolicy.open());
    }

    public boolean rulesEnabled() {
        return rulesEnabled;
    }

    /**
     * @param toolName  used only in reasons; may be null
     * @param schema    the tool's input schema, or null
     * @param arguments the arguments (any JSON; null is treated as JSON null). Never modified.
     */
    public PolicyDecision decide(String toolName, JsonNode schema, JsonNode arguments) {
        return decide(schema, arguments, true);
    }

    /**
     * The decision for a resource URI ({@code resources/read}, {@code subscribe}): a {@code file:} URI
     * is confined to the fs-root (or, without one, blocked under {@code --no-network} when it names a
     * non-local host); any URL of a network scheme ({@code http, https, ws, ftp, ...}) in it must name
     * a host the network policy allows; the blocking rules apply as to any string. Other schemes
     * ({@code test://static/1}) are the server's own names and are not network addresses.
     *
     * @return ALLOW, REWRITE (a {@link StringNode} with the confined URI) or BLOCK
     */
    public PolicyDecision decideUri(String uri) {
        return decide(null, StringNode.valueOf(uri == null ? "" : uri), false);
    }

    /**
     * The decision for a frame that is not JSON: its text is scanned (see {@link TextScan}); it can
     * only be allowed as it is or blocked.
     */
    public PolicyDecision decideText(String text) {
        return TextScan.decide(text, rulesEnabled, sandbox, network);
    }

    /** True when no check is active (no rules, no fs-root, network allowed): everything is allowed. */
    public boolean inactive() {
        return !rulesEnabled && sandbox == null && !network.networkDenied();
    }

    private PolicyDecision decide(JsonNode schema, JsonNode arguments, boolean anyScheme) {
        JsonNode original = arguments == null ? tools.jackson.databind.node.NullNode.getInstance() : arguments;
        if (inactive()) {
            return PolicyDecision.allow(original);
        }
        List<Rewrite> rewrites = new ArrayList<>();
        List<Replacement> replacements = new ArrayList<>();
        if (original.isString()) {
            Object r = checkString(null, schema, original.asString(), "", rewrites, anyScheme);
            if (r instanceof PolicyDecision block) {
                return PolicyDecision.block(original, block.rule(), block.reason());
            }
            return r == null ? PolicyDecision.allow(original)
                    : PolicyDecision.rewrite(StringNode.valueOf((String) r), rewrites);
        }
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(original, schema, null, ""));
        int nodes = 0;
        long chars = 0;
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            if (++nodes > MAX_NODES) {
                return PolicyDecision.block(original, "inspection-limit", "more than " + MAX_NODES + " JSON nodes");
            }
            if (f.node instanceof ObjectNode obj) {
                for (Map.Entry<String, JsonNode> e : obj.properties()) {
                    String pointer = f.pointer + "/" + escape(e.getKey());
                    JsonNode childSchema = child(f.schema, "properties", e.getKey());
                    JsonNode v = e.getValue();
                    if (v.isString()) {
                        chars += v.asString().length();
                        Object r = checkString(e.getKey(), childSchema, v.asString(), pointer, rewrites, anyScheme);
                        if (r instanceof PolicyDecision block) {
                            return PolicyDecision.block(original, block.rule(), block.reason());
                        } else if (r != null) {
                            replacements.add(new Replacement(obj, e.getKey(), -1, (String) r));
                        }
                    } else if (v.isContainer()) {
                        stack.push(new Frame(v, childSchema, e.getKey(), pointer));
                    } else if (sandbox != null && (v.isNumber() || v.isBoolean())
                            && PathDetector.scalarMayBePath(e.getKey(), childSchema)) {
                        return PolicyDecision.block(original, "path-sandbox", "path-sandbox at " + pointer + ": " + v
                                + " where a path is expected (a server that takes it as a name would resolve it"
                                + " against its working directory, outside the fs-root)");
                    }
                }
            } else if (f.node instanceof ArrayNode arr) {
                JsonNode items = f.schema != null && f.schema.isObject() ? f.schema.get("items") : null;
                for (int i = 0; i < arr.size(); i++) {
                    String pointer = f.pointer + "/" + i;
                    JsonNode v = arr.get(i);
                    if (v.isString()) {
                        chars += v.asString().length();
                        Object r = checkString(f.key, items, v.asString(), pointer, rewrites, anyScheme);
                        if (r instanceof PolicyDecision block) {
                            return PolicyDecision.block(original, block.rule(), block.reason());
                        } else if (r != null) {
                            replacements.add(new Replacement(arr, null, i, (String) r));
                        }
                    } else if (v.isContainer()) {
                        stack.push(new Frame(v, items, f.key, pointer));
                    } else if (sandbox != null && (v.isNumber() || v.isBoolean())
                            && PathDetector.scalarMayBePath(f.key, items)) {
                        return PolicyDecision.block(original, "path-sandbox", "path-sandbox at " + pointer + ": " + v
                                + " where a path is expected");
                    }
                }
            }
            if (chars > MAX_CHARS) {
                return PolicyDecision.block(original, "inspection-limit", "more than " + MAX_CHARS + " characters of strings");
            }
        }
        return rewrites.isEmpty() ? PolicyDecision.allow(original)
                : PolicyDecision.rewrite(JsonCopy.withReplacements(original, replacements), rewrites);
    }

    /** Null to keep the value, a String to replace it, or a blocking PolicyDecision. */
    private Object checkString(String key, JsonNode schema, String value, String pointer, List<Rewrite> rewrites,
            boolean anyScheme) {
        String at = pointer.isEmpty() ? "/" : pointer;
        if (sandbox != null && PathDetector.isPathLike(key, schema, value)) {
            PathOutcome o = sandbox.confine(value, PathDetector.isPathHint(key, schema));
            if (o.blocked()) {
                return PolicyDecision.block(tools.jackson.databind.node.NullNode.getInstance(), "path-sandbox",
                        "path-sandbox at " + at + ": " + o.blockedReason());
            }
            if (o.rewritten()) {
                rewrites.add(new Rewrite(at, value, o.value(), "path-sandbox"));
                return o.value();
            }
            return null;
        }
        Optional<DangerRules.Hit> hit = DangerRules.firstHit(value, rulesEnabled, network, anyScheme);
        if (hit.isPresent()) {
            return PolicyDecision.block(tools.jackson.databind.node.NullNode.getInstance(), hit.get().rule(),
                    hit.get().rule() + " at " + at + ": " + hit.get().match());
        }
        return null;
    }

    private static JsonNode child(JsonNode schema, String field, String name) {
        if (schema == null || !schema.isObject()) {
            return null;
        }
        JsonNode props = schema.get(field);
        return props != null && props.isObject() ? props.get(name) : null;
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private record Frame(JsonNode node, JsonNode schema, String key, String pointer) {}

    /** Replace member {@code key} (objects) or element {@code index} (arrays) of {@code container}. */
    record Replacement(JsonNode container, String key, int index, String value) {}
}
