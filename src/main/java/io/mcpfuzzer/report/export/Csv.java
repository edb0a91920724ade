package io.mcpfuzzer.report.export;

import java.util.List;

/**
 * RFC 4180 CSV: every field quoted, quotes doubled, CRLF record ends. Cells that a spreadsheet
 * would run as a formula (starting with {@code = + - @}, tab, CR or LF) get a leading {@code '}.
 * Cells are cut at {@value #MAX_CELL} characters (spreadsheets cap cells at 32,767). Stateless.
 */
public final class Csv {
    public static final int MAX_CELL = 32_000;

    private Csv() {}

    /** One record, including its trailing CRLF. */
    public static String row(List<String> cells) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append('"').append(cell(cells.get(i)).replace("\"", "\"\"")).append('"');
        }
        return out.append("\r\n").toString();
    }

    /** A cell's text before quoting: formula-neutralised and length-capped; null gives "". */
    public static String cell(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        String text = XmlText.cut(value, MAX_CELL);
        char first = text.charAt(0);
        if (first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r'
                || first == '\n') {
            return "'" + text;
        }
        return text;
    }
}
