package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testservers.CleanProtocolServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The fuzzer on a real pseudo-terminal ({@code script -qefc} from util-linux), as a person sees it:
 * the progress line is drawn and erased before the summary starts, colours are on, and
 * {@code NO_COLOR} or {@code --color never} turn every ANSI sequence off.
 */
@Timeout(240)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:PseudoTerminalTest") // its methods run one after the other (a lock forces them into one thread)
class PseudoTerminalTest {
    private static final String ESC = "\u001b";

    @TempDir
    Path dir;

    private String onATerminal(Map<String, String> env, String... extra) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "util-linux script is not installed");
        Path served = Files.createDirectories(dir.resolve("served"));
        List<String> fuzzer = new ArrayList<>(List.of(JavaCommand.javaBinary(), "-cp",
                System.getProperty("java.class.path"), "io.mcpfuzzer.cli.Main", "--mode", "tools", "--runs", "3",
                "--endpoint", CliRunTest.endpoint(CleanProtocolServer.class) + " " + served,
                "--output-dir", dir.resolve("reports").toString()));
        fuzzer.addAll(List.of(extra));
        StringBuilder command = new StringBuilder();
        for (String arg : fuzzer) {
            command.append(command.length() == 0 ? "" : " ").append('\'').append(arg.replace("'", "'\\''")).append('\'');
        }
        Path out = dir.resolve("tty.out");
        ProcessBuilder pb = new ProcessBuilder("/usr/bin/script", "-qefc", command.toString(), "/dev/null")
                .directory(dir.toFile()).redirectOutput(out.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().keySet().removeIf(k -> k.equals("NO_COLOR") || k.equals("CI") || k.startsWith("MCP_FUZZER_"));
        pb.environment().put("TERM", "xterm");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("the fuzzer on a pseudo-terminal did not finish");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    /** What the terminal shows on the line where the summary starts, before it: after the last CR. */
    private static String beforeSummaryOnItsLine(String text) {
        int at = text.indexOf("=== MCP Fuzzer Summary ===");
        assertThat(at).as(text).isPositive();
        String line = text.substring(text.lastIndexOf('\n', at) + 1, at);
        return withoutAnsi(line.substring(line.lastIndexOf('\r') + 1));
    }

    private static String withoutAnsi(String text) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\u001b') {
                int end = i + 1;
                while (end < text.length() && !Character.isLetter(text.charAt(end))) {
                    end++;
                }
                i = end;
                continue;
            }
            b.append(text.charAt(i));
        }
        return b.toString();
    }

    @Test
    void theProgressLineIsErasedAndTheSummaryIsColoured() throws Exception {
        String text = onATerminal(Map.of());

        assertThat(text).contains("targets]").contains(" runs (");
        int progress = text.lastIndexOf("targets]");
        int summary = text.indexOf("=== MCP Fuzzer Summary ===");
        assertThat(progress).isLessThan(summary);
        String between = text.substring(progress, summary);
        assertThat(between).matches("(?s)targets\\][^\\n]*\\r +\\r.*"); // overwritten with blanks, cursor back
        assertThat(beforeSummaryOnItsLine(text)).isEmpty();
        assertThat(text).contains(ESC + "[1m=== MCP Fuzzer Summary ===").contains(ESC + "[32mcompleted");
    }

    @Test
    void noColorAndColorNeverMeanNoAnsiAnywhere() throws Exception {
        String noColor = onATerminal(Map.of("NO_COLOR", "1"));
        assertThat(noColor).contains("=== MCP Fuzzer Summary ===").doesNotContain(ESC);
        assertThat(beforeSummaryOnItsLine(noColor)).isEmpty();

        String never = onATerminal(Map.of(), "--color", "never");
        assertThat(never).contains("Findings: 0").doesNotContain(ESC);
    }

    @Test
    void quietOnATerminalShowsNeitherProgressNorSummary() throws Exception {
        String text = onATerminal(Map.of(), "-q");
        assertThat(text.strip()).startsWith("mcp-fuzzer: completed, 0 findings, exit 0");
        assertThat(text).doesNotContain("targets]").doesNotContain("Summary");
    }
}
