package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.EditDistance;
import java.lang.Character.UnicodeScript;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Name comparison helpers: a folded form (NFKC, lower case, separators removed, so {@code readFile},
 * {@code read-file} and {@code READ_FILE} are one name), a confusable skeleton (the folded form with
 * common Cyrillic, Greek, Latin-lookalike and digit homoglyphs mapped to Latin, in the spirit of UTS #39),
 * bounded Levenshtein distance and the set of scripts used. Stateless and thread-safe.
 */
public final class NameSimilarity {
    /** Well-known tool names of popular MCP servers and agent built-ins that squatters imitate. */
    public static final List<String> WELL_KNOWN = List.of(
            "read_file", "read_text_file", "read_multiple_files", "write_file", "edit_file", "delete_file",
            "create_directory", "list_directory", "directory_tree", "move_file", "search_files", "get_file_info",
            "list_allowed_directories", "list_files", "run_command", "execute_command", "run_shell_command",
            "shell", "bash", "terminal", "execute_code", "run_python", "fetch", "web_search", "web_fetch",
            "brave_web_search", "browser_navigate", "browser_click", "browser_snapshot", "puppeteer_navigate",
            "sql_query", "read_query", "write_query", "list_tables", "describe_table", "git_status", "git_diff",
            "git_commit", "git_log", "git_add", "git_checkout", "create_issue", "create_pull_request",
            "get_file_contents", "push_files", "search_repositories", "search_code", "create_or_update_file",
            "send_email", "send_message", "slack_post_message", "slack_list_channels", "create_entities",
            "read_graph", "search_nodes", "open_nodes", "add_observations", "sequentialthinking",
            "get_current_time", "convert_time", "get_weather", "http_request", "kubectl", "docker");

    private static final Map<Integer, Character> CONFUSABLES = Map.ofEntries(
            // Cyrillic
            Map.entry(0x0430, 'a'), Map.entry(0x0432, 'b'), Map.entry(0x0435, 'e'), Map.entry(0x043A, 'k'),
            Map.entry(0x043C, 'm'), Map.entry(0x043D, 'h'), Map.entry(0x043E, 'o'), Map.entry(0x0440, 'p'),
            Map.entry(0x0441, 'c'), Map.entry(0x0442, 't'), Map.entry(0x0443, 'y'), Map.entry(0x0445, 'x'),
            Map.entry(0x0456, 'i'), Map.entry(0x0458, 'j'), Map.entry(0x0455, 's'), Map.entry(0x0501, 'd'),
            Map.entry(0x04CF, 'l'), Map.entry(0x051B, 'q'), Map.entry(0x051D, 'w'), Map.entry(0x0475, 'v'),
            // Greek
            Map.entry(0x03B1, 'a'), Map.entry(0x03B2, 'b'), Map.entry(0x03B5, 'e'), Map.entry(0x03B9, 'i'),
            Map.entry(0x03BA, 'k'), Map.entry(0x03BD, 'v'), Map.entry(0x03BF, 'o'), Map.entry(0x03C1, 'p'),
            Map.entry(0x03C4, 't'), Map.entry(0x03C5, 'u'), Map.entry(0x03C7, 'x'), Map.entry(0x03F2, 'c'),
            // Latin lookalikes and digits
            Map.entry(0x0131, 'i'), Map.entry(0x0261, 'g'), Map.entry(0x2113, 'l'), Map.entry(0x0251, 'a'),
            Map.entry(0x1D00, 'a'), Map.entry(0x0280, 'r'), Map.entry((int) '0', 'o'), Map.entry((int) '1', 'l'),
            Map.entry((int) '|', 'l'));

    private NameSimilarity() {}

    /** NFKC, lower case (root locale), with {@code _ - . space /} removed. */
    public static String fold(String name) {
        String n = Normalizer.normalize(name, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder(n.length());
        n.codePoints().filter(cp -> cp != '_' && cp != '-' && cp != '.' && cp != ' ' && cp != '/')
                .filter(cp -> HiddenContent.carrierOf(cp) == null).forEach(sb::appendCodePoint);
        return sb.toString();
    }

    /** Confusable skeleton of the folded form ("rn" also folds to "m"). */
    public static String skeleton(String name) {
        StringBuilder sb = new StringBuilder();
        fold(name).codePoints().forEach(cp -> {
            Character c = CONFUSABLES.get(cp);
            if (c != null) {
                sb.append(c.charValue());
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString().replace("rn", "m").replace("vv", "w");
    }

    /** Scripts of the letters in name (COMMON and INHERITED ignored). */
    public static Set<String> scripts(String name) {
        Set<String> s = new TreeSet<>();
        name.codePoints().filter(Character::isLetter).forEach(cp -> {
            UnicodeScript sc = UnicodeScript.of(cp);
            if (sc != UnicodeScript.COMMON && sc != UnicodeScript.INHERITED) {
                s.add(sc.name());
            }
        });
        return s;
    }

    /** True when name contains any code point outside printable ASCII. */
    public static boolean nonAscii(String name) {
        return name.codePoints().anyMatch(cp -> cp < 0x20 || cp > 0x7E);
    }

    /** Levenshtein distance between a and b, or {@code max + 1} beyond max: {@link EditDistance#atMost}. */
    public static int distance(String a, String b, int max) {
        return EditDistance.atMost(a, b, max);
    }

    /**
     * True when the folded names differ only in a way ordinary APIs use for distinct tools: a trailing
     * plural {@code s}, or digits.
     */
    public static boolean benignVariant(String foldedA, String foldedB) {
        if (foldedA.equals(foldedB + "s") || foldedB.equals(foldedA + "s")) {
            return true;
        }
        return foldedA.replaceAll("[0-9]", "").equals(foldedB.replaceAll("[0-9]", ""));
    }
}
