package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import org.junit.jupiter.api.Test;

/**
 * A valid request that waited out its deadline while the server answered pings is one low {@code timeout} cause per
 * server, whichever tool it went to: a browser server without its browser had 17 tools waiting for it, 17 findings.
 */
class SlowRequestCauseTest {
    private static Observation waited(String tool, int run) {
        Reply reply = new Reply(Reply.Status.TIMEOUT, null, null, 30_000_000_000L, "no answer to a valid tool request "
                + "within 30000 ms while a later ping was answered").decided(Reply.BY_DEADLINE);
        return new Observation("tool", tool, run, "realistic", Json.object().put("selector", "#a"), null, true, "x",
                reply, null);
    }

    @Test
    void slowRequestsOfDifferentToolsAreOneCause() {
        Classifier classifier = new Classifier();
        Verdict click = classifier.judge(waited("playwright_click", 0));
        Verdict hover = classifier.judge(waited("playwright_hover", 3));
        assertThat(click.outcome()).isEqualTo("timeout");
        assertThat(click.findings()).singleElement().satisfies(f -> {
            assertThat(f.category()).isEqualTo("timeout");
            assertThat(f.severity()).isEqualTo(io.mcpfuzzer.common.Severity.LOW);
        });
        assertThat(hover.findings()).singleElement()
                .satisfies(f -> assertThat(f.id()).isEqualTo(click.findings().get(0).id()));
    }
}
