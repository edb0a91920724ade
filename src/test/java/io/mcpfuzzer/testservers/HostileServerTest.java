package io.mcpfuzzer.testservers;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The self-fuzz fixture really sends what it promises, as a real child process over stdio. */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:HostileServerTest") // its methods run one after the other (a lock forces them into one thread)
class HostileServerTest {
    private static final JsonMapper LENIENT = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(
            StreamReadConstraints.builder().maxNestingDepth(10_000).build()).build()).build();

    /** A running fixture; {@link #ask} returns the answer line to a request (skipping other lines). */
    private static final class Client implements AutoCloseable {
        private final Process process;
        private final OutputStream in;
        private final BufferedReader out;
        private int id;
        final List<String> seen = new ArrayList<>();

        Client(long seed) throws IOException {
            process = new ProcessBuilder(JavaCommand.withHeap("256m", HostileServer.class, Long.toString(seed)))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            in = process.getOutputStream();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        String ask(String method, String params) throws IOException {
            int n = ++id;
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":" + n + ",\"method\":\"" + method + "\",\"params\":" + params
                    + "}\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                seen.add(line.length() > 200_000 ? line.substring(0, 200_000) + "<" + line.length() + ">" : line);
                if (line.startsWith("{\"jsonrpc\":\"2.0\",\"id\":" + n + ",")) {
                    return line;
                }
            }
            throw new IOException("the fixture closed its stdout");
        }

        @Override
        public void close() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void listingsArePaginatedHostileAndDuplicated() throws Exception {
        try (Client c = new Client(7)) {
            c.ask("initialize", "{\"protocolVersion\":\"2025-11-25\"}");
            JsonNode page1 = LENIENT.readTree(c.ask("tools/list", "{}")).get("result");
            List<String> names = new ArrayList<>();
            page1.get("tools").forEach(t -> names.add(t.get("name").asString()));
            assertThat(names).contains("echo$1\\{}", "$(id)", "redos.*+?[(|^", "out_redos")
                    .filteredOn("dup"::equals).hasSize(2);
            assertThat(page1.toString()).contains("^(.*a){8}x", "(a+)+$", "outputSchema");
            assertThat(page1.get("nextCursor").asString()).contains("$1", "\\", "{}");

            Set<String> uris = new HashSet<>();
            Set<String> cursors = new HashSet<>();
            String cursor = null;
            do {
                String params = cursor == null ? "{}" : "{\"cursor\":" + LENIENT.writeValueAsString(cursor) + "}";
                JsonNode result = LENIENT.readTree(c.ask("resources/list", params)).get("result");
                result.get("resources").forEach(r -> uris.add(r.get("uri").asString()));
                cursor = result.has("nextCursor") ? result.get("nextCursor").asString() : null;
                assertThat(cursor == null || cursors.add(cursor)).as("cursor repeated: %s", cursor).isTrue();
            } while (cursor != null);
            assertThat(uris).hasSize(HostileListings.RESOURCES).anyMatch(u -> u.contains("$1"))
                    .anyMatch(u -> u.contains("\\")).anyMatch(u -> u.length() > 5_000);
            assertThat(c.ask("resources/templates/list", "{}")).contains("{$(id)}", "t://{{x}}");
        }
    }

    @Test
    void answersCoverDeepHugeAndOddUnicodeAndDependOnTheSeed() throws Exception {
        List<String> first = new ArrayList<>();
        try (Client c = new Client(11); Client other = new Client(12)) {
            c.ask("initialize", "{}");
            other.ask("initialize", "{}");
            List<String> otherAnswers = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String call = "{\"name\":\"echo$1\\\\{}\",\"arguments\":{}}";
                first.add(c.ask("tools/call", call));
                otherAnswers.add(other.ask("tools/call", call));
            }
            assertThat(first).isNotEqualTo(otherAnswers);
            String all = String.join("\n", c.seen);
            List<String> markers = List.of("[".repeat(HostileServerText.DEEP), "{\"a\":".repeat(HostileServerText.DEEP),
                    "[".repeat(HostileServerText.NEAR_LIMIT), "\\ud800", "\\u0000", "\u202e", "\uD83D\uDE00",
                    "%41".repeat(1_000), "&#65;".repeat(1_000), "/a".repeat(2_500), "\\n".repeat(10_000),
                    " ".repeat(10_000), "\"error\"", "\"isError\":true", "(a+)+$");
            assertThat(markers.stream().filter(m -> !all.contains(m)).map(m -> m.substring(0, Math.min(20,
                    m.length()))).toList()).as("hostile text never sent").isEmpty();
            assertThat(first).anyMatch(line -> line.length() >= HostileServerText.HUGE);
        }
    }
}
