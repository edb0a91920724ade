package io.mcpfuzzer.oracle;

import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Whether a successful answer tells the caller that a property it sent was ignored: a server that drops unknown
 * properties and says so (@wonderwhy-er/desktop-commander 0.2.52: "You sent parameters not supported by this tool,
 * which were ignored: coverage_extra. Supported parameters for ...") handles them on purpose. Stateless; thread-safe.
 */
final class UnknownProperty {
    private static final int WINDOW = 120;
    private static final Pattern IGNORED = Pattern.compile("(?i)\\bignor(?:ed|ing)\\b|\\bnot supported\\b"
            + "|\\bunsupported\\b|\\bunknown (?:parameter|propert|argument|field)|\\bunexpected (?:parameter|propert"
            + "|argument|field)|\\bnot (?:a )?(?:recogni[sz]ed|allowed)\\b");

    private UnknownProperty() {}

    /** True when a text block of {@code result} names one of {@code input}'s properties beside ignore wording. */
    static boolean acknowledged(JsonNode result, JsonNode input) {
        if (result == null || input == null || !input.isObject()) {
            return false;
        }
        for (JsonNode block : result.path("content")) {
            JsonNode text = block.get("text");
            if (text == null || !text.isString()) {
                continue;
            }
            String t = text.asString();
            for (String name : input.propertyNames()) {
                int at = name.length() < 4 ? -1 : t.indexOf(name);
                if (at >= 0 && IGNORED.matcher(t.substring(Math.max(0, at - WINDOW),
                        Math.min(t.length(), at + name.length() + WINDOW))).find()) {
                    return true;
                }
            }
        }
        return false;
    }
}
