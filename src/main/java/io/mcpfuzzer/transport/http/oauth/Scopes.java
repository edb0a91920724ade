package io.mcpfuzzer.transport.http.oauth;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Scope lists: split, join, union (order kept, duplicates dropped). Stateless. */
final class Scopes {
    private Scopes() {}

    /** Space-separated scope text to a list; null or blank gives an empty list. */
    static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String s : text.strip().split(" ")) {
            if (!s.isBlank() && !out.contains(s.strip())) {
                out.add(s.strip());
            }
        }
        return out;
    }

    /** The strings of a JSON array (others skipped); empty for a missing or non-array node. */
    static List<String> of(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(n -> {
                if (n.isString() && !n.asString().isBlank()) {
                    out.add(n.asString());
                }
            });
        }
        return out;
    }

    static List<String> union(List<String> a, List<String> b) {
        Set<String> s = new LinkedHashSet<>(a);
        s.addAll(b);
        return new ArrayList<>(s);
    }

    /** The scopes joined by spaces, or null when there are none (the parameter is then left out). */
    static String join(List<String> scopes) {
        return scopes == null || scopes.isEmpty() ? null : String.join(" ", scopes);
    }
}
