package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Facade of the {@code --security-audit} checks for the campaign. Every method is pure over its inputs
 * except {@link #pinCheck} (reads/writes the pin file); all are thread-safe and never throw on hostile
 * server data (odd shapes are skipped). Inputs are the arrays from {@code tools/list},
 * {@code resources/list} and {@code prompts/list} results (all pages concatenated), exactly as received.
 * Check ids, severities and OWASP ids are listed in {@code docs/audit.md}.
 */
public final class SecurityAudit {
    private SecurityAudit() {}

    /**
     * Static audit of one listing: per-item text checks, name checks, capability checks over the tool set
     * and the cleartext-transport check.
     *
     * @param tools     {@code tools} array, or null
     * @param resources {@code resources} (and/or {@code resourceTemplates}) array, or null
     * @param prompts   {@code prompts} array, or null
     * @param endpoint  endpoint URL for HTTP targets, or null/command line for stdio (then only a stdio
     *                  target name is used for server-level findings)
     */
    public static List<Finding> auditListing(JsonNode tools, JsonNode resources, JsonNode prompts, String endpoint) {
        List<Finding> out = new ArrayList<>();
        items(out, Surface.TOOL, tools);
        items(out, Surface.RESOURCE, resources);
        items(out, Surface.PROMPT, prompts);
        out.addAll(NameAudit.audit(Surface.TOOL, tools));
        out.addAll(NameAudit.audit(Surface.RESOURCE, resources));
        out.addAll(NameAudit.audit(Surface.PROMPT, prompts));
        out.addAll(CapabilityAudit.audit(tools, serverTarget(endpoint)));
        out.addAll(TransportAudit.check(endpoint));
        return out;
    }

    /**
     * Differences between two listings of the same surface taken in one run (in-session drift); when one of
     * them is not {@code whole}, changed definitions only ({@link ListingDiff#compare}).
     */
    public static List<Finding> auditRelisting(Surface surface, JsonNode first, JsonNode second, boolean whole) {
        return ListingDiff.compare(surface, first, second, whole);
    }

    /**
     * Rug-pull check across runs against {@code --pin-file}; writes the file on first use.
     *
     * @param update rewrite the pins with the current listing after comparing (accept changes)
     * @throws PinFile.PinFileException if an existing pin file is unreadable or not a pin file
     */
    public static List<Finding> pinCheck(Path pinFile, JsonNode tools, boolean update) {
        return new PinFile(pinFile).check(tools, update);
    }

    /**
     * Response oracles for one call: did the payload of {@code family} demonstrably take effect?
     *
     * @param target   tool name (or resource URI / prompt name)
     * @param family   payload family label, for example {@code command_injection}, {@code path_traversal},
     *                 {@code sqli}, {@code prompt_injection}; unknown families get the generic checks only
     * @param input    the arguments or text sent (its JSON text is compared against the answer)
     * @param response text of the answer (content text, structured content JSON, error message)
     */
    public static List<Finding> auditResponse(String target, String family, String input, String response) {
        return ResponseOracle.check(target, family, input, response);
    }

    /**
     * Response checks for one call, where {@code sentBefore} names the poisoning markers the fuzzer
     * sent earlier in the session (stored and shown again, not injected by the server).
     */
    public static List<Finding> auditResponse(String target, String family, String input, String response,
            java.util.Set<String> sentBefore) {
        return ResponseOracle.check(target, family, input, response, sentBefore);
    }

    /** The poisoning markers a request carries. */
    public static java.util.Set<String> poisoningMarkers(String input) {
        return ResponseOracle.markersIn(input);
    }

    /** Output-contract checks for one {@code tools/call} result of the given tool definition. */
    public static List<Finding> auditToolResult(JsonNode tool, JsonNode callResult) {
        return OutputContract.check(tool, callResult);
    }

    /** Target for server-level findings: the redacted endpoint for URLs, else {@code server}. */
    public static String serverTarget(String endpoint) {
        if (endpoint != null && endpoint.matches("(?i)^https?://.*")) {
            return TransportAudit.redact(endpoint);
        }
        return "server";
    }

    private static void items(List<Finding> out, Surface surface, JsonNode items) {
        if (items == null || !items.isArray()) {
            return;
        }
        int n = 0;
        for (JsonNode item : items) {
            if (n++ >= 10_000) {
                break;
            }
            out.addAll(MetadataAudit.audit(surface, item));
        }
    }
}
