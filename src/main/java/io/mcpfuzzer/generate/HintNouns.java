package io.mcpfuzzer.generate;

import io.mcpfuzzer.common.NameTokens;
import java.util.List;
import java.util.Set;

/**
 * The noun a server's hint names and the noun a parameter is named after, reduced to one <em>key</em>
 * so the two can be matched: the name's lower-case tokens ({@link NameTokens}: camelCase and
 * snake_case alike), without a trailing {@code name}, {@code names}, {@code key} or {@code keys} when
 * something precedes it, at most the last {@value #MAX_TOKENS}, the last one made singular, joined by
 * {@code _}. So {@code schema}, {@code schemas}, {@code schemaName}, {@code schema_name} and the hint
 * noun of "Available schemas" all give {@code schema}; "Available object types" gives
 * {@code object_type}. Stateless and thread-safe.
 */
public final class HintNouns {
    /** Most tokens a key keeps (the last ones). */
    static final int MAX_TOKENS = 3;
    private static final Set<String> SUFFIXES = Set.of("name", "names", "key", "keys");
    /** Nouns that say nothing about which parameter a hint is for ("Valid values are: ..."). */
    private static final Set<String> GENERIC = Set.of("value", "option", "choice", "one", "item", "argument",
            "parameter", "param", "input", "field", "property", "entry", "setting");

    private HintNouns() {}

    /** The key of a name or noun phrase, or null when it has no letters or digits. */
    public static String key(String name) {
        List<String> t = NameTokens.of(name);
        if (t.size() > 1 && SUFFIXES.contains(t.get(t.size() - 1))) {
            t = t.subList(0, t.size() - 1);
        }
        if (t.isEmpty()) {
            return null;
        }
        if (t.size() > MAX_TOKENS) {
            t = t.subList(t.size() - MAX_TOKENS, t.size());
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < t.size(); i++) {
            out.append(i == 0 ? "" : "_").append(i == t.size() - 1 ? singular(t.get(i)) : t.get(i));
        }
        return out.toString();
    }

    /** True for a key that names no particular parameter ({@code value}, {@code option}, ...). */
    static boolean generic(String key) {
        return key == null || GENERIC.contains(key);
    }

    /**
     * True when a hint's noun key names a parameter's key: the same key, or one of them is a single
     * token equal to the other's last token ({@code schema} and {@code target_schema}).
     */
    static boolean matches(String hintKey, String paramKey) {
        if (hintKey == null || paramKey == null) {
            return false;
        }
        if (hintKey.equals(paramKey)) {
            return true;
        }
        boolean hintOne = hintKey.indexOf('_') < 0;
        boolean paramOne = paramKey.indexOf('_') < 0;
        return hintOne && paramKey.endsWith("_" + hintKey) || paramOne && hintKey.endsWith("_" + paramKey);
    }

    /** An English plural made singular, well enough for nouns of names ({@code categories}, {@code indexes}). */
    static String singular(String word) {
        int n = word.length();
        if (n > 4 && word.endsWith("ies")) {
            return word.substring(0, n - 3) + "y";
        }
        if (n > 4 && (word.endsWith("sses") || word.endsWith("shes") || word.endsWith("ches") || word.endsWith("xes")
                || word.endsWith("zes") || word.endsWith("uses"))) {
            return word.substring(0, n - 2);
        }
        if (n > 1 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
            return word.substring(0, n - 1);
        }
        return word;
    }
}
