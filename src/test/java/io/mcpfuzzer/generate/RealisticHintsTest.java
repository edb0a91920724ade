package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Realistic values from the parameter's name, description, tool name and the planted sample files. */
class RealisticHintsTest {
    private static final RealisticHints HINTS = new RealisticHints("/srv/root", List.of("/srv/root/sample-data.json",
            "/srv/root/sample-document.pdf", "/srv/root/sample-image.png", "/srv/root/sample-notes.txt",
            "/srv/root/sample-readme.md", "/srv/root/sample-table.csv"));

    private static ToolInputPlanner planner(long seed) {
        return new ToolInputPlanner(seed, GenerationLimits.defaults(),
                new SchemaValidator(GenerationLimits.defaults().regexMatchSteps()), HINTS);
    }

    private static List<String> values(ToolInputPlanner planner, String tool, String property, String description) {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"" + property + "\":{\"type\":\"string\""
                + (description == null ? "" : ",\"description\":" + Json.write(description)) + "}},\"required\":[\""
                + property + "\"]}");
        List<String> out = new ArrayList<>();
        for (int run = 0; run < 30; run++) {
            out.add(planner.plan(tool, schema, Phase.REALISTIC, run).value().path(property).asString());
        }
        return out;
    }

    @Test
    void sqlParametersGetStatements() {
        assertThat(values(planner(1), "db_tool", "sql", null)).allMatch(v -> v.startsWith("SELECT"));
        assertThat(values(planner(1), "db_tool", "query", "The SQL query to execute")).allMatch(v -> v.startsWith("SELECT"));
        assertThat(values(planner(1), "read_query", "query", null)).as("tool name alone says nothing of SQL")
                .noneMatch(v -> v.startsWith("SELECT"));
        assertThat(values(planner(1), "run_sql", "table_name", null)).as("a sql tool's other params stay names")
                .noneMatch(v -> v.startsWith("SELECT"));
    }

    @Test
    void pathParametersGetExistingSamplesOfTheDescribedType() {
        assertThat(values(planner(2), "read_pdf", "file_path", null)).containsOnly("/srv/root/sample-document.pdf");
        assertThat(values(planner(2), "tool", "path", "Path to the image to resize")).containsOnly("/srv/root/sample-image.png");
        assertThat(values(planner(2), "read_file", "path", null)).allMatch(HINTS.files()::contains);
        assertThat(values(planner(2), "list", "directory", null)).containsOnly("/srv/root");
        assertThat(values(planner(2), "search_files", "path", null)).as("a search starts in a folder")
                .containsOnly("/srv/root");
        assertThat(values(new ToolInputPlanner(2), "read_file", "path", null)).as("no fs-root: no samples")
                .noneMatch(v -> v.startsWith("/srv/root"));
    }

    /** mcp-server-commands 0.5.0 runs every command in {@code workdir}: a folder that does not exist fails them all. */
    @Test
    void workingDirectoriesAreTheRoot() {
        assertThat(values(planner(5), "run_command", "workdir", "Optional, current working directory"))
                .containsOnly("/srv/root");
        assertThat(values(planner(5), "start_process", "cwd", null)).containsOnly("/srv/root");
        assertThat(values(new ToolInputPlanner(5), "run_command", "workdir", null)).as("no fs-root: some path")
                .allMatch(v -> v.contains("/") || v.contains("."));
    }

    /** A command tool's realistic call is a harmless command that exists, so it reaches the success path. */
    @Test
    void commandsAreHarmlessCommandsThatExist() {
        assertThat(values(planner(7), "run_command", "command", "The command to run")).allMatch(v ->
                v.equals("pwd") || v.equals("ls") || v.equals("date") || v.startsWith("echo "));
        assertThat(values(planner(7), "start_process", "cmd", null)).allMatch(v -> !v.isBlank() && !v.contains(";"));
    }

    /** @mapbox/mcp-server 0.2.0 DirectionsTool: plain strings whose descriptions ask for ISO 8601 times. */
    @Test
    void timesDescribedAsIso8601AreIso8601() {
        assertThat(values(planner(6), "directions", "depart_at", "The departure time in ISO 8601 format "
                + "(YYYY-MM-DDThh:mm:ssZ, YYYY-MM-DDThh:mmss\u00b1hh:mm, or YYYY-MM-DDThh:mm).")).as("no fraction: mapbox "
                + "rejects one").allMatch(v -> v.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z"));
        assertThat(values(planner(6), "directions", "arrive_by", "The desired arrival time in ISO-8601 format"))
                .allMatch(v -> v.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}.*"));
        assertThat(values(planner(6), "report", "since", "first day, as YYYY-MM-DD")).allMatch(v -> v.matches(
                "\\d{4}-\\d{2}-\\d{2}"));
        assertThat(values(planner(6), "tasks", "expires_at", null)).allMatch(v -> v.matches("\\d{4}-\\d{2}-\\d{2}T.*"));
        assertThat(values(planner(6), "tasks", "label", "free text")).noneMatch(v -> v.matches("\\d{4}-\\d{2}-.*"));
    }

    /** obsidian-mcp 2.0.1 rejects an absolute path where its descriptions ask for a relative one or a bare name. */
    @Test
    void descriptionsAskingForRelativePathsOrBareNamesAreHonoured() {
        assertThat(values(planner(3), "create-note", "filename", "Just the note name without any path separators (e.g."
                + " 'my-note.md', NOT 'folder/my-note.md')")).allMatch(v -> !v.isEmpty() && !v.contains("/"));
        assertThat(values(planner(3), "create-note", "folder", "Optional subfolder path relative to vault root"))
                .allMatch(v -> !v.isEmpty() && !v.startsWith("/"));
        assertThat(values(planner(3), "delete-note", "path", "Path of the note relative to vault root (e.g., 'folder/note.md')"))
                .allMatch(v -> !v.startsWith("/")).anyMatch(v -> v.startsWith("sample-"));
        assertThat(values(new ToolInputPlanner(3), "delete-note", "path", "Path of the note relative to vault root"))
                .as("no fs-root").allMatch(v -> !v.startsWith("/"));
    }

    /** obsidian-mcp 2.0.1 add-tags: the array's description says what its items are; the items have none. */
    @Test
    void itemsWithoutADescriptionFollowTheirArrays() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"files\":{\"type\":\"array\","
                + "\"items\":{\"type\":\"string\"},\"minItems\":1,\"description\":\"Array of note filenames to process"
                + " (must have .md extension)\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
                + "\"properties\":{\"path\":{\"type\":\"string\"}}}}},\"required\":[\"files\"]}");
        ToolInputPlanner planner = planner(4);
        for (int run = 0; run < 20; run++) {
            JsonNode value = planner.plan("add-tags", schema, Phase.REALISTIC, run).value();
            value.path("files").forEach(f -> assertThat(f.asString()).endsWith(".md"));
        }
    }

    @Test
    void sameSeedAndHintsGiveTheSameInputs() {
        assertThat(values(planner(9), "read_file", "path", null)).isEqualTo(values(planner(9), "read_file", "path", null));
        assertThat(values(planner(9), "db", "sql", null)).isEqualTo(values(planner(9), "db", "sql", null));
    }
}
