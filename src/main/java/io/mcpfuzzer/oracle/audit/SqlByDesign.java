package io.mcpfuzzer.oracle.audit;

import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * Whether a tool takes SQL statements by design (a SQLite or Postgres server's {@code query(sql)}): there a
 * database error or an evaluated expression in the answer to an injection payload is the tool doing its job,
 * not SQL injection. A tool qualifies when one of its input properties is named like a statement
 * ({@code sql}, {@code sql_query}, {@code statement}) or is a {@code query}/{@code q} described as SQL (in the
 * property's or the tool's description). Reads at most {@value #MAX_PROPERTIES} properties. Stateless.
 */
public final class SqlByDesign {
    /** Properties of one schema examined. */
    public static final int MAX_PROPERTIES = 200;
    private static final int MAX_TEXT = 4_000;

    private SqlByDesign() {}

    /** @param tool a {@code tools/list} entry; null or odd shapes yield false */
    public static boolean takesSql(JsonNode tool) {
        if (tool == null || !tool.isObject()) {
            return false;
        }
        JsonNode props = tool.path("inputSchema").path("properties");
        if (!props.isObject()) {
            return false;
        }
        boolean toolSaysSql = mentionsSql(tool.get("description"));
        int n = 0;
        for (var e : props.properties()) {
            if (n++ >= MAX_PROPERTIES) {
                break;
            }
            String name = e.getKey().toLowerCase(Locale.ROOT);
            if (name.contains("sql") || name.equals("statement") || name.equals("stmt")) {
                return true;
            }
            if ((name.equals("query") || name.equals("q")) && (toolSaysSql || mentionsSql(e.getValue().get("description")))) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentionsSql(JsonNode text) {
        if (text == null || !text.isString()) {
            return false;
        }
        String s = text.asString();
        s = (s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) : s).toLowerCase(Locale.ROOT);
        return s.contains("sql") || s.contains("select statement") || s.contains("database query");
    }
}
