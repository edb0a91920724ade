package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.cli.Main;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/** Test support: runs a real campaign through the command line, in-process, and reads its runs.jsonl. */
final class CliCampaigns {
    static final String ABSENT = "<absent>";

    private CliCampaigns() {}

    /** The command line of a fixture server class, as an {@code --endpoint} value. */
    static String endpoint(Class<?> server, String... args) {
        return String.join(" ", JavaCommand.of(server, args));
    }

    /**
     * Runs {@code mcp-fuzzer args... --output-dir out}, asserts exit code 0, and returns every line of
     * the session's runs.jsonl parsed (in file order).
     */
    static List<JsonNode> runs(Path out, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--output-dir");
        all.add(out.toString());
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(all.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8), Map.of("PATH", System.getenv("PATH")));
        assertThat(code).as("exit code; stderr: %s", stderr.toString(StandardCharsets.UTF_8)).isZero();
        Path jsonl;
        try (Stream<Path> files = Files.walk(out.resolve("sessions"), 3)) {
            jsonl = files.filter(p -> p.getFileName().toString().equals("runs.jsonl")).findFirst().orElseThrow();
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
            lines.add(Json.parse(line));
        }
        return lines;
    }

    /** Compact JSON text of a field ({@code <absent>} when missing), the form compared byte for byte. */
    static String text(JsonNode run, String field) {
        JsonNode v = run.get(field);
        return v == null ? ABSENT : v.isString() ? v.asString() : Json.write(v);
    }
}
