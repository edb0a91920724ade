package io.mcpfuzzer.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetStartException;
import io.mcpfuzzer.testservers.SlowPagesServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Self-fuzz seed 8: a hostile server that pages its listing forever, each page just slow enough,
 * held discovery for minutes. A listing now ends on its own budget of step timeouts and keeps the
 * pages it got.
 */
class ListingBudgetTest {
    @Test
    void anEndlessSlowListingStopsOnItsBudgetAndKeepsWhatItGot() throws Exception {
        ClientOptions options = ClientOptions.defaults().withStepTimeout(Duration.ofSeconds(2)); // a margin on a busy machine
        try (StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(SlowPagesServer.class, "300"), null,
                Map.of(), true, options, 1 << 20)) {
            Target target = start(factory);
            try {
                Listing listing = target.session().listTools();
                // 100 pages at 300 ms each would be 30 s; the budget is 3 step timeouts (6 s)
                assertThat(listing.items()).isNotEmpty().hasSizeLessThan(options.maxPages());
                assertThat(listing.problems()).anySatisfy(p -> assertThat(p)
                        .contains("tools/list: ").contains("took longer than 6000 ms in all; listing truncated"));
                assertThat(listing.problems()).noneMatch(p -> p.contains("page cap"));
            } finally {
                target.close();
            }
        }
    }

    /**
     * Starts the fixture, as the runner does, again after a silent start: a JVM that needs more than the 1 s
     * step timeout to answer initialize on a loaded machine gets a doubled deadline on the next start.
     */
    private static Target start(StdioTargetFactory factory) throws Exception {
        for (int attempt = 1;; attempt++) {
            try {
                return factory.start();
            } catch (TargetStartException e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }
}
