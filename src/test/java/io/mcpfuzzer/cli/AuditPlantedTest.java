package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.testservers.AuditFixtureServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * The security audit end to end through the command line against {@link AuditFixtureServer}: every
 * planted problem is reported with its check id on its target, and the clean control tool gets
 * nothing of medium severity or above. Two campaigns share one pin file: the second server variant
 * changes, adds and removes a tool definition (rug pull across runs).
 *
 * <p>Not covered here (stdio fixture): MCPF-HTTP-001 (cleartext HTTP needs a non-loopback URL) and the
 * foreign-Origin probe MCPF-HTTP-002..004, which OriginProbeTest checks against real JDK HTTP servers.
 * The run uses {@code --sandbox none} so that the process containment (bwrap, private /tmp) does not
 * hide the canary next to the fs-root; the argument fs-root sandbox stays on.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:AuditPlantedTest") // its methods run one after the other (a lock forces them into one thread)
class AuditPlantedTest {
    private static final String CONTROL = "word_count";

    @TempDir
    Path dir;

    @Test
    void everyPlantedProblemIsReportedAndTheControlToolStaysClean() throws Exception {
        Path root = dir.resolve("root");
        Path pins = dir.resolve("pins.json");

        JsonNode first = campaign(root, pins, 1, dir.resolve("run1"));
        Map<String, List<String>> ids = idsByTarget(first);
        Map<String, String[]> expected = new LinkedHashMap<>();
        expected.put("add_numbers", new String[] {"MCPF-META-001"});
        expected.put("translate_text", new String[] {"MCPF-META-002"});
        expected.put("backup_keys", new String[] {"MCPF-META-003"});
        expected.put("format_date", new String[] {"MCPF-META-004"});
        expected.put("convert_units", new String[] {"MCPF-META-005"});
        expected.put("summarize", new String[] {"MCPF-META-006"});
        expected.put("smart_reply", new String[] {"MCPF-META-007", "MCPF-META-017"});
        expected.put("read_flie", new String[] {"MCPF-META-008"});
        expected.put("f\u0435tch", new String[] {"MCPF-META-009", "MCPF-META-010"});
        expected.put("send_reprt", new String[] {"MCPF-META-011"});
        expected.put("lookup_user", new String[] {"MCPF-META-012", "MCPF-META-013"});
        expected.put("server", new String[] {"MCPF-META-014"});
        expected.put("run_command", new String[] {"MCPF-META-015"});
        expected.put("delete_cache_entry", new String[] {"MCPF-META-016"});
        expected.put("convert_currency", new String[] {"MCPF-META-013"});
        expected.put("export_contacts", new String[] {"MCPF-META-017"});
        expected.put("file:///project/notes.md", new String[] {"MCPF-META-001"});
        expected.put("review_code", new String[] {"MCPF-META-004"});
        expected.put("ping_host", new String[] {"MCPF-RESP-001"});
        expected.put("read_document", new String[] {"MCPF-RESP-003"});
        expected.put("search_orders", new String[] {"MCPF-RESP-004"});
        expected.put("get_headlines", new String[] {"MCPF-RESP-005"});
        expected.put("ask_assistant", new String[] {"MCPF-RESP-006"});
        expected.put("render_greeting", new String[] {"MCPF-RESP-007"});
        expected.put("get_stock_quote", new String[] {"MCPF-CONTRACT-001"});
        expected.put("get_exchange_rate", new String[] {"MCPF-CONTRACT-002"});
        expected.put("lookup_forecast", new String[] {"MCPF-ANNOT-001"});
        expected.put("save_note", new String[] {"MCPF-ANNOT-002"});
        expected.put("next_ticket", new String[] {"MCPF-ANNOT-003"});
        expected.put("append_log", new String[] {"MCPF-ANNOT-004"});
        List<String> missing = new ArrayList<>();
        expected.forEach((target, checks) -> {
            for (String check : checks) {
                if (!ids.getOrDefault(target, List.of()).contains(check)) {
                    missing.add(target + " " + check);
                }
            }
        });
        assertThat(missing).as("planted problems not reported; reported: " + ids).isEmpty();
        assertThat(ids.values().stream().flatMap(List::stream)).as("first run: pins written, not compared")
                .noneMatch(id -> id.startsWith("MCPF-PIN"));
        assertControlClean(first);
        assertThat(Files.readString(pins)).contains("word_count");

        JsonNode second = campaign(root, pins, 2, dir.resolve("run2"));
        Map<String, List<String>> ids2 = idsByTarget(second);
        assertThat(ids2.get("convert_currency")).as(ids2.toString()).contains("MCPF-PIN-001");
        assertThat(ids2.get("sync_calendar")).as(ids2.toString()).contains("MCPF-PIN-002");
        assertThat(ids2.get("backup_keys")).as(ids2.toString()).contains("MCPF-PIN-003");
        assertThat(ids2.getOrDefault(CONTROL, List.of()))
                .noneMatch(id -> id.startsWith("MCPF-PIN"));
        assertControlClean(second);

        try (Stream<Path> left = Files.walk(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("mcpf-canary-"));
        }
    }

    /** A second tools/list answered with an error removed no tool: drift is not judged, and the run says so. */
    @Test
    void aFailedSecondListingIsNoDrift() throws Exception {
        Path out = dir.resolve("relist");
        JsonNode findings = campaign(dir.resolve("root3"), dir.resolve("pins3.json"), 1, out, "--relist-error");
        assertThat(idsByTarget(findings).values().stream().flatMap(List::stream)).doesNotContain("MCPF-META-017");
        assertThat(Files.readString(out.resolve("run_summary.json")))
                .contains("tool definition drift not checked: tools/list again");
    }

    private JsonNode campaign(Path root, Path pins, int variant, Path out, String... serverArgs) throws Exception {
        List<String> server = new ArrayList<>(List.of("--root", root.toString(), "--variant", String.valueOf(variant)));
        server.addAll(List.of(serverArgs));
        String endpoint = String.join(" ", JavaCommand.of(AuditFixtureServer.class, server.toArray(String[]::new)));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"--mode", "tools", "--phase", "realistic", "--runs", "2",
            "--seed", "11", "--timeout", "10", "--security-audit", "--fs-root", root.toString(),
            "--pin-file", pins.toString(), "--sandbox", "none", "--endpoint", endpoint,
            "--output-dir", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8),
                Map.of("PATH", System.getenv("PATH")));
        assertThat(code).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        return Json.parse(Files.readString(out.resolve("findings.json")));
    }

    private static Map<String, List<String>> idsByTarget(JsonNode findings) {
        Map<String, List<String>> out = new java.util.TreeMap<>();
        for (JsonNode f : findings.path("findings")) {
            String id = f.path("check_id").asString("");
            if (!id.isEmpty()) {
                out.computeIfAbsent(f.path("target").asString(""), k -> new ArrayList<>()).add(id);
            }
        }
        return out;
    }

    private static void assertControlClean(JsonNode findings) {
        TreeSet<String> serious = new TreeSet<>();
        for (JsonNode f : findings.path("findings")) {
            if (CONTROL.equals(f.path("target").asString(""))
                    && Severity.parse(f.path("severity").asString("info")).atLeast(Severity.MEDIUM)) {
                serious.add(f.path("category").asString("") + " " + f.path("check_id").asString(""));
            }
        }
        assertThat(serious).as("medium+ findings on the control tool").isEmpty();
        assertThat(idsByTarget(findings).getOrDefault(CONTROL, List.of()))
                .as("the probes must not misjudge the truthful control tool")
                .noneMatch(id -> id.startsWith("MCPF-ANNOT") || id.startsWith("MCPF-RESP")
                        || id.startsWith("MCPF-CONTRACT"));
    }
}
