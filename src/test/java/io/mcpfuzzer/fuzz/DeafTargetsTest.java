package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.jsonrpc.Reply;
import org.junit.jupiter.api.Test;

/** Which final replies count toward a target's streak of requests that waited out their deadline. */
class DeafTargetsTest {
    private static Reply timeout(String decidedBy) {
        Reply r = new Reply(Reply.Status.TIMEOUT, null, null, 1_000_000L, "no answer");
        return decidedBy == null ? r : r.decided(decidedBy);
    }

    @Test
    void requestsTheServerOutlivedMakeATargetDeaf() {
        DeafTargets deaf = new DeafTargets();
        for (int i = 0; i < DeafTargets.IN_A_ROW; i++) {
            assertThat(deaf.isDeaf("tool:snap")).isFalse();
            deaf.observe("tool:snap", timeout(Reply.BY_DEADLINE));
        }
        assertThat(deaf.isDeaf("tool:snap")).isTrue();
    }

    @Test
    void hangsAfterWhichTheServerIsRestartedDoNotCount() {
        DeafTargets deaf = new DeafTargets();
        for (int i = 0; i < 2 * DeafTargets.IN_A_ROW; i++) {
            deaf.observe("tool:a", timeout(Reply.BY_PING));
            // RunEngine: "answered, then two pings got no answer", and a request outstanding when the hang
            // watchdog killed the server: a TIMEOUT with no decision recorded, the server restarted after it
            deaf.observe("tool:b", timeout(null));
            deaf.observe("tool:c", timeout(Reply.BY_QUEUE));
            deaf.observe("protocol:x", new Reply(Reply.Status.DROPPED, null, null, 1L, "no answer")
                    .decided(Reply.BY_BARRIER));
        }
        assertThat(deaf.isDeaf("tool:a")).isFalse();
        assertThat(deaf.isDeaf("tool:b")).as("hangs the watchdog ended").isFalse();
        assertThat(deaf.isDeaf("tool:c")).isFalse();
        assertThat(deaf.isDeaf("protocol:x")).isFalse();
    }

    /** A tool that answered once drops only some inputs (PlantedBugsServer's drop_tool, hostile ones): never skipped. */
    @Test
    void aTargetThatAnsweredOnceIsNeverSkipped() {
        DeafTargets deaf = new DeafTargets();
        deaf.observe("tool:drop", new Reply(Reply.Status.RESULT, null, "{}", 1L, null));
        for (int i = 0; i < 3 * DeafTargets.IN_A_ROW; i++) {
            deaf.observe("tool:drop", timeout(Reply.BY_DEADLINE));
        }
        assertThat(deaf.isDeaf("tool:drop")).isFalse();
    }

    /** A method whose malformed cases the server ignores keeps its other cases (drops neither count nor reset). */
    @Test
    void dropsOfInvalidRequestsDoNotCountNorReset() {
        DeafTargets deaf = new DeafTargets();
        for (int i = 0; i < 2 * DeafTargets.IN_A_ROW; i++) {
            deaf.observe("protocol:tools/call", new Reply(Reply.Status.DROPPED, null, null, 1L, "no answer")
                    .decided(Reply.BY_DEADLINE));
        }
        assertThat(deaf.isDeaf("protocol:tools/call")).isFalse();
        for (int i = 0; i < DeafTargets.IN_A_ROW; i++) {
            deaf.observe("tool:snap", timeout(Reply.BY_DEADLINE));
            deaf.observe("tool:snap", new Reply(Reply.Status.DROPPED, null, null, 1L, "no answer").decided(Reply.BY_DEADLINE));
        }
        assertThat(deaf.isDeaf("tool:snap")).as("valid requests unanswered, drops between them").isTrue();
    }

    /** After other tools stopped answering, one waited-out request is enough (ToolScout); an answer or a hang is not. */
    @Test
    void settleMakesDeafOnlyATargetWhoseEveryRequestWasWaitedOut() {
        DeafTargets deaf = new DeafTargets();
        deaf.observe("tool:waited", timeout(Reply.BY_DEADLINE));
        deaf.observe("tool:answered", new Reply(Reply.Status.RESULT, null, "{}", 1L, null));
        deaf.observe("tool:hung", timeout(Reply.BY_PING));
        assertThat(deaf.settle("tool:waited")).isTrue();
        assertThat(deaf.isDeaf("tool:waited")).isTrue();
        assertThat(deaf.settle("tool:answered")).isFalse();
        assertThat(deaf.settle("tool:hung")).isFalse();
        assertThat(deaf.settle("tool:never-sent")).isFalse();
        assertThat(deaf.isDeaf("tool:answered")).isFalse();
        deaf.skipped("tool:waited", deaf.outcome("tool:waited"));
        assertThat(deaf.warning()).contains("1 target(s) after one such request");
        assertThat(deaf.why("tool:waited", DeafTargets.OUTCOME)).startsWith("its one request got no answer");
        assertThat(deaf.isUnresponsive("tool:waited")).isTrue();
    }

    /**
     * @executeautomation/playwright-mcp-server without a browser: some calls answer at once that the browser is
     * missing, the others wait for it; such answers neither count nor reset, so the tool is given up.
     */
    @Test
    void answersBlamingTheEnvironmentDoNotKeepATargetAlive() {
        DeafTargets deaf = new DeafTargets();
        String missing = "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"isError\":true,\"content\":[{\"type\":\"text\","
                + "\"text\":\"Failed to initialize browser: browserType.launch: Executable doesn't exist at "
                + "/home/u/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome\"}]}}";
        Reply environment = new Reply(Reply.Status.RESULT, io.mcpfuzzer.common.Json.parse(missing), missing, 1L, null);
        for (int i = 0; i < DeafTargets.IN_A_ROW; i++) {
            deaf.observe("tool:playwright_screenshot", environment);
            deaf.observe("tool:playwright_screenshot", timeout(Reply.BY_DEADLINE));
        }
        assertThat(deaf.isDeaf("tool:playwright_screenshot")).isTrue();
        String ok = "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}";
        deaf.observe("tool:navigate", environment);
        deaf.observe("tool:navigate", new Reply(Reply.Status.RESULT, io.mcpfuzzer.common.Json.parse(ok), ok, 1L, null));
        for (int i = 0; i < DeafTargets.IN_A_ROW; i++) {
            deaf.observe("tool:navigate", timeout(Reply.BY_DEADLINE));
        }
        assertThat(deaf.isDeaf("tool:navigate")).as("answered once for real").isFalse();
    }
}
