package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.RunSummary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ContainerNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Removes credentials from everything the fuzzer writes or prints, and nothing else: the rest of
 * every text stays byte-exact (evidence must say what was sent and received). Three mechanisms:
 * <ul>
 *   <li>the user's own secrets ({@link UserSecrets}: header values, auth tokens, credential
 *       environment values), masked wherever they occur;</li>
 *   <li>by key ({@link #isSensitiveKey}): the whole value under a credential key becomes
 *       {@value #MASK}; keys and structure stay, null and empty values stay (nothing to hide);</li>
 *   <li>by shape ({@link #redact(String)}): credential-shaped text inside any string (URL user
 *       info, {@code Bearer ...}, JWTs, cloud and SaaS keys, private key blocks, {@code password=...})
 *       is masked in place, the rest of the text is kept.</li>
 * </ul>
 * Protocol and model fields such as {@code progressToken} and {@code max_tokens} are kept.
 * Idempotent, stateless, thread-safe; never throws for any input.
 */
public final class Redactor {
    /** The replacement text. */
    public static final String MASK = "[REDACTED]";
    private static final Redactor STANDARD = new Redactor(UserSecrets.none());
    private static final String TOO_DEEP = "[TRUNCATED: nested deeper than " + ReportJson.MAX_DEPTH + "]";

    private final UserSecrets secrets;

    private Redactor(UserSecrets secrets) {
        this.secrets = secrets;
    }

    /** The standard rule set. */
    public static Redactor standard() {
        return STANDARD;
    }

    /** The standard rules plus the user's own secret values, masked wherever they occur. */
    public static Redactor withSecrets(UserSecrets secrets) {
        return secrets == null || secrets.isEmpty() ? STANDARD : new Redactor(secrets);
    }

    /** True when a key, header, query parameter or option name denotes a credential. */
    public boolean isSensitiveKey(String key) {
        String name = key == null ? null : key.replaceFirst("^-{1,2}", "");
        return CredentialKeys.isSensitive(name);
    }

    /** Masks credential-shaped parts of free text (logs, details, endpoints); null stays null. */
    public String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        return CredentialPatterns.apply(secrets.mask(text));
    }

    /** A redacted copy of a JSON tree (the argument is not modified); null gives null. */
    public JsonNode redact(JsonNode node) {
        return node == null ? null : redactNode(node, 0);
    }

    /** Any evidence value (map, list, node, string, number...) as a redacted JSON tree. */
    public JsonNode redactValue(Object value) {
        return redact(ReportJson.toTree(value));
    }

    /** A redacted copy of a map; values become JSON trees. Insertion order is kept. */
    public Map<String, Object> redactMap(Map<String, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (map == null) {
            return out;
        }
        for (Map.Entry<String, ?> entry : map.entrySet()) {
            JsonNode value = ReportJson.toTree(entry.getValue());
            out.put(entry.getKey(), maskedByKey(entry.getKey(), value) ? StringNode.valueOf(MASK) : redactNode(value, 1));
        }
        return out;
    }

    /**
     * Redacts a command line: credential shapes in every argument, {@code --secret=x} forms, and
     * the argument following a credential option ({@code --api-key x}, {@code -H 'Authorization: ...'}
     * is handled by shape).
     */
    public List<String> redactCommandLine(List<String> args) {
        List<String> out = new ArrayList<>();
        if (args == null) {
            return out;
        }
        boolean maskNext = false;
        for (String arg : args) {
            if (maskNext && arg != null && !arg.startsWith("-")) {
                out.add(MASK);
                maskNext = false;
                continue;
            }
            maskNext = arg != null && arg.startsWith("-") && !arg.contains("=") && isSensitiveKey(arg);
            int eq = arg == null || !arg.startsWith("-") ? -1 : arg.indexOf('=');
            if (eq > 0 && eq < arg.length() - 1 && isSensitiveKey(arg.substring(0, eq))) {
                out.add(arg.substring(0, eq + 1) + MASK); // an option's value is the user's: any length
                continue;
            }
            out.add(redact(arg));
        }
        return out;
    }

    /** A finding with redacted detail, signature and evidence. */
    public Finding redact(Finding f) {
        return new Finding(f.id(), f.category(), f.severity(), f.kind(), redact(f.target()), f.run(),
                redact(f.detail()), redactMap(f.evidence()), redact(f.signature()), f.count(), f.runs(),
                f.checkId(), f.owasp());
    }

    /** A run with redacted input, raw input and response excerpt. */
    public RunResult redact(RunResult r) {
        return new RunResult(r.kind(), redact(r.target()), r.run(), r.phase(), redact(r.input()),
                redact(r.rawInput()), r.inputValid(), r.outcome(), r.latencyMs(), r.errorCode(),
                redact(r.response()), r.findings());
    }

    /** A summary with redacted endpoint, reason, server info, command line, containment and warnings. */
    public RunSummary redact(RunSummary s) {
        return new RunSummary(s.status(), redact(s.statusReason()), s.seed(), s.mode(), s.phase(), s.transport(),
                redact(s.endpoint()), s.protocolVersion(), redactMap(s.serverInfo()),
                redactCommandLine(s.commandLine()), s.fuzzerVersion(), s.startedAt(), s.endedAt(), s.totalRuns(),
                s.perTarget(), s.findingsByCategory(), s.findingsBySeverity(), redactMap(s.containment()),
                s.warnings() == null ? List.of() : s.warnings().stream().map(this::redact).toList(),
                redactMap(s.fuzzerErrors()), redactMap(s.toolDiscovery()), s.fuzzedTools(), s.shard());
    }

    private boolean maskedByKey(String key, JsonNode value) {
        if (!isSensitiveKey(key) || value == null || value.isNull()) {
            return false;
        }
        return !(value.isString() && (value.asString().isEmpty() || value.asString().equals(MASK)));
    }

    /**
     * Redacted copy of a tree, walked with an explicit stack (never recursion, so any depth is
     * safe on any thread); anything nested deeper than {@link ReportJson#MAX_DEPTH} becomes {@link #TOO_DEEP}.
     */
    private JsonNode redactNode(JsonNode root, int depth) {
        Deque<Frame> stack = new ArrayDeque<>();
        JsonNode out = step(root, depth, stack);
        while (!stack.isEmpty()) {
            Frame frame = stack.peek();
            if (!frame.source().hasNext()) {
                stack.pop();
                continue;
            }
            Object next = frame.source().next();
            if (frame.target() instanceof ObjectNode object) {
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) next;
                String name = (String) entry.getKey();
                String redacted = redact(name);
                String key = redacted;
                while (object.has(key)) { // keys that redact alike are numbered, not grown (linear)
                    int n = frame.clashes().merge(redacted, 1, Integer::sum);
                    key = redacted + "#" + (n == 1 ? "" : n);
                }
                JsonNode value = (JsonNode) entry.getValue();
                object.set(key, maskedByKey(name, value) ? StringNode.valueOf(MASK) : step(value, frame.depth() + 1, stack));
            } else {
                ((ArrayNode) frame.target()).add(step((JsonNode) next, frame.depth() + 1, stack));
            }
        }
        return out;
    }

    /** A redacted scalar, or a new empty container whose entries are queued on {@code stack}. */
    private JsonNode step(JsonNode node, int depth, Deque<Frame> stack) {
        if (depth > ReportJson.MAX_DEPTH) {
            return StringNode.valueOf(TOO_DEEP);
        }
        if (node.isString()) {
            String text = node.asString();
            String clean = redact(text);
            return clean.equals(text) ? node : StringNode.valueOf(clean);
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            stack.push(new Frame(node.values().iterator(), copy, depth, null));
            return copy;
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            stack.push(new Frame(node.properties().iterator(), copy, depth, new java.util.HashMap<>()));
            return copy;
        }
        return node;
    }

    /** A container being copied: the source's remaining entries, the copy, the copy's depth. */
    /** One container being copied; {@code clashes} counts redacted keys seen twice (objects only). */
    private record Frame(Iterator<?> source, ContainerNode<?> target, int depth, Map<String, Integer> clashes) {}
}
