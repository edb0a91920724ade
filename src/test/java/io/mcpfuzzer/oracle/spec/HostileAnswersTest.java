package io.mcpfuzzer.oracle.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.mcp.McpVersion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * Robustness of the guard's own logic: an in-memory exchange answers every request with seeded,
 * hostile shapes (wrong types everywhere, non-JSON, arrays, odd ids). The guard must judge them,
 * never crash on them. (No process is needed to test pure answer handling.)
 */
class HostileAnswersTest {
    private static final List<String> RESULTS = List.of("5", "\"x\"", "[]", "null", "{}", "{\"tools\":\"x\"}",
            "{\"tools\":[1,{\"name\":5,\"inputSchema\":{\"type\":{}}},{\"name\":\"a\",\"inputSchema\":[]}]}",
            "{\"resources\":[{\"uri\":{}}],\"nextCursor\":5}", "{\"prompts\":[{\"name\":\"p\",\"arguments\":\"x\"}]}",
            "{\"prompts\":[{\"name\":\"p\",\"arguments\":[1,{\"name\":{}}]}]}", "{\"resourceTemplates\":{}}");
    private static final List<String> INITS = List.of("{}", "[]", "{\"protocolVersion\":5,\"capabilities\":[]}",
            "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":true,\"resources\":{},\"logging\":5},"
                    + "\"serverInfo\":{\"name\":{}},\"instructions\":[]}",
            "{\"protocolVersion\":\"2099-01-01\",\"capabilities\":{\"prompts\":{}},\"serverInfo\":[]}");

    private static final class Hostile implements SpecExchange {
        private final SplittableRandom rnd;
        private final List<String> pending = new ArrayList<>();

        Hostile(long seed) {
            rnd = new SplittableRandom(seed);
        }

        private String answer(JsonNode id) {
            String idText = switch (rnd.nextInt(5)) {
                case 0 -> "null";
                case 1 -> "{\"x\":1}";
                case 2 -> "\"other\"";
                default -> id == null ? "null" : Json.write(id);
            };
            return switch (rnd.nextInt(8)) {
                case 0 -> "not json at all";
                case 1 -> "[" + RESULTS.get(rnd.nextInt(RESULTS.size())) + ",{\"id\":" + idText + "}]";
                case 2 -> "{\"jsonrpc\":\"2.0\",\"id\":" + idText + ",\"error\":" + RESULTS.get(rnd.nextInt(RESULTS.size())) + "}";
                case 3 -> "{\"jsonrpc\":1,\"id\":" + idText + ",\"error\":{\"code\":\"x\",\"message\":5},\"result\":{}}";
                default -> "{\"jsonrpc\":\"2.0\",\"id\":" + idText + ",\"result\":" + RESULTS.get(rnd.nextInt(RESULTS.size())) + "}";
            };
        }

        @Override
        public ProbeReply request(String frameText, JsonNode id, Duration timeout) {
            return rnd.nextInt(10) == 0 ? ProbeReply.timeout() : ProbeReply.answered(answer(id));
        }

        @Override
        public void notify(String frameText) {
            if (rnd.nextBoolean()) {
                pending.add(answer(null));
            }
        }

        @Override
        public ProbeReply ping(Duration timeout) {
            return rnd.nextInt(20) == 0 ? ProbeReply.closed("gone") : ProbeReply.answered(answer(null));
        }

        @Override
        public List<String> drainUnsolicited() {
            List<String> out = new ArrayList<>(pending);
            pending.clear();
            return out;
        }

        @Override
        public JsonNode initializeResult() {
            return Json.parse(INITS.get((int) (Math.abs(rnd.nextLong()) % INITS.size())));
        }
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void hostileAnswersAreJudgedNeverCrashTheGuard(McpVersion version) {
        int fails = 0;
        for (long seed = 0; seed < 60; seed++) {
            List<CheckResult> results = SpecGuard.run(new Hostile(seed), version.wire(), Duration.ofMillis(1));
            assertThat(results).as("seed %d", seed).noneMatch(r -> r.message().contains("internal error"));
            List<String> applicable = SpecChecks.ALL.stream().filter(c -> c.appliesTo(version)).map(SpecCheck::id).toList();
            assertThat(results).extracting(CheckResult::checkId).containsExactlyInAnyOrderElementsOf(applicable);
            fails += (int) results.stream().filter(r -> r.status() == CheckStatus.FAIL).count();
        }
        assertThat(fails).isGreaterThan(60);
    }
}
