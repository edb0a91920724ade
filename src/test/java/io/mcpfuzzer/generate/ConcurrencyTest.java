package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** One planner shared by worker threads gives exactly the sequential results. */
class ConcurrencyTest {
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void sharedPlannerIsDeterministicUnderConcurrency() throws Exception {
        JsonNode schema = TrickySchemas.all().get("combinators");
        int runs = 200;
        ToolInputPlanner sequential = new ToolInputPlanner(77);
        List<String> expected = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            expected.add(Json.write(sequential.plan("t", schema, run % 2 == 0 ? Phase.REALISTIC : Phase.AGGRESSIVE, run).value()));
        }
        ToolInputPlanner shared = new ToolInputPlanner(77);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> futures = new ArrayList<>();
            for (int run = runs - 1; run >= 0; run--) {
                int r = run;
                futures.add(0, pool.submit(() ->
                        Json.write(shared.plan("t", schema, r % 2 == 0 ? Phase.REALISTIC : Phase.AGGRESSIVE, r).value())));
            }
            List<String> actual = new ArrayList<>();
            for (Future<String> f : futures) {
                actual.add(f.get(120, TimeUnit.SECONDS));
            }
            assertThat(actual).containsExactlyElementsOf(expected);
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }
}
