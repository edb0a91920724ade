package io.mcpfuzzer.config;

import java.util.List;
import java.util.Locale;

/**
 * "Did you mean" for option values: the allowed value nearest to what was given, by the
 * Levenshtein distance of {@link UnknownKeys#distance} (case-insensitive). Stateless.
 */
final class Suggestions {
    /** Largest distance still suggested. */
    static final int MAX_DISTANCE = 2;

    private Suggestions() {}

    /**
     * @return {@code "; did you mean 'x'?"} for the only value of {@code allowed} that starts with
     *     {@code given} (at least two characters), else for the nearest within
     *     {@link #MAX_DISTANCE} edits (and fewer edits than the value is long), else ""
     */
    static String hint(String given, List<String> allowed) {
        String g = given.trim().toLowerCase(Locale.ROOT);
        if (g.isEmpty() || g.length() > 100) {
            return "";
        }
        String prefixed = null;
        int prefixes = 0;
        for (String a : allowed) {
            if (g.length() >= 2 && a.toLowerCase(Locale.ROOT).startsWith(g)) {
                prefixed = a;
                prefixes++;
            }
        }
        if (prefixes == 1) {
            return "; did you mean '" + prefixed + "'?";
        }
        String best = null;
        int bestDistance = MAX_DISTANCE + 1;
        for (String a : allowed) {
            int d = io.mcpfuzzer.common.EditDistance.atMost(g, a.toLowerCase(Locale.ROOT), MAX_DISTANCE);
            if (d < bestDistance && d < Math.max(2, a.length() / 2 + 1)) {
                bestDistance = d;
                best = a;
            }
        }
        return best == null ? "" : "; did you mean '" + best + "'?";
    }
}
