package io.mcpfuzzer.generate;

import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * Realistic SQL for a parameter that takes it: a harmless read-only query, unless the tool says it takes
 * only writes ("INSERT, UPDATE, or DELETE SQL query", mcp-server-sqlite-npx's write_query, which refuses
 * SELECT) or table definitions ("CREATE TABLE SQL statement"): then a statement on the fuzzer's own table
 * {@value #PROBE_TABLE}, which the run leaves in the database. Stateless and thread-safe.
 */
final class SqlHints {
    /** The fuzzer's own table. */
    static final String PROBE_TABLE = "mcp_fuzzer_probe";

    /** What SQL a tool takes. */
    enum Use { READ, WRITE, CREATE }

    /** A write statement named ("INSERT, UPDATE, or DELETE SQL query", a tool called write_query). */
    private static final Pattern WRITE = Pattern.compile("\\b(?:insert|update|delete|write)\\b");
    /** Wording that forbids or rules out writes: "INSERT, UPDATE, DELETE are not allowed", "read-only SQL". */
    private static final Pattern READ_ONLY = Pattern.compile("not allowed|forbidden|rejected|read-only|read only"
            + "|only select|select only|select statements? only|cannot (?:insert|update|delete|write|create)");

    private static final String[] QUERIES = {"SELECT 1", "SELECT 1 AS ok", "SELECT CURRENT_TIMESTAMP"};
    private static final String[] SQLITE = {"SELECT name FROM sqlite_master WHERE type = 'table'", "SELECT sqlite_version()"};
    private static final String[] WRITES = {"INSERT INTO " + PROBE_TABLE + " (note) VALUES ('mcp-fuzzer')",
        "UPDATE " + PROBE_TABLE + " SET note = 'mcp-fuzzer' WHERE id = 1"};
    private static final String CREATE = "CREATE TABLE IF NOT EXISTS " + PROBE_TABLE + " (id INTEGER PRIMARY KEY, note TEXT)";

    private SqlHints() {}

    /** @param about the parameter's and tool's description and the tool's name as words, lower case */
    static Use use(String about) {
        if (READ_ONLY.matcher(about).find()) {
            return Use.READ;
        }
        if (about.contains("create table")) {
            return Use.CREATE;
        }
        return !about.contains("select") && WRITE.matcher(about).find() ? Use.WRITE : Use.READ;
    }

    static String value(Use use, boolean sqlite, SplittableRandom r) {
        return switch (use) {
            case CREATE -> CREATE;
            case WRITE -> FormatValues.pick(r, WRITES);
            case READ -> sqlite && r.nextBoolean() ? FormatValues.pick(r, SQLITE) : FormatValues.pick(r, QUERIES);
        };
    }
}
