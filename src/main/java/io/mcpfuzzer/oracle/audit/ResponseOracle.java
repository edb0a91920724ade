package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.Ascii;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.InputEchoes;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Output oracles that require evidence of effect, not reflection: a signature counts only when it is in
 * the response and not in the input (an echoed {@code uid=0(root)} proves nothing), and
 * {@link ComputedMarker} confirmations prove evaluation outright. Families: command injection
 * (MCPF-RESP-001: {@code id}/{@code uname} output), path traversal (002: passwd, win.ini, private keys),
 * SQL injection (004: database error text; critical when a computed marker came back), prompt injection
 * followed (006), code/template injection (007); for every family, instructions aimed at the model in
 * the response but not in the request (005), looked for in the response with every string of the
 * request masked ({@link InputEchoes}): an error quoting the path the fuzzer sent
 * ({@code ENOENT: ..., open '/root/a.txt~/.ssh/id_rsa'}) wraps the fuzzer's text in the server's words,
 * and the marker it then matches is not the server's. Responses are scanned up to {@link #MAX_SCAN} characters.
 * Stateless and thread-safe.
 */
public final class ResponseOracle {
    public static final int MAX_SCAN = 1 << 20;
    private static final Logger LOG = LoggerFactory.getLogger(ResponseOracle.class);
    private static final int F = Pattern.CASE_INSENSITIVE;

    /** Payload families understood here (aliases accepted by {@link #family(String)}). */
    public enum Family { COMMAND, PATH, SQL, PROMPT, CODE, OTHER }

    /** Per signature: literals (lower case), one of which every match contains; checked before the pattern runs. */
    private static final Map<Pattern, String[]> TRIGGERS = new java.util.IdentityHashMap<>();

    private static final Map<String, Pattern> COMMAND_SIGS = sigs(new String[][] {
        {"uid_gid", "\\buid=\\d+\\([^)\\s]*\\)\\s+gid=\\d+\\(", "uid="},
        {"uname", "\\bLinux\\s+\\S+\\s+\\d+\\.\\d+\\S*\\s.{0,300}\\bGNU/Linux\\b", "gnu/linux"},
        {"windows_whoami", "\\bnt authority\\\\system\\b", "nt authority"},
        {"windows_dir", "\\bVolume Serial Number is [0-9A-F]{4}-[0-9A-F]{4}", "volume serial number is"},
    });
    private static final Map<String, Pattern> PATH_SIGS = sigs(new String[][] {
        {"passwd_entry", "\\broot:[x*!]?:0:0:", "root:"},
        {"passwd_daemon", "\\bdaemon:[x*]:1:1:", "daemon:"},
        {"shadow_entry", "\\broot:\\$[0-9a-z]+\\$", "root:$"},
        {"win_ini", "(?m)^\\[(?:fonts|extensions|mci extensions|boot loader)\\]\\s*$", "]"},
        {"private_key", "-----BEGIN (?:RSA |OPENSSH |EC |DSA )?PRIVATE KEY-----", "-----begin "},
    });
    private static final Map<String, Pattern> SQL_SIGS = sigs(new String[][] {
        {"mysql_syntax", "you have an error in your sql syntax|check the manual that corresponds to your (?:mysql|mariadb)",
            "you have an error in your sql syntax|check the manual that corresponds to your"},
        {"postgres_syntax", "syntax error at or near \"|unterminated quoted string at or near|pg::syntaxerror|psycopg2?\\.errors\\.",
            "syntax error at or near \"|unterminated quoted string at or near|pg::syntaxerror|psycopg"},
        {"sqlite_error", "sqlite3?\\.operationalerror|sqlite_error|unrecognized token: \"|near \"[^\"]{1,40}\": syntax error",
            "operationalerror|sqlite_error|unrecognized token: \"|\": syntax error"},
        {"oracle_error", "\\bora-\\d{5}\\b", "ora-"},
        {"mssql_error", "unclosed quotation mark after the character string|microsoft ole db provider for sql server",
            "unclosed quotation mark|microsoft ole db provider"},
        {"sqlstate", "\\bsqlstate\\[[0-9a-z]{5}\\]", "sqlstate["},
        {"jdbc_error", "java\\.sql\\.sql\\w*exception", "java.sql.sql"},
    });

    private ResponseOracle() {}

    /** Maps a family label (case-insensitive; {@code sqli}, {@code ssti}, {@code lfi}... accepted). */
    public static Family family(String label) {
        String f = label == null ? "" : label.toLowerCase(Locale.ROOT).replace('-', '_');
        if (Set.of("command_injection", "cmd", "cmdi", "os_command", "shell_injection", "command").contains(f)) {
            return Family.COMMAND;
        }
        if (Set.of("path_traversal", "traversal", "lfi", "file_inclusion", "directory_traversal").contains(f)) {
            return Family.PATH;
        }
        if (Set.of("sqli", "sql_injection", "sql").contains(f)) {
            return Family.SQL;
        }
        if (Set.of("prompt_injection", "prompt", "llm_injection").contains(f)) {
            return Family.PROMPT;
        }
        if (Set.of("template_injection", "ssti", "code_injection", "eval_injection", "expression_injection").contains(f)) {
            return Family.CODE;
        }
        return Family.OTHER;
    }

    /** Findings for one call; see the class comment. Null input or response counts as empty. */
    public static List<Finding> check(String target, String familyLabel, String input, String response) {
        return check(target, familyLabel, input, response, Set.of());
    }

    /**
     * Findings for one call, where {@code sentBefore} names the poisoning markers (see
     * {@link #markersIn}) the fuzzer itself sent to this server earlier in the session: a server that
     * stores what it was given and shows it again (a knowledge graph, a notes store) is not injecting
     * them. Never null.
     */
    public static List<Finding> check(String target, String familyLabel, String input, String response,
            Set<String> sentBefore) {
        List<Finding> out = new ArrayList<>();
        String in = bound(input);
        String resp = bound(response);
        if (resp.isEmpty()) {
            return out;
        }
        Family fam = family(familyLabel);
        Optional<ComputedMarker.Hit> computed = ComputedMarker.confirm(in, resp);
        if (computed.isPresent()) {
            ComputedMarker.Hit h = computed.get();
            Map<String, Object> ev = base(familyLabel, in);
            ev.put("signature", "computed_marker");
            ev.put("token", h.token());
            ev.put("expected", h.product());
            ev.put("excerpt", h.excerpt());
            ev.put("offset", h.offset());
            AuditCheck check = switch (fam) {
                case COMMAND -> AuditCheck.COMMAND_INJECTION;
                case SQL -> AuditCheck.SQL_INJECTION;
                case PROMPT -> AuditCheck.PROMPT_INJECTION_FOLLOWED;
                default -> AuditCheck.CODE_INJECTION;
            };
            Severity sev = fam == Family.SQL ? Severity.CRITICAL : check.severity();
            out.add(check.finding(sev, target, check.title() + " The response contains the evaluated marker "
                    + h.token() + h.product() + ", which the request did not.", ev, fam + "|computed"));
        }
        if (fam == Family.COMMAND) {
            signature(out, AuditCheck.COMMAND_INJECTION, COMMAND_SIGS, target, familyLabel, in, resp);
        }
        if (fam == Family.COMMAND || fam == Family.PATH) {
            signature(out, AuditCheck.PATH_TRAVERSAL, PATH_SIGS, target, familyLabel, in, resp);
        }
        if (fam == Family.SQL) {
            signature(out, AuditCheck.SQL_INJECTION, SQL_SIGS, target, familyLabel, in, resp);
        }
        if (!(fam == Family.PROMPT && computed.isPresent())) {
            outputInjection(out, target, familyLabel, in, resp, sentBefore);
        }
        return out;
    }

    /** The poisoning markers a request carries (bounded scan of its first {@link #MAX_SCAN} characters). */
    public static Set<String> markersIn(String input) {
        Set<String> markers = new TreeSet<>();
        InjectionMarkers.scan(InjectionMarkers.POISONING, HiddenContent.visibleProjection(bound(input)), 20)
                .forEach(h -> markers.add(h.marker()));
        return markers;
    }

    private static void signature(List<Finding> out, AuditCheck check, Map<String, Pattern> sigs, String target,
            String family, String in, String resp) {
        String lowered = Ascii.lower(resp);
        for (Map.Entry<String, Pattern> s : sigs.entrySet()) {
            if (!Ascii.containsAny(lowered, TRIGGERS.get(s.getValue()))) {
                continue;
            }
            Matcher m = s.getValue().matcher(resp);
            if (m.find() && !s.getValue().matcher(in).find()) {
                Map<String, Object> ev = base(family, in);
                ev.put("signature", s.getKey());
                ev.put("match", Snippet.excerpt(m.group(), 120));
                ev.put("excerpt", Snippet.around(resp, m.start(), m.end()));
                ev.put("offset", m.start());
                ev.put("response_echoes_input", !in.isBlank() && Ascii.containsLinear(resp, in));
                out.add(check.finding(target, check.title() + " Signature '" + s.getKey()
                        + "' is in the response but not in the request.", ev, s.getKey()));
                return;
            }
        }
    }

    private static void outputInjection(List<Finding> out, String target, String family, String in, String resp,
            Set<String> sentBefore) {
        Set<String> inMarkers = markersIn(in);
        inMarkers.addAll(sentBefore);
        List<Map<String, Object>> hits = new ArrayList<>();
        String own = InputEchoes.maskedValues(resp, sentStrings(in), MAX_SCAN);
        String visible = HiddenContent.visibleProjection(own);
        for (InjectionMarkers.Hit h : InjectionMarkers.scan(InjectionMarkers.POISONING, visible, 10)) {
            // a payload of ours a server stored in an earlier run (a file named after it, a memory entry): it
            // carries our canary token, which no server's own text has
            if (!inMarkers.contains(h.marker()) && !OwnCanary.follows(visible, h.offset())) {
                hits.add(h.toEvidence(null));
            }
        }
        if (!hits.isEmpty()) {
            Map<String, Object> ev = base(family, in);
            ev.put("markers", hits);
            out.add(AuditCheck.OUTPUT_PROMPT_INJECTION.finding(target, null, ev, "output_markers"));
        }
    }

    /**
     * The request as JSON (its strings are what {@link InputEchoes} masks), or the whole text as one
     * string when it is not JSON (a raw request, or one cut at {@link #MAX_SCAN}); null when empty.
     */
    private static JsonNode sentStrings(String in) {
        if (in.isEmpty()) {
            return null;
        }
        char c = in.charAt(0);
        if (c == '{' || c == '[' || c == '"') {
            try {
                return fuzzerValues(Json.parse(in));
            } catch (JacksonException e) {
                LOG.debug("request is not JSON ({}); masking it as one string", e.getOriginalMessage());
            }
        }
        return StringNode.valueOf(in);
    }

    /**
     * What the fuzzer chose in a JSON-RPC request: its {@code params} without the tool's or
     * prompt's {@code name} (the server's own word), so that the envelope ({@code jsonrpc},
     * {@code method}) and the server's names are not masked; any other JSON as it is.
     */
    private static JsonNode fuzzerValues(JsonNode request) {
        if (request == null || !request.isObject() || !request.has("method") || !request.has("params")) {
            return request;
        }
        JsonNode params = request.get("params");
        if (!params.isObject()) {
            return params;
        }
        ObjectNode copy = ((ObjectNode) params).deepCopy();
        copy.remove("name");
        return copy;
    }

    private static Map<String, Object> base(String family, String in) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("payload_family", family == null ? "" : family);
        ev.put("input_excerpt", Snippet.excerpt(in, Snippet.MAX_EXCERPT));
        return ev;
    }

    private static String bound(String s) {
        if (s == null) {
            return "";
        }
        return s.length() > MAX_SCAN ? s.substring(0, MAX_SCAN) : s;
    }

    private static Map<String, Pattern> sigs(String[][] defs) {
        Map<String, Pattern> m = new LinkedHashMap<>();
        for (String[] d : defs) {
            Pattern p = Pattern.compile(d[1], F);
            m.put(d[0], p);
            TRIGGERS.put(p, d[2].split("\\|"));
        }
        return m;
    }
}
