package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.generate.protocol.MalformedFrame;
import io.mcpfuzzer.generate.protocol.MalformedFrames;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.RootCauseServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * One finding per root cause, against real fixture processes ({@link RootCauseServer}): a server
 * that stops reading after an invalid frame, one that silently drops invalid messages, one that
 * crashes identically on several message types, and one whose internal errors differ only in
 * numbers, quoted values and paths.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@Order(10) // started early: one of the longest classes (a long class started last stretches the run)
class RootCauseTest {
    private final List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());

    /**
     * A server that goes deaf never answers, so how long the liveness pings wait does not decide
     * whether it is deaf; a short deadline only shortens each wait (two pings of at most the call
     * deadline per deaf incarnation). The other modes keep the roomy deadline.
     */
    private static final Duration DEAF_DEADLINE = Duration.ofSeconds(1);

    private CampaignResult protocol(String mode, Set<String> types, PhaseChoice protocolPhase) {
        return protocol(mode, types, protocolPhase, Duration.ofSeconds(3));
    }

    private CampaignResult protocol(String mode, Set<String> types, PhaseChoice protocolPhase, Duration deadline) {
        CampaignConfig config = new CampaignConfig(FuzzMode.PROTOCOL, PhaseChoice.BOTH, 1, 1, 7, deadline, 1, Set.of(), 3,
                0, protocolPhase, types, false);
        return campaign(mode, config);
    }

    private CampaignResult campaign(String mode, CampaignConfig config) {
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(RootCauseServer.class, mode), null, Map.of(),
                true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(7), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).run();
        }
    }

    private static String show(List<Finding> findings) {
        return findings.stream().map(f -> "\n  " + f.severity() + " " + f.category() + " " + f.kind() + " " + f.target()
                + " x" + f.count() + " " + f.detail()).collect(Collectors.joining());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> covers(Finding f) {
        return (List<Map<String, Object>>) f.evidence().get(Finding.COVERS);
    }

    @Test
    void aServerThatStopsReadingAfterAnInvalidFrameIsOneFindingAndTheCampaignGoesOn() {
        CampaignResult result = protocol("deaf-after-invalid", Set.of("ping"), PhaseChoice.AGGRESSIVE, DEAF_DEADLINE);
        List<Finding> all = result.findings();
        String shown = show(all);

        assertThat(result.status()).as(shown).isEqualTo("completed");
        List<Finding> hangs = all.stream().filter(f -> f.category().equals("hang")).toList();
        assertThat(hangs).as("one deafness finding" + shown).hasSize(1);
        assertThat(all).as("nothing else of high severity" + shown)
                .noneMatch(f -> f.severity().atLeast(io.mcpfuzzer.common.Severity.HIGH) && !f.category().equals("hang"));
        Finding deaf = hangs.get(0);
        assertThat(deaf.kind()).isEqualTo("frame");
        assertThat(deaf.detail()).contains("stopped answering");
        assertThat(deaf.evidence().get("stderr_tail").toString()).as("what the server said when it went deaf")
                .contains("stdin reader stopped");

        // every frame case ran, each on a live incarnation: the run did not stop at the first deaf server
        Set<String> labels = MalformedFrames.catalogue().stream().map(MalformedFrame::label)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> framesRun = runs.stream().filter(r -> r.kind().equals("frame")).map(RunResult::target)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(framesRun).isEqualTo(labels);
        long hungRuns = runs.stream().filter(r -> r.outcome().equals("hang")).count();
        assertThat(deaf.count()).isEqualTo((int) hungRuns);
        assertThat(result.restarts()).isGreaterThanOrEqualTo((int) hungRuns);
        assertThat(runs).as("frames the server parses are answered on a fresh incarnation")
                .anyMatch(r -> r.kind().equals("frame") && r.target().equals("bare-null") && r.outcome().equals("ok"));

        // the representative is the smallest frame that made it deaf, and the finding lists every such frame
        Set<String> covered = covers(deaf).stream().map(c -> c.get("target").toString()).collect(Collectors.toSet());
        assertThat(covered).contains("not-json", "truncated-json", "very-long-line").doesNotContain("bare-null");
        assertThat(deaf.evidence().get(Finding.COVERS_TOTAL)).isEqualTo((int) hungRuns);
        int smallest = MalformedFrames.catalogue().stream().filter(m -> covered.contains(m.label()))
                .mapToInt(MalformedFrame::length).min().orElseThrow();
        assertThat(((Number) deaf.evidence().get("input_bytes")).intValue()).isEqualTo(smallest);
        assertThat(deaf.target()).isEqualTo(MalformedFrames.catalogue().stream()
                .filter(m -> m.length() == smallest && covered.contains(m.label())).findFirst().orElseThrow().label());
    }

    @Test
    void aServerThatStopsReadingMidFrameIsDeafAtOnceAndTheCampaignGoesOn() {
        CampaignResult result = protocol("deaf-on-long-line", Set.of("ping"), PhaseChoice.AGGRESSIVE, DEAF_DEADLINE);
        List<Finding> hangs = result.findings().stream().filter(f -> f.category().equals("hang")).toList();
        String shown = show(result.findings());

        assertThat(result.status()).isEqualTo("completed");
        assertThat(hangs).as(shown).hasSize(1);
        Finding deaf = hangs.get(0);
        Set<String> tooLong = MalformedFrames.catalogue().stream().filter(m -> m.length() > RootCauseServer.LONG_LINE)
                .map(m -> "frame:" + m.label()).collect(Collectors.toSet());
        assertThat(tooLong).contains("frame:very-long-line", "frame:unclosed-nesting");
        assertThat(covers(deaf)).extracting(c -> c.get("kind") + ":" + c.get("target")).containsAll(tooLong);
        assertThat(deaf.kind() + ":" + deaf.target()).as("the smallest").isEqualTo("frame:unclosed-nesting");
        assertThat(runs).as("the 1 MiB write blocked: deaf at once, without waiting for a ping")
                .anyMatch(r -> r.target().equals("very-long-line") && r.outcome().equals("hang")
                        && r.response().contains("no longer reads its input"));
        int index = MalformedFrames.catalogue().stream().map(MalformedFrame::label).toList().indexOf("very-long-line");
        assertThat(runs).as("the frame after it runs on a fresh incarnation").anyMatch(r -> r.kind().equals("frame")
                && r.target().equals(MalformedFrames.catalogue().get(index + 1).label()) && r.outcome().equals("ok"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aServerThatSilentlyDropsInvalidMessagesIsOneDroppedFindingWithCountsPerKind() {
        CampaignResult result = protocol("drop-invalid", Set.of(), PhaseChoice.BOTH);
        List<Finding> all = result.findings();
        String shown = show(all);

        assertThat(result.status()).isEqualTo("completed");
        List<Finding> dropped = all.stream().filter(f -> f.detail().contains("dropped")).toList();
        assertThat(dropped).as("one dropped finding" + shown).hasSize(1);
        Finding f = dropped.get(0);
        assertThat(f.category()).isEqualTo("protocol_violation");
        Map<String, Integer> byKind = (Map<String, Integer>) f.evidence().get("dropped");
        assertThat(byKind).as(shown).hasSizeGreaterThan(1);
        assertThat(byKind.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(f.count());
        assertThat(byKind.keySet()).as("a frame may stay unanswered").noneMatch(k -> k.startsWith("frame:"));
        long droppedRuns = runs.stream().filter(r -> r.outcome().equals("protocol_violation")).count();
        assertThat(f.count()).isEqualTo((int) droppedRuns);
        assertThat(runs).as("notifications and id-less frames are never dropped")
                .filteredOn(r -> r.outcome().equals("protocol_violation"))
                .allSatisfy(r -> assertThat(r.rawInput()).contains("\"id\""));
        assertThat(all).as("the server never stopped answering" + shown).noneMatch(x -> x.category().equals("hang"));
    }

    @Test
    void oneCrashReachedThroughSeveralMessageTypesIsOneFinding() {
        CampaignResult result = protocol("crash-on", Set.of("resources/read", "prompts/get", "completion/complete"),
                PhaseChoice.BOTH);
        List<Finding> crashes = result.findings().stream().filter(f -> f.category().equals("crash")).toList();
        String shown = show(result.findings());

        assertThat(result.status()).isEqualTo("completed");
        assertThat(crashes).as("one crash finding" + shown).hasSize(1);
        Finding crash = crashes.get(0);
        assertThat(crash.signature()).startsWith("java:java.lang.IllegalStateException|com.example.mcp.Dispatcher.lookup");
        assertThat(covers(crash)).extracting(c -> c.get("target"))
                .containsExactly("completion/complete", "prompts/get", "resources/read");
        assertThat(crash.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3);
        long crashedRuns = runs.stream().filter(r -> r.outcome().equals("crash")).count();
        assertThat(crash.count()).isEqualTo((int) crashedRuns).isGreaterThanOrEqualTo(3);
    }

    @Test
    void internalErrorsThatDifferOnlyInNumbersQuotesAndPathsAreOneFinding() {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 4, 1, 7, Duration.ofSeconds(5), 3, Set.of(), 3, 0);
        CampaignResult result = campaign("internal", config);
        List<Finding> internal = result.findings().stream().filter(f -> f.category().equals("internal_error")).toList();

        assertThat(internal).as(show(result.findings())).hasSize(1);
        Finding f = internal.get(0);
        assertThat(covers(f)).extracting(c -> c.get("target")).containsExactly("lookup", "store", "transform");
        assertThat(f.count()).isEqualTo(24);
        assertThat(runs.stream().map(RunResult::response).distinct().count()).as("the messages really differ")
                .isGreaterThan(3);
    }
}
