package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.safety.fixtures.LaunchThroughPlan;
import io.mcpfuzzer.safety.fixtures.PrintEnv;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

@Timeout(240)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:EnvironmentTest")
class EnvironmentTest {
    @TempDir
    Path tmp;

    @Test
    void planEnvironmentIsMinimalAndHoldsNoParentSecret() {
        Map<String, String> parent = Map.of("PATH", "/usr/bin:/bin", "LANG", "en_US.UTF-8", "AWS_SECRET_ACCESS_KEY", "s3cr3t",
                "GITHUB_TOKEN", "ghp_x", "PASSED_ON", "yes", "HTTPS_PROXY", "http://proxy:3128");
        SafetyOptions opts = SafetyOptions.builder().passEnv("PASSED_ON").passEnv("NOT_SET_ANYWHERE").env("GIVEN", "v=1")
                .stateDir(tmp.resolve("state")).build();
        try (SafetyContext ctx = SafetyContext.open(opts, ContainmentProbe.nothingWorks("test"), parent)) {
            Map<String, String> env = ctx.plan(List.of("true")).environment();
            assertThat(env).containsOnlyKeys("PATH", "HOME", "TMPDIR", "LANG", "TERM", "PASSED_ON", "GIVEN");
            assertThat(env).containsEntry("PATH", "/usr/bin:/bin").containsEntry("LANG", "en_US.UTF-8")
                    .containsEntry("TERM", "dumb").containsEntry("PASSED_ON", "yes").containsEntry("GIVEN", "v=1");
            assertThat(Path.of(env.get("HOME"))).startsWith(ctx.stateDir()).isDirectory();
        }
    }

    @Test
    void realTargetStartedByAFuzzerWithSecretsDoesNotSeeThem() throws Exception {
        Map<String, String> fuzzerEnv = new HashMap<>(System.getenv());
        fuzzerEnv.put("MCPFUZZER_TEST_SECRET", "do-not-leak-4711");
        fuzzerEnv.put("PASSED_ON", "passed-value");
        List<String> target = JavaCommand.of(PrintEnv.class);
        List<String> fuzzer = new java.util.ArrayList<>(JavaCommand.of(LaunchThroughPlan.class));
        fuzzer.addAll(target);
        Children.Result r = Children.run(fuzzer, fuzzerEnv, tmp);
        assertThat(r.output()).contains("PASSED_ON=passed-value", "GIVEN=by-option", "HOME=")
                .doesNotContain("do-not-leak-4711").doesNotContain("MCPFUZZER_TEST_SECRET");
    }

    @Test
    void invalidNamesAreRejected() {
        assertThatThrownBy(() -> EnvironmentPolicy.parseAssignment("NOEQUALS")).isInstanceOf(SafetyException.class);
        assertThatThrownBy(() -> EnvironmentPolicy.parseAssignment("1BAD=x")).isInstanceOf(SafetyException.class);
        assertThat(EnvironmentPolicy.parseAssignment("K=a=b")).isEqualTo(Map.entry("K", "a=b"));
    }
}
