package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

@Timeout(180)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:CommandShimsTest")
class CommandShimsTest {
    @TempDir
    Path tmp;

    @Test
    void targetRunningOpenersAndNetworkToolsIsRefusedAndLogged() throws Exception {
        SafetyOptions opts = SafetyOptions.builder().commandShims(true).stateDir(tmp.resolve("state")).build();
        try (SafetyContext ctx = SafetyContext.open(opts)) {
            LaunchPlan plan = ctx.plan(List.of("sh", "-c",
                    "xdg-open 'https://example.com/?q=1'; echo \"xdg=$?\"; curl -s http://example.com; echo \"curl=$?\";"
                    + " wget \"two words\" 'qu\"ote' \"$(printf 'new\\nline')\" ünï; echo \"wget=$?\""));
            Children.Result r = Children.run(plan);
            assertThat(r.output()).contains("xdg=126", "curl=126", "wget=126")
                    .contains("blocked by the fuzzer's safety system");
            List<ShimHit> hits = ctx.shims().orElseThrow().hits();
            assertThat(hits).extracting(ShimHit::shim).containsExactly("xdg-open", "curl", "wget");
            assertThat(hits.get(0).argv()).endsWith("https://example.com/?q=1");
            assertThat(hits.get(2).argv().subList(1, 5)).containsExactly("two words", "qu\"ote", "new\nline", "ünï");
            assertThat(hits.get(1).time()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
            assertThat(plan.shimLog()).isEqualTo(ctx.shims().orElseThrow().logFile());
            assertThat(ctx.report().toJson().path("shimHits").path("total").asInt()).isEqualTo(3);
        }
    }

    @Test
    void shimsAreOnTheChildPathOnlyAndEveryNameIsExecutable() throws Exception {
        SafetyOptions opts = SafetyOptions.builder().commandShims(true).stateDir(tmp.resolve("state")).build();
        try (SafetyContext ctx = SafetyContext.open(opts)) {
            CommandShims shims = ctx.shims().orElseThrow();
            LaunchPlan plan = ctx.plan(List.of("true"));
            assertThat(plan.environment().get("PATH")).startsWith(shims.directory() + ":");
            assertThat(System.getenv("PATH")).doesNotContain(shims.directory().toString());
            for (String name : List.of("xdg-open", "sensible-browser", "firefox", "nc", "ssh", "shutdown", "mkfs", "dd")) {
                assertThat(Files.isExecutable(shims.directory().resolve(name))).as(name).isTrue();
            }
            assertThat(shims.names()).doesNotContain("rm", "chmod", "kill");
            assertThat(plan.inEffect("command-shims")).isTrue();
        }
    }

    @Test
    void noHitsWithoutAttemptsAndMalformedLinesAreSkipped() throws Exception {
        CommandShims shims = CommandShims.install(tmp.resolve("shims"), tmp.resolve("log/hits.jsonl"));
        assertThat(shims.hits()).isEmpty();
        Files.writeString(shims.logFile(), "not json\n{\"shim\":\"curl\",\"time\":\"t\",\"pid\":1,\"argvHex\":[\"6375726c\"]}\n");
        assertThat(shims.hits()).containsExactly(new ShimHit("curl", List.of("curl"), "t", 1));
    }
}
