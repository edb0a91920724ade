package io.mcpfuzzer.e2e;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.E2eTargets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Runs the official {@code @modelcontextprotocol/conformance} command line (pinned in {@code e2e/package.json})
 * on Node 22 and reads the {@code checks.json} files it writes. Every call blocks until the tool exits or the
 * deadline passes; on the deadline the tool and all its descendants are killed. Not thread-safe per output dir.
 */
final class ConformanceCli {
    /** Check statuses written by the suite. */
    static final String SUCCESS = "SUCCESS";
    static final String INFO = "INFO";
    static final String WARNING = "WARNING";
    static final String FAILURE = "FAILURE";

    private ConformanceCli() {}

    /** What one run of the tool produced. */
    record Result(int exitCode, String log, List<JsonNode> checks) {
        /** One line per check: {@code id status description [errorMessage]}. */
        String describe() {
            StringBuilder sb = new StringBuilder();
            for (JsonNode c : checks) {
                sb.append(c.path("id").asString()).append(' ').append(c.path("status").asString()).append(' ')
                        .append(c.path("description").asString());
                if (c.has("errorMessage")) {
                    sb.append(" [").append(c.path("errorMessage").asString()).append(']');
                }
                sb.append('\n');
            }
            return sb.append("--- conformance log (tail) ---\n").append(tail(log, 2500)).toString();
        }

        List<JsonNode> withId(String id) {
            return checks.stream().filter(c -> id.equals(c.path("id").asString())).toList();
        }
    }

    /**
     * Runs {@code node22 <conformance> args... --output-dir outDir} in {@code workDir} with a minimal environment
     * (Node 22 first on PATH, HOME = workDir) and returns the exit code, the combined output and every check of
     * every {@code checks.json} below {@code outDir}.
     */
    static Result run(Path workDir, Path outDir, Duration deadline, List<String> args)
            throws IOException, InterruptedException {
        Files.createDirectories(outDir);
        Path node = E2eTargets.node22().toRealPath();
        Path script = E2eTargets.bin("conformance").toRealPath();
        List<String> cmd = new ArrayList<>(List.of(node.toString(), script.toString()));
        cmd.addAll(args);
        cmd.add("--output-dir");
        cmd.add(outDir.toString());
        Path log = outDir.resolve("conformance.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        Map<String, String> env = pb.environment();
        env.clear();
        env.put("PATH", node.getParent() + ":/usr/local/bin:/usr/bin:/bin");
        env.put("HOME", workDir.toString());
        env.put("NO_COLOR", "1");
        Process process = pb.start();
        process.getOutputStream().close();
        int exit;
        try {
            if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                throw new IllegalStateException("conformance " + args + " did not finish within " + deadline
                        + "; log:\n" + tail(read(log), 4000));
            }
            exit = process.exitValue();
        } finally {
            kill(process);
        }
        return new Result(exit, read(log), checks(outDir));
    }

    private static void kill(Process process) throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(20, TimeUnit.SECONDS);
    }

    private static List<JsonNode> checks(Path outDir) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> files = Files.find(outDir, 3, (p, a) -> p.getFileName().toString().equals("checks.json"))) {
            for (Path file : files.sorted().toList()) {
                JsonNode array = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
                array.forEach(out::add);
            }
        }
        return out;
    }

    private static String read(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    private static String tail(String text, int max) {
        return text.length() <= max ? text : "..." + text.substring(text.length() - max);
    }
}
