package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * The console summary of a real campaign (tools, protocol types and malformed frames against the
 * demo server): tools with crashes come first, the frame targets are one line at the end of the
 * target list, and the last line suggests replaying the most severe finding.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ConsoleSummaryRunTest") // its methods run one after the other (a lock forces them into one thread)
class ConsoleSummaryRunTest {
    @TempDir
    Path dir;

    @Test
    void toolsWithFindingsFirstFramesGroupedAndANextStepLast() throws Exception {
        Path out = dir.resolve("reports");
        // without the hanging tool (search): each of its hangs waited 9 s, and the layout checked here
        // does not depend on it
        CliRunTest.Outcome o = CliRunTest.run("--mode", "all", "--phase", "both", "--runs", "6", "--runs-per-type", "1",
                "--seed", "5", "--timeout", "3", "--exclude-tool", "search", "--protocol", "stdio", "--endpoint", CliRunTest.endpoint(DemoServer.class),
                "--export-html", out.resolve("report.html").toString(), "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isIn(ExitCodes.OK, ExitCodes.FINDINGS);
        List<String> lines = o.out().lines().toList();

        int header = lines.indexOf("Runs per target:");
        assertThat(header).as(o.out()).isNotNegative();
        List<String> rows = new ArrayList<>();
        for (int i = header + 1; i < lines.size() && lines.get(i).startsWith("  "); i++) {
            rows.add(lines.get(i));
        }
        assertThat(rows).as(o.out()).noneMatch(r -> r.startsWith("  frame:"));
        assertThat(rows.get(rows.size() - 1)).as(o.out()).startsWith("  frames (").contains(" runs ");
        // the demo server's crashing tool is the first row, before every protocol target
        assertThat(rows.get(0)).as(o.out()).startsWith("  tool:").contains("crash");
        int firstProtocol = indexOf(rows, "  protocol:");
        assertThat(firstProtocol).as(o.out()).isGreaterThan(0);
        rows.subList(0, firstProtocol).forEach(r -> assertThat(r).startsWith("  tool:"));

        assertThat(o.out()).doesNotContain("\\x0a", "\\x0d");
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json")));
        String top = findings.get("findings").get(0).get("id").asString();
        String last = lines.get(lines.size() - 1);
        assertThat(last).isEqualTo(lines.stream().filter(l -> l.startsWith("next: ")).reduce((a, b) -> b).orElseThrow())
                .startsWith("next: mcp-fuzzer replay " + out.toAbsolutePath() + " --finding " + top);
    }

    private static int indexOf(List<String> rows, String prefix) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }
}
