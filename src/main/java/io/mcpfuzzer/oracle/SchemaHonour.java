package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Finds tools whose server does not honour their own input schema: of at least {@value #MIN_CALLS}
 * answered calls with schema-valid arguments, at least {@value #MIN_RATE_PERCENT}% were rejected (a
 * JSON-RPC error or an {@code isError} result) with a text that reads as argument validation
 * ({@link ValidationText}) and either names one of the arguments sent or uses an SDK's validation
 * wording. A confirmation the tool asks for on purpose ("force must be set to true") is no
 * rejection of the schema. A rejection that blames the environment (network, missing files, credentials) is counted as
 * an answer but never as a schema rejection, so a tool that fails for outside reasons is no mismatch.
 * Calls whose arguments the safety gate rewrote are not counted. One {@code schema_mismatch} finding
 * (medium) per tool, with up to {@value #MAX_EXAMPLES} examples. Memory is bounded to
 * {@value #MAX_TOOLS} tools. Thread-safe.
 */
public final class SchemaHonour {
    public static final int MIN_CALLS = 5;
    public static final int MIN_RATE_PERCENT = 80;
    public static final int MAX_EXAMPLES = 3;
    public static final int MAX_TOOLS = 10_000;
    private static final int MAX_TEXT = 500;
    /** Shortest sent value whose quotation in an error makes it a domain error (shorter ones occur by chance). */
    static final int MIN_QUOTED = 4;
    /**
     * A confirmation a destructive tool asks for (git-mcp-server's {@code git_clean}: "force flag must
     * be set to true to clean untracked files"): the schema allows {@code false}, the tool refuses it
     * on purpose, so it is no mismatch.
     */
    private static final Pattern CONFIRMATION = Pattern.compile("(?i)must be (?:set to )?true\\b(?!\\s*(?:or\\b|/|,))"
            + "|confirm(?:ation)? (?:is )?required|requires? (?:explicit )?confirmation|set [a-z_]{1,40} to true to");
    private static final Pattern SDK_WORDING = Pattern.compile("(?i)input validation error|invalid arguments? for tool"
            + "|invalid_type|invalid_union|invalid_enum_value|expected [a-z]+, received|input should be"
            + "|validation error for");

    private static final class Tally {
        int answered;
        int rejected;
        int firstRun = Integer.MAX_VALUE;
        final List<Map<String, Object>> examples = new ArrayList<>();
    }

    private final Map<String, Tally> tools = new TreeMap<>();

    /**
     * Counts one run; only answered tool calls with {@code valid == TRUE} count.
     *
     * @param strategy generator strategy label; one ending in {@code +confined} (gate-rewritten) is skipped
     */
    public void record(String kind, String target, int run, Boolean valid, String strategy, JsonNode input,
            Reply reply) {
        if (!"tool".equals(kind) || !Boolean.TRUE.equals(valid) || reply == null || target == null
                || (strategy != null && strategy.endsWith("+confined"))) {
            return;
        }
        String text;
        if (reply.status() == Reply.Status.ERROR) {
            text = reply.errorMessage() == null ? "" : reply.errorMessage();
        } else if (reply.status() == Reply.Status.RESULT) {
            JsonNode result = reply.result();
            text = result != null && result.path("isError").asBoolean(false) ? contentText(result) : null;
        } else {
            return;
        }
        boolean schemaRejection = text != null && rejectsShape(text, input);
        synchronized (this) {
            Tally t = tools.get(target);
            if (t == null) {
                if (tools.size() >= MAX_TOOLS) {
                    return;
                }
                t = new Tally();
                tools.put(target, t);
            }
            t.answered++;
            if (schemaRejection) {
                t.rejected++;
                t.firstRun = Math.min(t.firstRun, run);
                if (t.examples.size() < MAX_EXAMPLES) {
                    Map<String, Object> ex = new LinkedHashMap<>();
                    ex.put("run", run);
                    ex.put("input", input);
                    ex.put("error", text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "..." : text);
                    t.examples.add(ex);
                }
            }
        }
    }

    /** One finding per tool over the thresholds, in tool-name order. */
    public synchronized List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        tools.forEach((name, t) -> {
            if (t.answered >= MIN_CALLS && t.rejected * 100L >= (long) MIN_RATE_PERCENT * t.answered) {
                Map<String, Object> ev = new LinkedHashMap<>();
                ev.put("valid_calls", t.answered);
                ev.put("rejected", t.rejected);
                ev.put("examples", List.copyOf(t.examples));
                out.add(Finding.of("schema_mismatch", Severity.MEDIUM, "tool", name, t.firstRun,
                        t.rejected + " of " + t.answered + " schema-valid calls were rejected as invalid arguments: "
                                + "the server does not accept what its inputSchema declares", ev, "schema_mismatch"));
            }
        });
        return out;
    }

    /** Validation wording that is not an environmental failure, naming an argument or in SDK words. */
    static boolean rejectsShape(String text, JsonNode input) {
        if (!ValidationText.isValidation(text) || ValidationText.isEnvironmental(text)) {
            return false;
        }
        if (CONFIRMATION.matcher(text).find()) {
            return false; // a deliberate guard on a value the schema allows ("force must be true to clean")
        }
        if (SDK_WORDING.matcher(text).find()) {
            return true;
        }
        if (input == null || !input.isObject()) {
            return false;
        }
        String cut = text.length() > ValidationText.MAX_INPUT ? text.substring(0, ValidationText.MAX_INPUT) : text;
        if (quotesAValue(cut, input)) {
            return false; // "Not a valid object name <the value sent>": the value is unknown, its shape was fine
        }
        String lower = cut.toLowerCase(Locale.ROOT);
        for (String name : input.propertyNames()) {
            String n = name.toLowerCase(Locale.ROOT);
            int at = n.isEmpty() ? -1 : lower.indexOf(n);
            while (at >= 0) {
                boolean startOk = at == 0 || !Character.isLetterOrDigit(lower.charAt(at - 1));
                int end = at + n.length();
                boolean endOk = end >= lower.length() || !Character.isLetterOrDigit(lower.charAt(end));
                if (startOk && endOk) {
                    return true;
                }
                at = lower.indexOf(n, at + 1);
            }
        }
        return false;
    }

    /**
     * Whether the error quotes one of the string values sent (at least {@value #MIN_QUOTED} characters): a
     * server that names the value it could not find or use judged its meaning, not its schema shape.
     */
    static boolean quotesAValue(String text, JsonNode input) {
        int n = 0;
        for (var e : input.properties()) {
            if (n++ >= 100) {
                break;
            }
            JsonNode v = e.getValue();
            if (v.isString() && v.asString().length() >= MIN_QUOTED && text.contains(v.asString())) {
                return true;
            }
        }
        return false;
    }

    private static String contentText(JsonNode result) {
        StringBuilder sb = new StringBuilder();
        for (JsonNode block : result.path("content")) {
            JsonNode t = block.get("text");
            if (t != null && t.isString() && sb.length() < ValidationText.MAX_INPUT) {
                sb.append(t.asString()).append('\n');
            }
        }
        return sb.toString();
    }
}
