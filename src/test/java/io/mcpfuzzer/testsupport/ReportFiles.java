package io.mcpfuzzer.testsupport;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks that every report file a run wrote is readable: JSON, SARIF and JSON Lines with the
 * project's Jackson mapper (nesting up to 2,000, as the fuzzer reads its own files back; session
 * logs record the fuzzer's own deeply nested inputs), XML with the JDK's parser, and the files
 * people consume, {@code findings.json} and {@code run_summary.json}, also with Python's
 * {@code json.load} (whose recursion limit allows nesting of about 1,000). Stateless.
 */
public final class ReportFiles {
    private static final JsonMapper MAPPER = Json.mapper();

    private ReportFiles() {}

    /** Problems found under {@code dir}, one line each; empty when every file parses. */
    public static List<String> problems(Path dir) throws IOException, InterruptedException {
        List<String> problems = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            try {
                if (name.endsWith(".json") || name.endsWith(".sarif")) {
                    MAPPER.readTree(file.toFile());
                } else if (name.endsWith(".jsonl")) {
                    int n = 0;
                    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                        n++;
                        if (!line.isBlank()) {
                            try {
                                MAPPER.readTree(line);
                            } catch (RuntimeException e) {
                                throw new IllegalStateException("line " + n + ": " + e.getMessage(), e);
                            }
                        }
                    }
                } else if (name.endsWith(".xml")) {
                    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
                }
            } catch (Exception e) {
                problems.add(dir.relativize(file) + ": " + cut(e.toString()));
            }
            if (name.equals("findings.json") || name.equals("run_summary.json")) {
                String python = python(file);
                if (python != null) {
                    problems.add(dir.relativize(file) + " (python json.load): " + cut(python));
                }
            }
        }
        return problems;
    }

    /** Parses a report with the project's mapper (for reading fields in tests). */
    public static JsonNode read(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /** Null when {@code python3 -c json.load} reads the file, else its complaint. */
    static String python(Path file) throws IOException, InterruptedException {
        Path log = Files.createTempFile("pyjson", ".log");
        try {
            Process p = new ProcessBuilder(PythonFixture.python(), "-c",
                    "import json,sys\nwith open(sys.argv[1], encoding='utf-8') as f: json.load(f)", file.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "python3 timed out";
            }
            if (p.exitValue() == 0) {
                return null;
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "exit " + p.exitValue() + ": " + String.join(" / ", lines.subList(Math.max(0, lines.size() - 3),
                    lines.size()));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String cut(String s) {
        return s.length() > 500 ? s.substring(0, 500) + "..." : s;
    }
}
