package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A counter stepping with each identical call is state; anything else that differs is non-determinism. */
class StatefulAnswersTest {
    private static List<String> answers(String template, Object[]... values) {
        return java.util.Arrays.stream(values).map(v -> AnswerNormaliser.normalise(template.formatted(v))).toList();
    }

    /** @kazuph/mcp-taskmanager 1.1.1 request_planning and mcp-sequentialthinking-tools 0.0.3, called three times. */
    @Test
    void countersOfRealStatefulToolsAreState() {
        assertThat(StatefulAnswers.onlyCountersMoved(answers("{\"requestId\":\"req-%d\",\"tasks\":[{\"id\":\"task-%d\"},"
                + "{\"id\":\"task-%d\"}]}", new Object[] {41, 68, 69}, new Object[] {42, 70, 71},
                new Object[] {43, 72, 73}))).isTrue();
        assertThat(StatefulAnswers.onlyCountersMoved(answers("{\"thought_number\":852932,\"thought_history_length\":%d}",
                new Object[] {99}, new Object[] {100}, new Object[] {101}))).as("a counter growing a digit").isTrue();
    }

    /** @kazuph/mcp-taskmanager 1.1.1 add_tasks_to_request: the request's task table shows one more row each call. */
    @Test
    void aRecordThatOnlyGrowsIsState() {
        String row = "| task-%d | open issues cedar | release notes | In Progress |";
        List<String> calls = new java.util.ArrayList<>();
        StringBuilder table = new StringBuilder("Added 1 new tasks to request. | Task ID | Title |");
        for (int i = 0; i < 3; i++) {
            table.append(row.formatted(106 + i));
            calls.add(AnswerNormaliser.normalise("{\"text\":\"" + table + "\"}"));
        }
        assertThat(StatefulAnswers.explained(calls, "add_tasks_to_request")).isTrue();
        assertThat(StatefulAnswers.onlyGrew(List.of("a b", "a b c", "a x c d"))).as("a word changed").isFalse();
        assertThat(StatefulAnswers.onlyGrew(List.of("a b", "a b c", "a b c"))).as("stopped growing").isFalse();
        assertThat(StatefulAnswers.onlyGrew(List.of("[4,17]", "[93,2,55]", "[8,61,30,7]"))).as("random ids").isFalse();
        assertThat(StatefulAnswers.onlyGrew(List.of("items: x total 1", "items: x x total 2", "items: x x x total 3")))
                .as("a list with its count").isTrue();
        assertThat(StatefulAnswers.explained(List.of("lucky number 513", "lucky number 88", "lucky number 707"), "lucky"))
                .as("random").isFalse();
    }

    /** server-everything 2026.8.31's toggle-simulated-logging answers "started", then "stopped", then "started". */
    @Test
    void aToggleFlipsWithEachCall() {
        List<String> flips = List.of("Started simulated logging", "Stopped simulated logging", "Started simulated logging");
        assertThat(StatefulAnswers.explained(flips, "toggle-simulated-logging")).isTrue();
        assertThat(StatefulAnswers.explained(flips, "coin")).as("no toggle in the name: a coin may land so").isFalse();
        assertThat(StatefulAnswers.explained(List.of("a", "b", "c"), "toggle-x")).as("three answers").isFalse();
        assertThat(StatefulAnswers.explained(List.of("a", "a", "b"), "toggle-x")).isFalse();
    }

    @Test
    void randomValuesAndOtherChangesAreNot() {
        assertThat(StatefulAnswers.onlyCountersMoved(answers("lucky number %d", new Object[] {513}, new Object[] {88},
                new Object[] {707}))).as("random").isFalse();
        assertThat(StatefulAnswers.onlyCountersMoved(answers("lucky number %d", new Object[] {10}, new Object[] {20},
                new Object[] {25}))).as("uneven steps").isFalse();
        assertThat(StatefulAnswers.onlyCountersMoved(answers("n=%d", new Object[] {3}, new Object[] {2},
                new Object[] {1}))).as("falling").isFalse();
        assertThat(StatefulAnswers.onlyCountersMoved(answers("id %d %s", new Object[] {1, "a"}, new Object[] {2, "b"},
                new Object[] {3, "c"}))).as("text changed too").isFalse();
        assertThat(StatefulAnswers.onlyCountersMoved(answers("id %d", new Object[] {1}, new Object[] {2})))
                .as("two answers prove no steady step").isFalse();
        assertThat(StatefulAnswers.onlyCountersMoved(answers("same %d", new Object[] {1}, new Object[] {1},
                new Object[] {1}))).as("nothing moved").isFalse();
    }
}
