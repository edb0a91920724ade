package io.mcpfuzzer.report.export;

import io.mcpfuzzer.report.TargetKey;
import io.mcpfuzzer.report.text.TerminalText;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A horizontal stacked bar chart of per-target outcome counts as standalone inline SVG (no
 * script, no external references). Every label passes through {@link XmlText#escape}. At most
 * {@value #MAX_ROWS} targets are drawn (the busiest first); a note counts the rest. Stateless.
 */
public final class SvgBarChart {
    public static final int MAX_ROWS = 60;
    private static final int LABEL_WIDTH = 260;
    private static final int BAR_WIDTH = 480;
    private static final int ROW_HEIGHT = 22;
    private static final Map<String, String> COLOURS = Map.ofEntries(
            Map.entry("ok", "#2e7d32"), Map.entry("tool_error", "#f9a825"), Map.entry("rejected", "#78909c"),
            Map.entry("crash", "#b71c1c"), Map.entry("hang", "#e65100"), Map.entry("timeout", "#fb8c00"),
            Map.entry("oversized_response", "#8e24aa"), Map.entry("protocol_violation", "#c2185b"),
            Map.entry("safety_blocked", "#1565c0"), Map.entry("transport_error", "#6d4c41"),
            Map.entry("no_answer", "#757575"));
    private static final String[] EXTRA = {"#00838f", "#9e9d24", "#5d4037", "#455a64", "#ad1457", "#283593"};

    private SvgBarChart() {}

    /** The chart for target key to outcome to count. */
    public static String render(Map<String, Map<String, Long>> perTarget) {
        Map<String, Map<String, Long>> rows = new LinkedHashMap<>();
        perTarget.entrySet().stream()
                .sorted((a, b) -> Long.compare(total(b.getValue()), total(a.getValue())))
                .limit(MAX_ROWS).forEach(e -> rows.put(e.getKey(), e.getValue()));
        Set<String> outcomes = new LinkedHashSet<>();
        rows.values().forEach(m -> outcomes.addAll(m.keySet()));
        Map<String, String> colours = new LinkedHashMap<>();
        int extra = 0;
        for (String outcome : outcomes.stream().sorted().toList()) {
            colours.put(outcome, COLOURS.getOrDefault(outcome, EXTRA[extra++ % EXTRA.length]));
        }
        long max = Math.max(1, rows.values().stream().mapToLong(SvgBarChart::total).max().orElse(1));
        int legendRows = (colours.size() + 3) / 4;
        int height = 10 + rows.size() * ROW_HEIGHT + 16 + legendRows * 18 + (perTarget.size() > MAX_ROWS ? 18 : 0);
        int width = LABEL_WIDTH + BAR_WIDTH + 80;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"Outcomes per target\" ")
                .append("width=\"").append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ")
                .append(width).append(' ').append(height).append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        int y = 10;
        for (Map.Entry<String, Map<String, Long>> row : rows.entrySet()) {
            String label = TerminalText.safe(TargetKey.parse(row.getKey()).toString(), 40);
            svg.append("<text x=\"").append(LABEL_WIDTH - 6).append("\" y=\"").append(y + 14)
                    .append("\" text-anchor=\"end\">").append(XmlText.escape(label)).append("</text>\n");
            double x = LABEL_WIDTH;
            for (Map.Entry<String, String> colour : colours.entrySet()) {
                long count = row.getValue().getOrDefault(colour.getKey(), 0L);
                if (count <= 0) {
                    continue;
                }
                double w = BAR_WIDTH * (double) count / max;
                svg.append("<rect x=\"").append(fmt(x)).append("\" y=\"").append(y + 3).append("\" width=\"")
                        .append(fmt(w)).append("\" height=\"").append(ROW_HEIGHT - 6).append("\" fill=\"")
                        .append(colour.getValue()).append("\"><title>").append(XmlText.escape(label + ": "
                                + TerminalText.safe(colour.getKey(), 40) + " " + count)).append("</title></rect>\n");
                x += w;
            }
            svg.append("<text x=\"").append(fmt(x + 6)).append("\" y=\"").append(y + 14).append("\">")
                    .append(total(row.getValue())).append("</text>\n");
            y += ROW_HEIGHT;
        }
        if (perTarget.size() > MAX_ROWS) {
            y += 14;
            svg.append("<text x=\"").append(LABEL_WIDTH).append("\" y=\"").append(y).append("\">")
                    .append(perTarget.size() - MAX_ROWS).append(" more target(s) not drawn</text>\n");
        }
        y += 18;
        int i = 0;
        for (Map.Entry<String, String> colour : colours.entrySet()) {
            int lx = 10 + (i % 4) * 200;
            int ly = y + (i / 4) * 18;
            svg.append("<rect x=\"").append(lx).append("\" y=\"").append(ly - 10).append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(colour.getValue()).append("\"/><text x=\"").append(lx + 16).append("\" y=\"").append(ly)
                    .append("\">").append(XmlText.escape(TerminalText.safe(colour.getKey(), 28))).append("</text>\n");
            i++;
        }
        return svg.append("</svg>").toString();
    }

    private static long total(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
