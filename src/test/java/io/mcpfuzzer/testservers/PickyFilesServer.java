package io.mcpfuzzer.testservers;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server that validates like real ones do: {@code run_sql} runs only statements starting with
 * SELECT, {@code read_file} reads only files that exist, {@code read_pdf} only real PDF files, and
 * {@code list_directory} only existing folders; anything else is a tool error. Read-only.
 */
public final class PickyFilesServer extends ToolServer {
    public static void main(String[] args) throws Exception {
        new PickyFilesServer().serve();
    }

    @Override
    protected void tools(ArrayNode tools) {
        tool(tools, "run_sql", "Runs a read-only SQL query against the SQLite database", "sql");
        tool(tools, "read_file", "Reads a text file", "path");
        tool(tools, "read_pdf", "Extracts the text of a PDF document", "file_path");
        tool(tools, "list_directory", "Lists the entries of a directory", "path");
    }

    @Override
    protected ObjectNode call(JsonNode id, String name, JsonNode args) throws Exception {
        return switch (name) {
            case "run_sql" -> {
                String sql = args.path("sql").asString("").strip().toUpperCase(Locale.ROOT);
                yield result(id, sql.startsWith("SELECT") ? text("1 row") : toolError("near \"" + sql + "\": syntax error"));
            }
            case "read_file" -> {
                Path p = Path.of(args.path("path").asString(""));
                yield result(id, Files.isRegularFile(p) ? text(Files.size(p) + " bytes") : toolError("ENOENT " + p));
            }
            case "read_pdf" -> {
                Path p = Path.of(args.path("file_path").asString(""));
                boolean pdf = Files.isRegularFile(p) && new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1)
                        .startsWith("%PDF-");
                yield result(id, pdf ? text("Sample PDF") : toolError("not a PDF: " + p));
            }
            case "list_directory" -> {
                Path p = Path.of(args.path("path").asString(""));
                yield result(id, Files.isDirectory(p) ? text("entries") : toolError("ENOTDIR " + p));
            }
            default -> error(id, -32602, "Unknown tool");
        };
    }
}
