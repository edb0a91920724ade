package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Name checks over one listing: near misses of well-known tool names (MCPF-META-008), confusable
 * skeletons (009), mixed scripts (010), near-identical sibling names (011), duplicates (012) and
 * divergent duplicates (013). Fixes the Python tool's false positives: names shorter than
 * {@link #MIN_SQUAT_LENGTH} folded characters are not compared, case/separator variants
 * ({@code readFile}) and plural/digit variants are not squats, and the closest known name is reported.
 * Pairwise comparisons are limited to the first {@link #MAX_PAIRWISE} names. Stateless and thread-safe.
 */
public final class NameAudit {
    public static final int MIN_SQUAT_LENGTH = 5;
    public static final int MAX_PAIRWISE = 500;

    private NameAudit() {}

    /** All name findings for the items of one listing (null or non-array yields nothing). */
    public static List<Finding> audit(Surface surface, JsonNode items) {
        List<Finding> out = new ArrayList<>();
        if (items == null || !items.isArray()) {
            return out;
        }
        duplicates(surface, items, out);
        if (surface == Surface.RESOURCE) {
            return out;
        }
        List<String> names = new ArrayList<>(new java.util.LinkedHashSet<>(identities(surface, items)));
        for (String name : names) {
            mixedScript(surface, name, out);
            squat(surface, name, out);
        }
        siblings(surface, names.subList(0, Math.min(names.size(), MAX_PAIRWISE)), out);
        return out;
    }

    private static List<String> identities(Surface surface, JsonNode items) {
        List<String> ids = new ArrayList<>();
        for (JsonNode i : items) {
            String id = surface.identity(i);
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        return ids;
    }

    private static void duplicates(Surface surface, JsonNode items, List<Finding> out) {
        Map<String, List<String>> hashes = new LinkedHashMap<>();
        for (JsonNode i : items) {
            String id = surface.identity(i);
            if (!id.isEmpty()) {
                hashes.computeIfAbsent(id, k -> new ArrayList<>()).add(CanonicalJson.sha256(i));
            }
        }
        hashes.forEach((id, hs) -> {
            if (hs.size() < 2) {
                return;
            }
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("surface", surface.wire());
            ev.put("occurrences", hs.size());
            out.add(AuditCheck.DUPLICATE_NAME.finding(id, "Duplicate " + surface.wire() + " '" + Snippet.excerpt(id, 80)
                    + "' listed " + hs.size() + " times (shadowing / name collision).", ev, surface.wire()));
            Set<String> distinct = new TreeSet<>(hs);
            if (distinct.size() > 1) {
                Map<String, Object> dv = new LinkedHashMap<>();
                dv.put("surface", surface.wire());
                dv.put("definition_hashes", List.copyOf(distinct));
                out.add(AuditCheck.DEFINITION_DRIFT.finding(id, "Duplicate " + surface.wire() + " '"
                        + Snippet.excerpt(id, 80) + "' has " + distinct.size() + " different definitions.", dv,
                        surface.wire() + "|duplicate"));
            }
        });
    }

    private static void mixedScript(Surface surface, String name, List<Finding> out) {
        Set<String> scripts = NameSimilarity.scripts(name);
        if (scripts.size() > 1) {
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("surface", surface.wire());
            ev.put("name_escaped", nonAsciiEscaped(name));
            ev.put("scripts", List.copyOf(scripts));
            out.add(AuditCheck.MIXED_SCRIPT_NAME.finding(name, null, ev, surface.wire()));
        }
    }

    private static void squat(Surface surface, String name, List<Finding> out) {
        String folded = NameSimilarity.fold(name);
        String skeleton = NameSimilarity.skeleton(name);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : NameSimilarity.WELL_KNOWN) {
            String kf = NameSimilarity.fold(known);
            if (kf.equals(folded)) {
                if (NameSimilarity.nonAscii(name)) {
                    Map<String, Object> ev = evidence(surface, name, known);
                    ev.put("match_type", "compatibility_variant");
                    out.add(AuditCheck.CONFUSABLE_NAME.finding(name, "Name '" + Snippet.escape(name)
                            + "' renders like the well-known tool '" + known + "' (Unicode compatibility variant).", ev,
                            surface.wire() + "|" + known));
                }
                return;
            }
            if (NameSimilarity.skeleton(known).equals(skeleton)) {
                Map<String, Object> ev = evidence(surface, name, known);
                ev.put("match_type", "confusable_skeleton");
                ev.put("skeleton", skeleton);
                out.add(AuditCheck.CONFUSABLE_NAME.finding(name, "Name '" + Snippet.escape(name)
                        + "' is a homoglyph of the well-known tool '" + known + "'.", ev, surface.wire() + "|" + known));
                return;
            }
            if (folded.length() < MIN_SQUAT_LENGTH || kf.length() < MIN_SQUAT_LENGTH
                    || NameSimilarity.benignVariant(folded, kf)) {
                continue;
            }
            int limit = kf.length() >= 8 ? 2 : 1;
            int d = NameSimilarity.distance(folded, kf, limit);
            if (d <= limit && d < bestDistance) {
                best = known;
                bestDistance = d;
            }
        }
        if (best != null) {
            Map<String, Object> ev = evidence(surface, name, best);
            ev.put("match_type", "edit_distance");
            ev.put("edit_distance", bestDistance);
            out.add(AuditCheck.NAME_SQUATTING.finding(name, "Name '" + Snippet.escape(name)
                    + "' is a near miss of the well-known tool '" + best + "'.", ev, surface.wire() + "|" + best));
        }
    }

    private static void siblings(Surface surface, List<String> names, List<Finding> out) {
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                String a = names.get(i);
                String b = names.get(j);
                String fa = NameSimilarity.fold(a);
                String fb = NameSimilarity.fold(b);
                Map<String, Object> ev = evidence(surface, b, a);
                boolean exotic = NameSimilarity.nonAscii(a) || NameSimilarity.nonAscii(b);
                if ((!fa.equals(fb) || exotic) && NameSimilarity.skeleton(a).equals(NameSimilarity.skeleton(b))) {
                    String suspect = NameSimilarity.nonAscii(b) || !NameSimilarity.nonAscii(a) ? b : a;
                    String other = suspect.equals(b) ? a : b;
                    ev = evidence(surface, suspect, other);
                    ev.put("match_type", "confusable_skeleton");
                    out.add(AuditCheck.CONFUSABLE_NAME.finding(suspect, "Name '" + Snippet.escape(suspect)
                            + "' is a homoglyph of sibling '" + Snippet.escape(other) + "'.", ev,
                            surface.wire() + "|sibling|" + other));
                } else if (fa.equals(fb)) {
                    ev.put("match_type", "case_or_separator_variant");
                    out.add(AuditCheck.SIMILAR_SIBLING_NAMES.finding(b, null, ev, surface.wire() + "|" + a));
                } else if (Math.min(fa.length(), fb.length()) >= 6 && !NameSimilarity.benignVariant(fa, fb)
                        && NameSimilarity.distance(fa, fb, 1) == 1) {
                    ev.put("match_type", "edit_distance");
                    ev.put("edit_distance", 1);
                    out.add(AuditCheck.SIMILAR_SIBLING_NAMES.finding(b, null, ev, surface.wire() + "|" + a));
                }
            }
        }
    }

    private static Map<String, Object> evidence(Surface surface, String name, String matched) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("surface", surface.wire());
        ev.put("name_escaped", nonAsciiEscaped(name));
        ev.put("matched_name", matched);
        return ev;
    }

    /** Name with every non-ASCII code point written as U+XXXX, so homoglyphs are visible in reports. */
    static String nonAsciiEscaped(String name) {
        StringBuilder sb = new StringBuilder();
        name.codePoints().forEach(cp -> {
            if (cp >= 0x20 && cp < 0x7F) {
                sb.appendCodePoint(cp);
            } else {
                sb.append(String.format("<U+%04X>", cp));
            }
        });
        return sb.toString();
    }
}
