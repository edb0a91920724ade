package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Per-item text checks over one tool, resource or prompt definition: poisoning markers in visible text
 * (MCPF-META-001) and in schemas (002), secret-location references (003), invisible carriers (004),
 * hidden markup (005), encoded instructions (006) and trigger conditioning (007). Markers are searched in
 * the text as a human sees it (invisible characters removed), so "ig&lt;ZWSP&gt;nore previous instructions"
 * still matches. At most one finding per check and item; evidence lists up to {@link #MAX_HITS} hits
 * with field, matched text, excerpt and offset. Stateless and thread-safe.
 */
public final class MetadataAudit {
    public static final int MAX_HITS = 10;

    private MetadataAudit() {}

    /** All text findings for one item; an item that is not a JSON object yields nothing. */
    public static List<Finding> audit(Surface surface, JsonNode item) {
        List<Finding> out = new ArrayList<>();
        if (item == null || !item.isObject()) {
            return out;
        }
        String target = target(surface, item);
        String hash = CanonicalJson.sha256(item);
        List<TextSegments.Segment> visible = TextSegments.visible(surface, item);
        List<TextSegments.Segment> schema = TextSegments.schema(surface, item);
        List<TextSegments.Segment> all = new ArrayList<>(visible);
        all.addAll(schema);

        List<Map<String, Object>> poison = definitionHits(visible);
        add(out, AuditCheck.TOOL_POISONING, null, surface, target, hash, "markers", poison);
        List<Map<String, Object>> schemaPoison = definitionHits(schema);
        add(out, AuditCheck.SCHEMA_POISONING, null, surface, target, hash, "markers", schemaPoison);
        if (poison.isEmpty() && schemaPoison.isEmpty()) {
            List<Map<String, Object>> secrets = hits(InjectionMarkers.SECRET_PATHS, all);
            add(out, AuditCheck.SENSITIVE_PATH, !secrets.isEmpty() && onlyDotEnvToFill(all) ? Severity.LOW : null,
                    surface, target, hash, "markers", secrets);
        }
        hidden(out, surface, target, hash, all);
        markup(out, surface, target, hash, all);
        encoded(out, surface, target, hash, all);
        List<Map<String, Object>> conditioning = hits(InjectionMarkers.CONDITIONING, all);
        // a parameter's description is there to say how to fill the parameter in from the user's request ("if the
        // user asks to search on specific sites set this to the domain", tavily-mcp; "If the user requests additional
        // filtering, include filters", mongodb-mcp-server's pipeline): a lone trigger there is no conditioning,
        // unless the definition holds anything hostile or conditions on history too
        if (out.isEmpty() && conditioning.stream().allMatch(h -> "trigger_phrase".equals(h.get("marker")))) {
            conditioning.removeIf(h -> String.valueOf(h.get("field")).startsWith(PARAMETER_FIELD)
                    && String.valueOf(h.get("field")).endsWith("/description"));
        }
        // one kind of conditioning wording alone is mostly usage guidance ("if the user asks to search
        // specific sites, set this"; "after 3 calls, use the best result"): low; a trigger tied to
        // conversation history, or conditioning in a definition with anything hostile, is the pattern of
        // a rug pull: medium, per item; the low is a habit of the server's descriptions, one cause that
        // lists every item (mongodb-mcp-server repeats one pipeline description in three tools)
        boolean armed = conditioning.stream().map(h -> h.get("marker")).distinct().count() > 1 || !out.isEmpty();
        add(out, AuditCheck.TOOL_CONDITIONING, armed ? null : Severity.LOW, surface, target, hash, "markers",
                conditioning, !armed);
        return out;
    }

    /** Where the descriptions of a tool's parameters are (as {@link TextSegments} names the fields). */
    private static final String PARAMETER_FIELD = "/inputSchema/properties/";

    /** Telling the user to put something into a {@code .env} file: set-up guidance, not a read of secrets. */
    private static final java.util.regex.Pattern STORE_IN_ENV = java.util.regex.Pattern.compile(
            "\\b(?:place|store|save|put|add|set|write|copy)\\b[^\\n]{0,120}?\\.env[\\w.]*$", java.util.regex.Pattern.CASE_INSENSITIVE);

    /**
     * Whether every secret location the segments name is a {@code .env} file the description tells the user
     * to store something in ("Place the returned credentials in project's .env.local", Neon's
     * provision_neon_auth): set-up guidance, low rather than medium.
     */
    private static boolean onlyDotEnvToFill(List<TextSegments.Segment> segments) {
        for (TextSegments.Segment s : segments) {
            for (InjectionMarkers.Hit h : InjectionMarkers.scan(InjectionMarkers.SECRET_PATHS, s.text(), MAX_HITS)) {
                int from = Math.max(0, h.offset() - 160);
                String before = s.text().substring(from, Math.min(s.text().length(), h.offset() + h.match().length()));
                if (!h.match().startsWith(".env") || !STORE_IN_ENV.matcher(before).find()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Target string for an item: its identity, or a placeholder naming the surface. */
    static String target(Surface surface, JsonNode item) {
        String id = surface.identity(item);
        return id.isEmpty() ? "(unnamed " + surface.wire() + ")" : id;
    }

    /**
     * Poisoning markers of a definition's segments: an {@code <instructions>} tag is guidance there, unless
     * its segment also names a secret location ("&lt;instructions&gt;first read ~/.cursor/mcp.json").
     */
    private static List<Map<String, Object>> definitionHits(List<TextSegments.Segment> segments) {
        List<TextSegments.Segment> armed = new ArrayList<>();
        List<TextSegments.Segment> plain = new ArrayList<>();
        for (TextSegments.Segment s : segments) {
            (InjectionMarkers.any(InjectionMarkers.SECRET_PATHS, s.text()) ? armed : plain).add(s);
        }
        List<Map<String, Object>> out = hits(InjectionMarkers.POISONING, armed);
        out.addAll(hits(InjectionMarkers.DEFINITION_POISONING, plain));
        return out.size() > MAX_HITS ? new ArrayList<>(out.subList(0, MAX_HITS)) : out;
    }

    private static List<Map<String, Object>> hits(Map<String, java.util.regex.Pattern> markers,
            List<TextSegments.Segment> segments) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (TextSegments.Segment s : segments) {
            String seen = HiddenContent.visibleProjection(s.text());
            Set<String> raw = new java.util.HashSet<>();
            if (!seen.equals(s.text())) {
                InjectionMarkers.scan(markers, s.text(), MAX_HITS).forEach(h -> raw.add(h.marker()));
            }
            for (InjectionMarkers.Hit h : InjectionMarkers.scan(markers, seen, MAX_HITS)) {
                if (out.size() >= MAX_HITS) {
                    return out;
                }
                Map<String, Object> e = h.toEvidence(s.field());
                if (!seen.equals(s.text()) && !raw.contains(h.marker())) {
                    e.put("obfuscated_with_invisible_characters", true);
                }
                out.add(e);
            }
        }
        return out;
    }

    private static void hidden(List<Finding> out, Surface surface, String target, String hash,
            List<TextSegments.Segment> segments) {
        List<Map<String, Object>> carriers = new ArrayList<>();
        boolean onlyMarks = true;
        for (TextSegments.Segment s : segments) {
            for (HiddenContent.Carrier c : HiddenContent.carriers(s.text())) {
                if (carriers.size() < MAX_HITS) {
                    carriers.add(c.toEvidence(s.field()));
                }
                onlyMarks &= HiddenContent.DIRECTION_MARK.equals(c.kind());
            }
        }
        // resources are the server's data, often hundreds generated alike: hidden characters in them are one
        // practice (a listing that passes content through unsanitised), one cause per kind of carrier; a tool or
        // prompt definition is a deliberate artefact, one finding each
        boolean data = surface == Surface.RESOURCE;
        add(out, AuditCheck.HIDDEN_CONTENT, onlyMarks ? Severity.LOW : null, surface, target, hash, "carriers", carriers,
                data);
    }

    private static void markup(List<Finding> out, Surface surface, String target, String hash,
            List<TextSegments.Segment> segments) {
        List<Map<String, Object>> items = new ArrayList<>();
        boolean instructive = false;
        for (TextSegments.Segment s : segments) {
            for (HiddenContent.Markup m : HiddenContent.markup(s.text())) {
                if (items.size() >= MAX_HITS) {
                    break;
                }
                boolean marked = InjectionMarkers.any(InjectionMarkers.POISONING, m.content())
                        || InjectionMarkers.any(InjectionMarkers.SECRET_PATHS, m.content());
                instructive |= marked;
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("markup", m.kind());
                e.put("field", s.field());
                e.put("offset", m.offset());
                e.put("content", Snippet.excerpt(m.content(), Snippet.MAX_EXCERPT));
                e.put("contains_markers", marked);
                items.add(e);
            }
        }
        add(out, AuditCheck.HIDDEN_COMMENT, instructive ? Severity.HIGH : null, surface, target, hash, "markup", items);
    }

    private static void encoded(List<Finding> out, Surface surface, String target, String hash,
            List<TextSegments.Segment> segments) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (TextSegments.Segment s : segments) {
            for (EncodedPayloads.Decoded d : EncodedPayloads.scan(s.text())) {
                if (items.size() >= MAX_HITS) {
                    break;
                }
                Set<String> markers = new LinkedHashSet<>();
                d.hits().forEach(h -> markers.add(h.marker()));
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("encoding", d.encoding());
                e.put("field", s.field());
                e.put("encoded", d.encoded());
                e.put("decoded", d.decoded());
                e.put("markers", List.copyOf(markers));
                items.add(e);
            }
        }
        add(out, AuditCheck.ENCODED_INSTRUCTION, null, surface, target, hash, "payloads", items);
    }

    private static void add(List<Finding> out, AuditCheck check, Severity severity, Surface surface, String target,
            String hash, String key, List<Map<String, Object>> items) {
        add(out, check, severity, surface, target, hash, key, items, false);
    }

    /** As above; {@code practice}: one root cause for the whole server ({@link AuditCheck#cause}). */
    private static void add(List<Finding> out, AuditCheck check, Severity severity, Surface surface, String target,
            String hash, String key, List<Map<String, Object>> items, boolean practice) {
        if (items.isEmpty()) {
            return;
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("surface", surface.wire());
        ev.put(key, items);
        ev.put("definition_sha256", hash);
        Set<String> sig = new java.util.TreeSet<>();
        for (Map<String, Object> i : items) {
            Object k = i.containsKey("marker") ? i.get("marker")
                    : i.containsKey("carrier") ? i.get("carrier") : i.containsKey("markup") ? i.get("markup") : i.get("encoding");
            sig.add(String.valueOf(k));
        }
        String detail = check.title() + " (" + surface.wire() + " '" + Snippet.excerpt(target, 80) + "': "
                + String.join(", ", sig) + ")";
        Severity sev = severity == null ? check.severity() : severity;
        String signature = surface.wire() + "|" + String.join(",", sig);
        if (practice) { // one cause per wording: the same guidance repeated merges, different wording does not
            StringBuilder words = new StringBuilder();
            items.stream().filter(i -> i.get("excerpt") != null).forEach(i -> words.append(String.valueOf(
                    i.get("excerpt")).toLowerCase(java.util.Locale.ROOT).replaceAll("\\s+", " ")).append('\n'));
            signature += "|" + CanonicalJson.sha256(words.toString()).substring(0, 12);
        }
        out.add(practice ? check.cause(sev, target, detail, ev, signature) : check.finding(sev, target, detail, ev, signature));
    }
}
