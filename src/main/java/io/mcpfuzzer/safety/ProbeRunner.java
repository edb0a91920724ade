package io.mcpfuzzer.safety;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs a short probe command with a deadline and bounded output; finds executables. */
final class ProbeRunner {
    private static final int MAX_OUTPUT = 64 * 1024;
    private static final List<String> EXTRA_DIRS = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin",
            "/usr/bin", "/sbin", "/bin");

    /** Exit code (-1 when it could not run or timed out) and combined stdout+stderr (bounded). */
    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    private ProbeRunner() {}

    static Result run(List<String> command, long timeoutSeconds) {
        Path out = null;
        Process p = null;
        try {
            out = Files.createTempFile("mcpfuzzer-probe-", ".out");
            p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeoutSeconds + " s");
            }
            return new Result(p.exitValue(), readBounded(out));
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        } finally {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException e) {
                    // best effort: a probe output file in the temp directory
                }
            }
        }
    }

    /** The first executable of that name on the fuzzer's PATH or in the usual system directories. */
    static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(java.io.File.pathSeparator)));
        }
        dirs.addAll(EXTRA_DIRS);
        for (String d : dirs) {
            if (d.isEmpty() || !d.startsWith("/")) {
                continue;
            }
            Path candidate = Path.of(d, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Single-quotes a word for {@code sh}. */
    static String shellQuote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static String readBounded(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(MAX_OUTPUT), StandardCharsets.UTF_8);
        }
    }
}
