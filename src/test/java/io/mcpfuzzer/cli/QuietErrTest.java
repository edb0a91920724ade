package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The stderr filter of {@code --quiet}: warnings and notices out, everything else in, line by line. */
class QuietErrTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream quiet = QuietErr.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    private String text() {
        quiet.flush();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void dropsWarningsAndNoticesKeepsErrors() {
        quiet.println("mcp-fuzzer: warning: environment variable MCP_FUZZER_RUNZ is ignored");
        quiet.println("mcp-fuzzer demo: fuzzing the built-in vulnerable demo server (seed 1)");
        quiet.println("mcp-fuzzer: run blocked: the target failed to start");
        quiet.print("hint: check the path\nmcp-fuzzer: warning: x\n");
        assertThat(text()).isEqualTo("mcp-fuzzer: run blocked: the target failed to start\nhint: check the path\n");
    }

    @Test
    void aVeryLongLineIsPassedOnWhole() {
        String longLine = "mcp-fuzzer: warning: " + "y".repeat(QuietErr.MAX_LINE + 10);
        quiet.println(longLine);
        quiet.println("next");
        assertThat(text()).isEqualTo(longLine + "\nnext\n");
    }
}
