package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.TargetStartException;
import io.mcpfuzzer.mcp.Listing;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How tool discovery went, in the shape of the Python tool's {@code run_summary.json}
 * {@code tool_discovery} block: {@code failure} (one of {@code none}, {@code connection_failed},
 * {@code auth_required}, {@code empty_tools_list}, {@code server_error}, {@code stdio_parse_error},
 * {@code process_crashed}, {@code unknown}), a human {@code detail} and the {@code tool_count}
 * listed. Stateless.
 *
 * <p>A listing that returned tools is {@code none} even when a later page had a problem (those are
 * warnings). Texts are matched on our own messages (listing problems, start failures), never on
 * a server's free text alone.
 */
public final class ToolDiscovery {
    private static final Pattern AUTH = Pattern.compile("\\b(401|403)\\b|unauthori[sz]ed|forbidden|auth");
    private static final Pattern AUTH_CODE = Pattern.compile("error (-32001|401|403)\\b");
    private static final Pattern CRASH = Pattern.compile("exit code|exited|signal|terminated|crash|died|closed");
    /** Our words for a server whose stdout was not JSON-RPC (not any mention of stdout: "stdout closed" is an exit). */
    private static final Pattern PARSE = Pattern.compile("not valid json|invalid json|parse|not json-rpc");

    /** The section a start failure quotes unparseable stdout under, lower case as the text it is found in. */
    private static final String STDOUT_SECTION = ("--- " + TargetStartException.UNPARSEABLE_STDOUT + " ---")
            .toLowerCase(Locale.ROOT);

    private ToolDiscovery() {}

    /** Tools were not part of the run (mode without tools and no audit). */
    public static Map<String, Object> notRequested() {
        return block("none", "", 0);
    }

    /** The outcome of a {@code tools/list} listing. */
    public static Map<String, Object> of(Listing listing) {
        int count = listing.items().size();
        if (count > 0) {
            return block("none", "Discovered " + count + " tool(s)", count);
        }
        if (listing.problems().isEmpty()) {
            return block("empty_tools_list", "Server returned an empty tools list", 0);
        }
        String problem = listing.problems().get(0);
        String text = problem.toLowerCase(Locale.ROOT);
        String failure;
        if (AUTH_CODE.matcher(text).find() || text.contains("unauthorized")) {
            failure = "auth_required";
        } else if (text.contains(": error ") || text.contains("has no 'tools' array") || text.contains("timeout")
                || text.contains("oversized") || text.contains("dropped") || text.contains("nextcursor")) {
            failure = "server_error";
        } else if (text.contains(": closed")) {
            failure = "process_crashed";
        } else if (text.contains(": send_failed")) {
            failure = AUTH.matcher(text).find() ? "auth_required" : "connection_failed";
        } else {
            failure = "unknown";
        }
        return block(failure, problem, 0);
    }

    /** The target could not be started or initialized, so tools were never listed. */
    public static Map<String, Object> blocked(String reason) {
        String text = reason == null ? "" : reason.toLowerCase(Locale.ROOT);
        // our own words are on the first line; what follows quotes the server (a stderr tail saying
        // "argparse" or "author" must not decide)
        String first = text.lines().findFirst().orElse("");
        String failure;
        if (AUTH.matcher(first).find()) {
            failure = "auth_required";
        } else if (PARSE.matcher(first).find()) {
            failure = "stdio_parse_error";
        } else if (CRASH.matcher(first).find()) {
            failure = "process_crashed";
        } else if (text.contains(STDOUT_SECTION)) {
            failure = "stdio_parse_error";
        } else {
            failure = "connection_failed";
        }
        return block(failure, reason == null ? "" : reason, 0);
    }

    /** Listing itself failed inside the fuzzer (counted in {@code fuzzer_errors}). */
    public static Map<String, Object> failed(String detail) {
        return block("unknown", detail, 0);
    }

    private static Map<String, Object> block(String failure, String detail, int count) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("failure", failure);
        m.put("detail", detail);
        m.put("tool_count", count);
        return m;
    }
}
