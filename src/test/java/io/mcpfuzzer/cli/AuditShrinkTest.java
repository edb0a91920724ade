package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.AuditFixtureServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * Shrinking of a security-audit finding against {@link AuditFixtureServer}: the command injection
 * through {@code restart_service} (which requires {@code service} and {@code host} and takes four
 * optional arguments) is confirmed by the computed marker, and its {@code minimal_input} keeps the
 * payload argument exactly as sent plus the required argument, nothing else; the same seed gives the
 * same minimal input.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:AuditShrinkTest") // its methods run one after the other (a lock forces them into one thread)
class AuditShrinkTest {
    private static final String TOOL = "restart_service";

    @TempDir
    Path dir;

    @Test
    void theCommandInjectionKeepsOnlyThePayloadAndTheRequiredArgument() throws Exception {
        JsonNode finding = injection(campaign(dir.resolve("root1"), dir.resolve("run1")));
        JsonNode evidence = finding.path("evidence");
        JsonNode input = evidence.path("input");
        JsonNode minimal = evidence.path("minimal_input");
        assertThat(evidence.path("signature").asString()).isEqualTo("computed_marker");
        assertThat(names(input)).as("the probe sent the realistic arguments around the payload: " + input)
                .contains("service", "host").hasSizeGreaterThan(2);
        assertThat(input.path("service").asString()).contains("mcpf");
        assertThat(names(minimal)).as(minimal.toString()).containsExactly("service", "host");
        assertThat(minimal.path("service")).as("the payload is never shrunk").isEqualTo(input.path("service"));
        assertThat(minimal.path("host").asString()).isEmpty();
        assertThat(evidence.path("shrink_sends").asInt()).isBetween(1, 40);
        JsonNode replay = finding.path("replay");
        assertThat(replay.path("minimal_line").asString()).as(replay.toString())
                .contains("\"method\":\"tools/call\"").contains("\"name\":\"" + TOOL + "\"")
                .doesNotContain("\"reason\"");

        JsonNode again = injection(campaign(dir.resolve("root2"), dir.resolve("run2")));
        assertThat(again.path("evidence").path("minimal_input")).as("deterministic").isEqualTo(minimal);
    }

    private static List<String> names(JsonNode object) {
        return new ArrayList<>(object.propertyNames());
    }

    private static JsonNode injection(JsonNode findings) {
        for (JsonNode f : findings.path("findings")) {
            if (TOOL.equals(f.path("target").asString("")) && "MCPF-RESP-001".equals(f.path("check_id").asString(""))) {
                return f;
            }
        }
        throw new AssertionError("no MCPF-RESP-001 on " + TOOL + " in " + findings);
    }

    private JsonNode campaign(Path root, Path out) throws Exception {
        String endpoint = String.join(" ", JavaCommand.of(AuditFixtureServer.class, "--root", root.toString()));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"--mode", "tools", "--phase", "realistic", "--runs", "2",
            "--seed", "11", "--timeout", "10", "--security-audit", "--fs-root", root.toString(), "--tool", TOOL,
            "--sandbox", "none", "--endpoint", endpoint, "--output-dir", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8),
                Map.of("PATH", System.getenv("PATH")));
        assertThat(code).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        return Json.parse(Files.readString(out.resolve("findings.json")));
    }
}
