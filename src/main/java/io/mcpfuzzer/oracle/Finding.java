package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One deduplicated finding (a bucket): what went wrong, where, how often, and the evidence.
 *
 * <p>Field names follow the Python tool's findings.json ({@code category, severity, kind, target,
 * run, detail, evidence}) plus a stable {@code id} (fingerprint of category, kind, target and
 * signature), bucket counts, and optional audit identifiers. Immutable; evidence maps are
 * JSON-serialisable (strings, numbers, booleans, lists, maps, Jackson nodes).
 *
 * <p>A <em>root-cause</em> finding ({@link #cause}) has an id that depends only on category and
 * signature ({@link Fingerprint#ofCause}), so the same fault reached through many targets is one
 * bucket. Its {@code kind}, {@code target}, {@code run} and input are those of the smallest input
 * that showed it (the representative), and its evidence lists the targets it covers under
 * {@value #COVERS} (bounded, sorted) with their total under {@value #COVERS_TOTAL}.
 *
 * @param id          stable fingerprint, never null
 * @param category    verdict name such as {@code crash}, {@code hang}, {@code error_leakage}
 * @param severity    severity
 * @param kind        surface: {@code tool}, {@code protocol}, {@code resource}, {@code prompt},
 *                    {@code audit}, {@code frame}, {@code session}
 * @param target      tool name, message type, resource URI or prompt name; never null
 * @param run         first run index that showed it, or null for run-independent findings
 * @param detail      one-line human description
 * @param evidence    input, answer excerpt, timing, stderr tail...; never null
 * @param signature   what deduplicates this bucket (for example a stack-trace signature)
 * @param count       number of runs that fell into the bucket (at least 1)
 * @param runs        run indexes in the bucket (capped)
 * @param checkId     stable audit or spec check id, or null
 * @param owasp       OWASP MCP Top 10 id (for example {@code MCP03}), or null
 */
public record Finding(
        String id,
        String category,
        Severity severity,
        String kind,
        String target,
        Integer run,
        String detail,
        Map<String, Object> evidence,
        String signature,
        int count,
        List<Integer> runs,
        String checkId,
        String owasp) {

    /** Evidence key: the targets a root-cause finding covers, each with one example input and run. */
    public static final String COVERS = "covers";
    /** Evidence key: how many distinct targets a root-cause finding covers. */
    public static final String COVERS_TOTAL = "covers_total";

    public Finding {
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(kind, "kind");
        target = target == null ? "" : target;
        detail = detail == null ? "" : detail;
        evidence = evidence == null ? Map.of() : evidence;
        signature = signature == null ? "" : signature;
        runs = runs == null ? List.of() : List.copyOf(runs);
        count = Math.max(1, count);
        if (id == null) {
            id = Fingerprint.of(category, kind, target, signature);
        }
    }

    /** A single-run finding; {@code id} is derived from category, kind, target and signature. */
    public static Finding of(String category, Severity severity, String kind, String target, Integer run,
            String detail, Map<String, Object> evidence, String signature) {
        return new Finding(null, category, severity, kind, target, run, detail, evidence, signature, 1,
                run == null ? List.of() : List.of(run), null, null);
    }

    /**
     * A single-run finding of a root cause that does not depend on the target (see the class
     * comment); {@code id} is derived from category and signature only.
     */
    public static Finding cause(String category, Severity severity, String kind, String target, Integer run,
            String detail, Map<String, Object> evidence, String signature) {
        return new Finding(Fingerprint.ofCause(category, signature == null ? "" : signature), category, severity,
                kind, target, run, detail, evidence, signature, 1, run == null ? List.of() : List.of(run), null, null);
    }

    /** Evidence key (and findings.json field): the edge class or attack family that produced the finding. */
    public static final String STRATEGY = "strategy";

    /**
     * The edge class or attack family of the input that produced this finding ({@code number.zero@/count},
     * {@code pair(/a/flag=true,/a/n=-1)}, {@code sql_injection@/query}), from the evidence's
     * {@value #STRATEGY}; null when the finding did not come from one generated input.
     */
    public String strategy() {
        Object s = evidence.get(STRATEGY);
        if (s instanceof tools.jackson.databind.JsonNode node) {
            return node.isString() ? node.asString() : null;
        }
        return s == null ? null : s.toString();
    }

    /** True when this finding's id is its root-cause fingerprint (it merges across targets). */
    public boolean isRootCause() {
        return id.equals(Fingerprint.ofCause(category, signature));
    }

    /** The same finding with other detail and evidence (id and bucket unchanged). */
    public Finding withEvidence(String newDetail, Map<String, Object> newEvidence) {
        return new Finding(id, category, severity, kind, target, run, newDetail, newEvidence, signature, count, runs,
                checkId, owasp);
    }

    public Finding withAudit(String checkId, String owasp) {
        return new Finding(Fingerprint.of(category, kind, target, signature + "|" + checkId), category, severity,
                kind, target, run, detail, evidence, signature, count, runs, checkId, owasp);
    }

    /**
     * This finding as audit check {@code checkId}'s, and one root cause whatever its target: its id comes
     * from the category and the signature, which gains the check id.
     */
    public Finding withAuditCause(String checkId, String owasp) {
        String sig = signature + "|" + checkId;
        return new Finding(Fingerprint.ofCause(category, sig), category, severity, kind, target, run, detail, evidence,
                sig, count, runs, checkId, owasp);
    }

    public Finding withBucket(int count, List<Integer> runs) {
        return new Finding(id, category, severity, kind, target, run, detail, evidence, signature, count, runs,
                checkId, owasp);
    }
}
