package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Judges one run from its {@link Observation}. Thread-safe; its only state is what it is given to
 * consult ({@link KnownText}) and the count of {@link #environment()} failures; aggregate verdicts
 * (non-determinism, memory growth, latency outliers) live in their own detectors.
 *
 * <p>Rules: the peer dying is a {@code crash}; no answer by the deadline is a {@code hang}, unless
 * the server still answered a later ping and the request was valid: then it is slow, not dropped
 * (outcome and category {@code timeout}, one medium finding per target); another request left
 * unanswered while a later ping was answered is a silent drop ({@code protocol_violation}; the
 * evidence's {@code decided_by} says whether a barrier ping or the deadline decided it); an answer
 * over the frame cap is {@code oversized_response}; error code -32603 is
 * {@code internal_error}, unless its text blames the network or missing credentials (no finding, counted
 * in {@link #environment()}); stack traces, paths or SQL errors in any answer are
 * {@code error_leakage} (one root cause per server and main kind, a path also by its first folders, naming every
 * kind the answer leaks), except text the input itself carried and the answer echoes, and paths the
 * fuzzer sent or the server publishes ({@link KnownText}); a hostile string of the input echoed
 * verbatim inside other text of a normal answer is a low {@code injection_reflection} (an echo proves
 * nothing was executed; not in a {@code prompts/get} answer, whose job is to carry the arguments, nor
 * in an error, nor when the string is a whole data value or was stored earlier in the session:
 * {@link Reflection}); a normal answer to a schema-invalid input is {@code accepted_malformed}, and
 * {@code silent_garbage} when its text carries {@code NaN}, {@code undefined}, {@code [object Object]}
 * or the like ({@link SilentGarbage}); a response that breaks JSON-RPC is {@code protocol_violation}.
 * A -32603 whose text is argument validation ({@link ValidationText}) is one {@code internal_error}
 * per server, {@code low} for an invalid input.
 * Output of an executed command ({@code uid=0(root) gid=0(root)}, a passwd line, a shell's "not found"
 * naming an injected word, a Windows volume serial) in any answer to an input carrying a shell
 * metacharacter is a high {@code command_injection} ({@link CommandEvidence}), unless the fuzzer sent
 * that text or the server publishes it.
 * A normal answer to a valid input is no finding.
 *
 * <p>Root causes merge across targets ({@link Finding#cause}): a crash by its stack signature, a
 * hang (the server stopped answering, pings included) into one per server, a silent drop into one
 * per server, and an internal error by the shape of its message ({@link MessageShape}).
 */
public final class Classifier {
    /** Characters of an answer kept as evidence. */
    public static final int EXCERPT = 2_000;

    private final KnownText known;
    private final EnvironmentFailures environment = new EnvironmentFailures();

    /** A classifier that knows nothing of the session (every path and echo counts). */
    public Classifier() {
        this(new KnownText());
    }

    /** A classifier consulting what the target was sent and publishes (see {@link KnownText}). */
    public Classifier(KnownText known) {
        this.known = java.util.Objects.requireNonNull(known, "known");
    }

    /** The -32603 answers and tool errors that blamed the environment, counted instead of judged. */
    public EnvironmentFailures environment() {
        return environment;
    }

    public Verdict judge(Observation o) {
        Reply reply = o.reply();
        List<Finding> findings = new ArrayList<>();
        String outcome;
        switch (reply.status()) {
            case CLOSED -> {
                outcome = "crash";
                findings.add(crash(o));
            }
            case TIMEOUT -> {
                if (Reply.BY_DEADLINE.equals(reply.decidedBy())) { // slow: the server still answered a ping
                    outcome = "timeout";
                    // low: a valid call that is merely slow proves no defect (the tool may do what was asked); one
                    // cause per server, listing its targets: what makes calls wait while the server answers pings is
                    // mostly shared (a browser or service it waits for; 17 tools of a browser server without one)
                    findings.add(cause(o, "timeout", Severity.LOW, reply.detail(), evidence(o), "slow_request"));
                    break;
                }
                if (Reply.BY_QUEUE.equals(reply.decidedBy())) { // another run's hang, which that run reports
                    outcome = "timeout";
                    break;
                }
                outcome = "hang";
                String why = reply.detail() != null ? reply.detail()
                        : "no answer within " + Math.round(reply.latencyMillis()) + " ms";
                Map<String, Object> ev = evidence(o);
                String tail = o.crash() == null ? null : o.crash().stderrTail();
                if (tail != null && !tail.isBlank()) {
                    ev.put("stderr_tail", tail.length() > EXCERPT ? tail.substring(tail.length() - EXCERPT) : tail);
                }
                findings.add(cause(o, "hang", Severity.HIGH, why, ev, "hang"));
            }
            case OVERSIZED -> {
                outcome = "oversized_response";
                findings.add(finding(o, "oversized_response", Severity.MEDIUM, reply.detail(), evidence(o), "oversized"));
            }
            case SEND_FAILED -> outcome = "transport_error";
            case DROPPED -> {
                outcome = "protocol_violation";
                // JSON-RPC wants an error answer; a client only waits out its timeout (low, one per server)
                findings.add(cause(o, "protocol_violation", Severity.LOW,
                        "request silently dropped: " + reply.detail(), evidence(o), FindingCollector.DROPPED_SIGNATURE));
            }
            case ERROR -> {
                Integer code = reply.errorCode();
                outcome = "rejected";
                // a network failure is none
                boolean internal = code != null && code == -32603;
                boolean blamed = internal && blamesEnvironment(o, reply.errorMessage());
                if (internal && !blamed) {
                    findings.add(internalError(o, reply.errorMessage()));
                }
                leaks(o, InputEchoes.masked(reply.raw(), o.input()), blamed, findings);
                commandInjection(o, reply.raw(), findings);
            }
            case RESULT -> {
                JsonNode result = reply.result();
                boolean toolError = result != null && result.path("isError").asBoolean(false);
                boolean malformed = !toolError && Boolean.FALSE.equals(o.inputValid()) && "tool".equals(o.kind());
                // an error written as a normal result (server-slack: {"error": "fetch failed"})
                String errorText = toolError || !"tool".equals(o.kind()) ? null : ErrorShapedText.find(result, o.input());
                String failure = toolError ? EnvironmentFailures.failureText(reply) : errorText;
                boolean blamed = blamesEnvironment(o, failure);
                // the server's refusal of an invalid input is a tool error, only not flagged as one; an invalid
                // input that reached the network was accepted
                String refusal = malformed && !blamed ? errorText : null;
                outcome = toolError || refusal != null ? "tool_error" : "ok";
                leaks(o, InputEchoes.masked(reply.raw(), o.input()), blamed, findings);
                reflection(o, reply.raw(), findings);
                commandInjection(o, reply.raw(), findings);
                if (malformed) {
                    malformedAnswered(o, result, refusal, findings);
                }
            }
            default -> outcome = "unknown";
        }
        if (reply.answered() && reply.detail() != null) {
            findings.add(finding(o, "protocol_violation", Severity.MEDIUM,
                    "invalid JSON-RPC response: " + reply.detail(), evidence(o), "invalid_response:" + reply.detail()));
        }
        return new Verdict(outcome, findings);
    }

    private Finding crash(Observation o) {
        CrashInfo c = o.crash();
        Map<String, Object> ev = evidence(o);
        String fallback = "closed";
        if (c != null) {
            ev.put("exit_code", c.exitCode());
            ev.put("signal", c.signal());
            ev.put("signal_sent_by_fuzzer", c.sentByUs());
            ev.put("stderr_tail", c.stderrTail());
            fallback = c.signal() != null ? "signal:" + c.signal() : "exit:" + c.exitCode();
        }
        String signature = StackSignature.of(c == null ? null : c.stderrTail(), fallback);
        if (sessionEnded(c)) {
            // legacy SSE: the server closed this client's event stream (supergateway does so on any frame its SDK
            // rejects) and still runs; only the session is lost, and a reconnect goes on
            return cause(o, "crash", Severity.MEDIUM, "the server ended the session while handling the request: its"
                    + " event stream closed (the server still accepts connections)", ev, signature);
        }
        String detail = "server exited while handling the request"
                + (c == null ? "" : c.signal() != null ? " (signal " + c.signal() + ")" : " (exit code " + c.exitCode() + ")");
        return cause(o, "crash", Severity.HIGH, detail, ev, signature);
    }

    /**
     * An HTTP session whose event stream ended or dropped (no process, no exit code): the transport reports a
     * server that stopped accepting connections as {@code connection_lost} instead, which stays a crash.
     */
    public static boolean sessionEnded(CrashInfo c) {
        return c != null && c.exitCode() == null && c.signal() == null && c.stderrTail() != null
                && (c.stderrTail().equals("connection: event stream ended")
                        || c.stderrTail().equals("connection: event stream dropped"));
    }

    /**
     * A -32603 answer. When its text is argument validation (the MCP TypeScript SDK answers invalid
     * arguments so, see {@link ValidationText}) it is one root cause per server whatever the tool, and
     * only {@code low} for a schema-invalid input: rejecting it is the documented behaviour, only the
     * code is wrong (an input of unknown validity, or a protocol case whose arguments were never checked
     * against the tool's schema, counts as invalid: nothing proves the server wrong), and so does a
     * refusal for nesting depth ({@link ValidationText#isLimit}). A tool call with schema-valid
     * arguments answered so stays {@code medium}. A file the input named that could not be opened or read
     * ({@link ValidationText#isFileAccess}, the request's values masked) is one {@code low} root cause per
     * server: the MCP spec wants such a tool failure as a result with {@code isError}; so is a request naming
     * something the server does not have ({@link ValidationText#isUnknownName}, or the masked wording of
     * {@link SuppliedNames#maskedName}), valid input or not, and so is a program the tool ran that failed
     * ({@link ValidationText#isFailedCommand}: its text is that program's). Any other -32603 merges by the shape of
     * its message.
     */
    private Finding internalError(Observation o, String message) {
        String detail = "server answered -32603 Internal error: " + cut(message, 200);
        String masked = InputEchoes.maskedText(message, o.input());
        // only a file or name the request supplied: the server's own missing config file is its fault
        if ((ValidationText.isFileAccess(masked) && SuppliedNames.namedFile(message, masked, o.input()))
                || (ValidationText.isFileFormat(masked) && SuppliedNames.hasPath(o.input()))) {
            // mcp-go servers answer a missing file so: the input's fault, only the code is wrong
            return cause(o, "internal_error", Severity.LOW, "a file the input named could not be opened or read,"
                    + " answered with -32603 Internal error instead of a tool result with isError: " + cut(message, 200),
                    evidence(o), "-32603:file_access");
        }
        if (ValidationText.isUnknownName(masked) && SuppliedNames.namedName(message, o.input(), o.rawInput())
                || SuppliedNames.maskedName(masked, o.input())) {
            // a well-formed name that names nothing: no schema can say which names exist, only the code is wrong
            return cause(o, "internal_error", Severity.LOW, "the request named something the server does not have,"
                    + " answered with -32603 Internal error instead of a tool result with isError or -32602: "
                    + cut(message, 200), evidence(o), "-32603:unknown_name");
        }
        if (ValidationText.isFailedCommand(masked) && !SuppliedNames.optionOnCommandLine(message, o.input())) {
            // the program's own failure (kubectl refusing a manifest): one change makes them all tool results
            return cause(o, "internal_error", Severity.LOW, "a program the tool ran failed, answered with -32603 Internal"
                    + " error instead of a tool result with isError: " + cut(message, 200), evidence(o),
                    "-32603:failed_command");
        }
        if (ValidationText.isValidation(message)) {
            boolean invalid = !("tool".equals(o.kind()) && Boolean.TRUE.equals(o.inputValid()))
                    || ValidationText.isLimit(message); // a nesting limit is defensive: only the code is wrong
            return cause(o, "internal_error", invalid ? Severity.LOW : Severity.MEDIUM, invalid
                    ? "argument validation answered with -32603 Internal error instead of a tool error or -32602: "
                            + cut(message, 200) : detail, evidence(o),
                    "-32603:input_validation:" + (invalid ? "invalid_input" : "valid_input"));
        }
        return cause(o, "internal_error", Severity.MEDIUM, detail, evidence(o),
                "-32603:" + MessageShape.of(message, stringValues(o.input())));
    }

    /** The string values of a request's input (bounded walk: at most 200 nodes), for echo masking. */
    static List<String> stringValues(JsonNode input) {
        List<String> out = new ArrayList<>();
        if (input == null) {
            return out;
        }
        java.util.ArrayDeque<JsonNode> todo = new java.util.ArrayDeque<>();
        todo.push(input);
        int seen = 0;
        while (!todo.isEmpty() && seen++ < 200) {
            JsonNode n = todo.pop();
            if (n.isString()) {
                out.add(n.asString());
            } else if (n.isContainer()) {
                n.values().forEach(todo::push);
            }
        }
        return out;
    }

    /**
     * The coverage class whose only fault is one property the schema does not allow, added to an input that is
     * otherwise valid, gate-rewritten or not (the aggressive {@code extra_property} may add it to an invalid one).
     */
    private static final java.util.regex.Pattern UNKNOWN_PROPERTY =
            java.util.regex.Pattern.compile("object\\.extra_property(?:\\+confined)?");

    /**
     * A normal answer to a schema-invalid input: accepted ({@code accepted_malformed}, per tool; one cause per
     * server when the input's only fault is a property the schema does not allow), unless
     * its text is the server's refusal ({@code refusal}, from {@link ErrorShapedText}), which is then only
     * not flagged as an error (one cause per server).
     */
    private void malformedAnswered(Observation o, JsonNode result, String refusal, List<Finding> findings) {
        if (refusal == null && UNKNOWN_PROPERTY.matcher(o.strategy() == null ? "" : o.strategy()).matches()
                && UnknownProperty.acknowledged(result, o.input())) {
            silentGarbage(o, result, findings); // the answer is still judged for garbage
            return; // "You sent parameters not supported by this tool, which were ignored: coverage_extra"
        }
        if (refusal == null && UNKNOWN_PROPERTY.matcher(o.strategy() == null ? "" : o.strategy()).matches()) {
            // the SDK (zod's default object, pydantic's default model) drops every tool's unknown properties:
            // one cause per server, not one per tool (sqlite 3 tools, elasticsearch 4, desktop-commander 6)
            findings.add(cause(o, "accepted_malformed", Severity.LOW, "a property the input schema does not allow"
                    + " (additionalProperties: false) got a normal answer: the server ignores unknown properties",
                    evidence(o), "accepted_malformed:unknown_property"));
            silentGarbage(o, result, findings);
            return;
        }
        if (refusal == null) {
            findings.add(finding(o, "accepted_malformed", Severity.LOW,
                    "schema-invalid input got a normal answer", evidence(o), "accepted_malformed"));
            silentGarbage(o, result, findings);
            return;
        }
        Map<String, Object> ev = evidence(o);
        ev.put("error_text", refusal);
        findings.add(cause(o, "unflagged_tool_error", Severity.LOW, "a schema-invalid input was refused in a normal "
                + "result: the error is not flagged with isError: true, so a client reads it as a success", ev,
                "unflagged_tool_error"));
    }

    /** A normal answer to an invalid input whose text carries NaN, undefined, [object Object]... */
    private void silentGarbage(Observation o, JsonNode result, List<Finding> findings) {
        String mark = SilentGarbage.find(result, o.input() == null ? null : o.input().toString(),
                m -> known.view(o.input()).sentEarlier(m));
        if (mark != null) {
            Map<String, Object> ev = evidence(o);
            ev.put("garbage", mark);
            // one root cause per server and mark: the same missing input check answers NaN from every tool
            findings.add(cause(o, "silent_garbage", Severity.MEDIUM,
                    "invalid input got a success answer carrying garbage: " + cut(mark, 120), ev,
                    "silent_garbage:" + SilentGarbage.token(mark)));
        }
    }

    /**
     * @param environment the answer blames the environment (a browser or a service missing here): a path it
     *                    names is where the server looked for it, shown because the set-up is broken, not a leak
     */
    private void leaks(Observation o, String raw, boolean environment, List<Finding> findings) {
        KnownText.View[] view = {null}; // built on the first path to judge: most answers have none
        java.util.function.Predicate<String> knownPath = path -> {
            if (view[0] == null) {
                view[0] = known.view(o.input());
            }
            return view[0].knownPath(path);
        };
        // a code runner's answer quoting the failing program it was sent is that program's output
        List<LeakPatterns.Leak> found = LeakPatterns.find(CallerTraces.withoutCallerTraces(raw, o.input()),
                environment ? path -> true : knownPath);
        if (found.isEmpty()) {
            return;
        }
        // one finding per answer: a stack trace, the SQL error in it and the path in its frames are one
        // fault (the exception reaches the client)
        Map<String, String> excerpts = new LinkedHashMap<>(); // kinds in the order found, first excerpt each
        Map<String, String> tokens = new LinkedHashMap<>();
        found.forEach(leak -> {
            excerpts.putIfAbsent(leak.type(), leak.excerpt());
            if (leak.token() != null) {
                tokens.putIfAbsent(leak.type(), leak.token());
            }
        });
        List<String> types = List.copyOf(excerpts.keySet());
        Map<String, Object> ev = evidence(o);
        ev.put("leak_type", types.get(0));
        ev.put("leak_excerpt", excerpts.get(types.get(0)));
        if (types.size() > 1) {
            ev.put("leak_types", types);
            ev.put("leak_excerpts", excerpts);
        }
        List<String> words = types.stream().map(t -> t.replace('_', ' ')).toList();
        String kinds = words.size() == 1 ? words.get(0)
                : String.join(", ", words.subList(0, words.size() - 1)) + " and " + words.get(words.size() - 1);
        // signed by its main kind (a stack trace before a SQL error before the rest): whether a path in
        // the frames counts depends on what was sent, and must not split one fault in two. One root cause per
        // server: the error handler that sends it is one, whichever tool failed (@playwright/mcp's 26 tools
        // all name the browser path they miss); a path alone also by its first folders (LeakSignature)
        String main = types.stream().min(java.util.Comparator.comparingInt(Classifier::leakRank)
                .thenComparing(java.util.Comparator.naturalOrder())).orElseThrow();
        findings.add(cause(o, "error_leakage", Severity.MEDIUM, "answer leaks " + kinds, ev,
                LeakSignature.of(main, tokens.get(main))));
    }

    /**
     * Whether a failure's {@code text} (a -32603 message, a tool error's text, or an error written as a normal
     * result; null is none), with the request's echoed values masked and unless it is argument validation, blames
     * the network or credentials; such an answer is counted in {@link #environment()}.
     */
    private boolean blamesEnvironment(Observation o, String text) {
        if (text == null || ValidationText.isValidation(text)) {
            return false;
        }
        String masked = InputEchoes.maskedText(text, o.input());
        // a file the request named, as it sent it or as the server resolved it ("../../etc/x" written to /etc/x
        // under a read-only file system), is the input's however short: no echo of it is masked
        if (!EnvironmentFailures.blames(masked) || SuppliedNames.namedFile(text, masked, o.input())) {
            return false;
        }
        environment.record(o.kind() + ":" + o.target(), text);
        return true;
    }

    private static int leakRank(String type) {
        return type.contains("stack") || type.contains("traceback") || type.contains("panic") ? 0
                : type.equals("sql_error") ? 1 : 2;
    }

    /**
     * Output of an executed command ({@link CommandEvidence}) in an answer to an input carrying a shell
     * metacharacter: one high {@code command_injection} per target and evidence kind. Text the input
     * or an earlier input carried, or the server publishes, is no evidence ({@link KnownText}).
     */
    private void commandInjection(Observation o, String raw, List<Finding> findings) {
        if (raw == null || !CommandEvidence.carriesShellAttack(o.input())) {
            return;
        }
        KnownText.View view = known.view(o.input());
        CommandEvidence.Hit hit = CommandEvidence.find(raw, o.input(), view::knownEvidence);
        if (hit == null) {
            return;
        }
        Map<String, Object> ev = evidence(o);
        ev.put("evidence_kind", hit.kind());
        ev.put("evidence_line", hit.line());
        findings.add(finding(o, "command_injection", Severity.HIGH, "the answer shows an injected command ran ("
                + hit.kind().replace('_', ' ') + "): " + cut(hit.token(), 120), ev, "command_injection:" + hit.kind()));
    }

    private void reflection(Observation o, String raw, List<Finding> findings) {
        if (raw == null || o.input() == null || !"aggressive".equals(o.phase()) || isPromptFetch(o)) {
            return;
        }
        boolean toolError = o.reply().result() != null && o.reply().result().path("isError").asBoolean(false);
        Reflection.Echo echo = Reflection.find(o.input(), raw, known.view(o.input()));
        if (echo == null || toolError) { // an echo inside an error that rejected the input is no finding
            return;
        }
        Map<String, Object> ev = evidence(o);
        ev.put("reflected", echo.text());
        findings.add(finding(o, "injection_reflection", Severity.LOW,
                "hostile input echoed verbatim inside other text of a normal answer (harmful only where a client"
                        + " renders or executes the answer)", ev, "reflection"));
    }

    /**
     * A {@code prompts/get}: the server is meant to put the caller's arguments into the prompt
     * messages (spec "Server features / Prompts"), so an echoed argument is the feature, not a reflection.
     */
    private static boolean isPromptFetch(Observation o) {
        return "prompt".equals(o.kind()) || ("protocol".equals(o.kind()) && "prompts/get".equals(o.target()));
    }

    static Map<String, Object> evidence(Observation o) {
        Map<String, Object> ev = new LinkedHashMap<>();
        if (o.input() != null) {
            ev.put("input", o.input());
        }
        if (o.rawInput() != null) {
            ev.put("raw_input", cut(o.rawInput(), EXCERPT));
        }
        if (o.inputBytes() >= 0) {
            ev.put("input_bytes", o.inputBytes());
        }
        ev.put("input_valid", o.inputValid());
        if (o.strategy() != null) {
            ev.put("strategy", o.strategy());
        }
        ev.put("phase", o.phase());
        ev.put("latency_ms", Math.round(o.reply().latencyMillis() * 1000) / 1000.0);
        if (o.reply().decidedBy() != null) {
            ev.put("decided_by", o.reply().decidedBy());
        }
        if (o.reply().raw() != null) {
            ev.put("response", cut(o.reply().raw(), EXCERPT));
        }
        return ev;
    }

    private static Finding finding(Observation o, String category, Severity severity, String detail,
            Map<String, Object> evidence, String signature) {
        return Finding.of(category, severity, o.kind(), o.target(), o.run(), detail, evidence, signature);
    }

    private static Finding cause(Observation o, String category, Severity severity, String detail,
            Map<String, Object> evidence, String signature) {
        return Finding.cause(category, severity, o.kind(), o.target(), o.run(), detail, evidence, signature);
    }

    static String cut(String s, int max) {
        if (s == null) {
            return null;
        }
        return s.length() > max ? s.substring(0, max) + "...[" + (s.length() - max) + " more chars]" : s;
    }
}
