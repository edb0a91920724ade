package io.mcpfuzzer.fuzz;

/**
 * Fills the {@code {...}} expressions of a server-supplied URI template with one value. A plain
 * linear scanner: the template and the value are untrusted, so no regular expression and no
 * replacement syntax ({@code $1}, {@code \}) is involved. Stateless.
 */
final class UriTemplateFill {
    private UriTemplateFill() {}

    /**
     * Replaces every {@code {...}} (from a {@code '{'} to the next {@code '}'}) by {@code value};
     * an opening brace without a closing one is kept as it is. Linear in the template length.
     */
    static String fill(String template, String value) {
        StringBuilder out = new StringBuilder(template.length() + value.length());
        int from = 0;
        while (from < template.length()) {
            int open = template.indexOf('{', from);
            int close = open < 0 ? -1 : template.indexOf('}', open + 1);
            if (close < 0) {
                break;
            }
            out.append(template, from, open).append(value);
            from = close + 1;
        }
        return out.append(template, Math.min(from, template.length()), template.length()).toString();
    }
}
