package io.mcpfuzzer.mcp;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A paginated listing ({@code tools/list}, {@code resources/list}, {@code prompts/list},
 * {@code resources/templates/list}) collected across pages.
 *
 * @param items    every item collected, in order (bounded by the page cap)
 * @param pages    pages fetched
 * @param problems what went wrong (cursor loop, page cap hit, malformed page, error answer); empty when clean
 */
public record Listing(List<JsonNode> items, int pages, List<String> problems) {
    public Listing {
        items = List.copyOf(items);
        problems = List.copyOf(problems);
    }
}
