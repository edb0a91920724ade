package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The whole numbers a parameter's description lists as its meaningful values, each with a label:
 * "Access level for pushing (0=No access, 30=Developer, 40=Maintainer, 60=Admin)" (@zereight/mcp-gitlab
 * 2.1, whose schema declares any safe integer and whose server accepts those four), "1: low, 2: high",
 * "0 (off), 1 (on)". At least two labelled values, or none. Reads at most {@value #MAX_SCAN} characters.
 * Stateless and thread-safe.
 */
final class DescribedNumbers {
    static final int MAX_SCAN = 2_000;
    private static final int MAX_VALUES = 32;
    /** A number, then "=", ":" or "(", then a word: bounded, no nested repetition. */
    private static final Pattern LABELLED = Pattern.compile("(?<![\\w.-])(-?\\d{1,9})\\s{0,2}(?:=|:|\\()\\s{0,2}[A-Za-z]");

    private DescribedNumbers() {}

    /** The labelled values in the order written, without repeats; empty when fewer than two. */
    static List<Long> of(String description) {
        if (description == null || description.isEmpty()) {
            return List.of();
        }
        String text = description.length() > MAX_SCAN ? description.substring(0, MAX_SCAN) : description;
        Set<Long> values = new LinkedHashSet<>();
        Matcher m = LABELLED.matcher(text);
        while (m.find() && values.size() < MAX_VALUES) {
            values.add(Long.parseLong(m.group(1)));
        }
        return values.size() < 2 ? List.of() : new ArrayList<>(values);
    }
}
