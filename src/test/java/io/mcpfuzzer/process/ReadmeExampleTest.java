package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.process.fixtures.EchoUntilEof;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Compiles and runs the example under "Embedding the runtime" in docs/process.md, with the
 * placeholder server replaced by a test fixture, so the documentation cannot rot.
 */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ReadmeExampleTest") // its methods run one after the other (a lock forces them into one thread)
class ReadmeExampleTest {
    private static final String COMMAND = "List.of(\"python3\", \"my_server.py\")";
    private static final String CWD = "Path.of(\"/path/to/server\")";
    private static final String WAIT = "ProcessResult result = manager.waitFor(process.pid());";
    private final Leaks leaks = new Leaks();
    @TempDir
    Path dir;

    @AfterEach
    void tearDown() {
        try {
            leaks.assertNoneAlive();
        } finally {
            leaks.killLeftovers();
        }
    }

    @Test
    void documentedExampleCompilesAndRuns() throws Exception {
        String snippet = exampleFromDocs();
        assertThat(snippet).contains(COMMAND, CWD, WAIT);
        String body = snippet.replace(COMMAND, "command").replace(CWD, "cwd").replace(WAIT, WAIT + " last = result;");
        String source = "package example;\n"
                + "import io.mcpfuzzer.process.*;\nimport java.nio.file.Path;\nimport java.time.Duration;\n"
                + "import java.util.List;\n"
                + "public class Example {\n"
                + "  public static ProcessResult last;\n"
                + "  public static void run(List<String> command, Path cwd) throws Exception {\n"
                + "    var activity = new Object() { long timestamp() { return System.nanoTime(); } };\n"
                + body + "\n  }\n}\n";
        Path src = dir.resolve("src/example/Example.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source, StandardCharsets.UTF_8);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean ok = javac.getTask(diagnostics, null, null, List.of("-classpath", System.getProperty("java.class.path"),
                "-d", classes.toString()), null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(src.toFile()))
                .call();
        assertThat(ok).as("compiles: %s", diagnostics).isTrue();

        List<String> server = JavaCommand.of(EchoUntilEof.class);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                getClass().getClassLoader())) {
            Class<?> example = loader.loadClass("example.Example");
            Method run = example.getMethod("run", List.class, Path.class);
            run.invoke(null, withMarker(server), dir);
            ProcessResult result = (ProcessResult) example.getField("last").get(null);
            assertThat(result.exitCode()).isZero();
            assertThat(result.state()).isEqualTo(ProcessState.EXITED);
            assertThat(result.name()).isEqualTo("audit-stdio-server");
        }
    }

    /** Runs the server through env(1) so the leak check can recognise it by its marker. */
    private List<String> withMarker(List<String> command) {
        List<String> out = new java.util.ArrayList<>(List.of("env", Leaks.VARIABLE + "=" + leaks.mark()));
        out.addAll(command);
        return out;
    }

    private static String exampleFromDocs() throws Exception {
        String doc = Files.readString(Path.of("docs", "process.md"), StandardCharsets.UTF_8);
        int heading = doc.indexOf("## Embedding the runtime");
        assertThat(heading).as("heading in docs/process.md").isNotNegative();
        int start = doc.indexOf("```java\n", heading) + "```java\n".length();
        int end = doc.indexOf("```", start);
        return doc.substring(start, end);
    }
}
