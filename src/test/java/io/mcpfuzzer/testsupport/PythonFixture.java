package io.mcpfuzzer.testsupport;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Command lines of the Python fixture servers ({@code src/test/resources/fixtures/*.py}, real stdio MCP
 * servers on {@code mini_server.py}), and the python3 interpreter the tests run.
 *
 * <p>Why Python: the fixtures that tests restart most (a crash per planted bug, and again for every
 * shrinking step that still crashes) start in about 0.03 s of CPU, where a fixture JVM takes 0.3 s; the
 * unit phase starts some 200 of them on 2 cores. Thread-safe; the interpreter is looked up once per JVM.
 */
public final class PythonFixture {
    private static String python;

    private PythonFixture() {}

    /** {@code python3 -S -B <fixtures/script> args...}: no site packages, no bytecode written into {@code target/}. */
    public static List<String> command(String script, String... args) {
        List<String> cmd = new ArrayList<>(List.of(python(), "-S", "-B", script(script).toString()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** {@link #command} joined with spaces, as an {@code --endpoint} value (no argument holds a space). */
    public static String endpoint(String script, String... args) {
        return String.join(" ", command(script, args));
    }

    /** The path of a fixture script on the test class path. */
    public static Path script(String name) {
        URL url = PythonFixture.class.getResource("/fixtures/" + name);
        if (url == null) {
            throw new IllegalArgumentException("no fixture script " + name + " under src/test/resources/fixtures");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The python3 interpreter itself (its {@code sys.executable}), not a launcher in front of it: a pyenv
     * shim on PATH is a shell script that costs 0.25 s of CPU per start. Fails the test when python3 is
     * not installed.
     */
    public static synchronized String python() {
        if (python == null) {
            String onPath = JsonReaders.tool("python3");
            try {
                Process p = new ProcessBuilder(onPath, "-S", "-c", "import sys; print(sys.executable)")
                        .redirectErrorStream(true).start();
                boolean done = p.waitFor(60, TimeUnit.SECONDS); // one short line: it fits the pipe, read it after
                if (!done) {
                    p.destroyForcibly();
                }
                String out = done ? new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8).strip() : "";
                python = done && p.exitValue() == 0 && out.startsWith("/") && !out.contains("\n") ? out : onPath;
            } catch (IOException e) {
                return fail("cannot run " + onPath + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return onPath;
            }
        }
        return python;
    }
}
