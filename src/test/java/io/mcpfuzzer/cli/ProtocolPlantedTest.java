package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.CleanProtocolServer;
import io.mcpfuzzer.testservers.PlantedProtocolServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Protocol, resources and prompts fuzzing through the command line, against a server with planted
 * protocol bugs ({@link PlantedProtocolServer}) and its clean twin ({@link CleanProtocolServer}).
 * Every planted bug must be found and attributed to the message type, frame, resource or prompt
 * that triggered it, no crash or hang may be blamed on anything else, and the clean twin must get
 * no FAIL and no finding of medium or above. The served folder's parent is the {@code --fs-root}, so
 * the default bubblewrap sandbox (private {@code /tmp}) still shows it to the server.
 */
@Timeout(1200)
@Execution(ExecutionMode.CONCURRENT)
@Order(5) // started early: one of the longest classes (a long class started last stretches the run)
class ProtocolPlantedTest {
    private static final String OUTSIDE_MARKER = "OUTSIDE-THE-SERVED-FOLDER-7f3a";
    private static final Set<String> NUL_FRAMES = Set.of("nul-byte", "nul-prefix", "utf16-encoded");

    @TempDir
    Path dir;
    Path served;

    @BeforeEach
    void folders() throws Exception {
        served = Files.createDirectories(dir.resolve("srv").resolve("served"));
        Files.writeString(served.resolve("readme.txt"), "inside", StandardCharsets.UTF_8);
        Files.writeString(served.getParent().resolve("outside.txt"), OUTSIDE_MARKER, StandardCharsets.UTF_8);
    }

    private Path campaign(Class<?> server, String name, int runs, long seed) {
        Path out = dir.resolve(name);
        String endpoint = String.join(" ", JavaCommand.of(server, served.toString()));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"--mode", "all", "--phase", "both", "--protocol-phase", "both", "--runs", String.valueOf(runs), "--runs-per-type", "2",
                "--timeout", "3", "--seed", String.valueOf(seed), "--protocol", "stdio", "--endpoint", endpoint,
                "--fs-root", served.getParent().toString(), "--output-dir", out.toString()}, new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8), Map.of("PATH", System.getenv("PATH")));
        assertThat(code).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        return out;
    }

    private static List<JsonNode> findings(Path out) throws Exception {
        List<JsonNode> list = new ArrayList<>();
        Json.parse(Files.readString(out.resolve("findings.json"))).get("findings").forEach(list::add);
        return list;
    }

    private static String show(List<JsonNode> findings) {
        StringBuilder sb = new StringBuilder();
        for (JsonNode f : findings) {
            String detail = f.path("detail").asString("");
            sb.append("\n  ").append(f.path("severity").asString()).append(' ').append(f.path("category").asString())
                    .append(' ').append(f.path("kind").asString()).append(' ').append(f.path("target").asString())
                    .append(" [").append(f.path("evidence").path("strategy").asString("")).append("] ")
                    .append(detail, 0, Math.min(160, detail.length()));
        }
        return sb.toString();
    }

    /**
     * The finding is of {@code category} and names {@code kind}/{@code target}: as its representative
     * or among the targets it covers (a root cause reached through several targets is one finding).
     */
    private static Predicate<JsonNode> is(String category, String kind, String target) {
        return f -> category.equals(f.path("category").asString()) && triggers(f).stream()
                .anyMatch(t -> kind.equals(t.path("kind").asString()) && target.equals(t.path("target").asString()));
    }

    /** The representative of a finding followed by every target it covers (kind, target, strategy). */
    private static List<JsonNode> triggers(JsonNode f) {
        List<JsonNode> out = new ArrayList<>();
        out.add(Json.object().put("kind", f.path("kind").asString()).put("target", f.path("target").asString())
                .put("strategy", f.path("evidence").path("strategy").asString("")));
        f.path("evidence").path("covers").forEach(out::add);
        return out;
    }

    @Test
    void everyPlantedProtocolBugIsFoundAndAttributedToWhatTriggeredIt() throws Exception {
        Path out = campaign(PlantedProtocolServer.class, "planted", 3, 11);
        List<JsonNode> all = findings(out);
        String shown = show(all);
        String readme = served.toAbsolutePath().normalize().resolve("readme.txt").toUri().toString();

        assertThat(all).as("NUL frame kills the server" + shown).anyMatch(is("crash", "frame", "nul-byte"));
        assertThat(all).as("deep frame makes it deaf" + shown).anyMatch(is("hang", "frame", "unclosed-nesting"));
        assertThat(all).as("roots/list_changed notification kills it" + shown)
                .anyMatch(is("crash", "protocol", "notifications/roots/list_changed"));
        assertThat(all).as("notifications/progress makes it deaf" + shown)
                .anyMatch(is("hang", "protocol", "notifications/progress"));
        assertThat(all).as("resources/unsubscribe makes it deaf" + shown)
                .anyMatch(is("hang", "protocol", "resources/unsubscribe"));
        assertThat(all).as("a batch of non-pings makes it deaf" + shown).anyMatch(f -> "hang".equals(
                f.path("category").asString()) && triggers(f).stream().anyMatch(t -> "protocol".equals(
                        t.path("kind").asString()) && t.path("strategy").asString("").contains(":batch-")));
        assertThat(all).as("completion/complete is dropped" + shown)
                .anyMatch(is("protocol_violation", "protocol", "completion/complete")
                        .and(f -> f.path("detail").asString("").contains("dropped")));
        assertThat(all).as("resources/read escapes the folder" + shown)
                .anyMatch(is("resource_traversal", "resource", readme)
                        .and(f -> f.path("evidence").path("mutation").asString("").equals("traversal_sibling"))
                        .and(f -> f.path("evidence").path("response").asString("").contains(OUTSIDE_MARKER)));
        assertThat(all).as("a resource read by prefix answers its own contents: no traversal" + shown)
                .noneMatch(f -> f.path("category").asString("").equals("resource_traversal")
                        && f.path("evidence").path("input").path("uri").asString("")
                                .startsWith(PlantedProtocolServer.STATUS_URI));
        assertThat(all).as("prompts/get with a non-string argument kills it" + shown)
                .anyMatch(is("crash", "prompt", "summarize"));

        assertThat(all).as("every crash and hang is blamed on its trigger" + shown)
                .filteredOn(f -> Set.of("crash", "hang").contains(f.path("category").asString()))
                .allSatisfy(f -> assertThat(triggers(f)).as(show(List.of(f)))
                        .allSatisfy(t -> assertThat(plantedCause(f.path("category").asString(), t)).as(t.toString())
                                .isTrue()));
        assertThat(all).as("the server stopped answering: one finding for all its triggers" + shown)
                .filteredOn(f -> "hang".equals(f.path("category").asString())).hasSize(1);
        assertThat(all).as("only completion/complete is dropped" + shown)
                .filteredOn(f -> f.path("detail").asString("").contains("dropped"))
                .allSatisfy(f -> assertThat(f.path("evidence").path("dropped").propertyNames())
                        .containsExactly("completion/complete"));
    }

    /** True when a crash or hang trigger (kind, target, strategy) really has a planted bug. */
    private static boolean plantedCause(String category, JsonNode t) {
        String kind = t.path("kind").asString();
        String target = t.path("target").asString();
        String strategy = t.path("strategy").asString("");
        boolean crash = category.equals("crash");
        return switch (kind) {
            case "frame" -> crash ? NUL_FRAMES.contains(target) : target.equals("unclosed-nesting");
            case "prompt" -> crash && target.equals("summarize");
            case "protocol" -> crash ? target.equals("notifications/roots/list_changed") || target.equals("prompts/get")
                    : Set.of("resources/unsubscribe", "notifications/progress").contains(target) || strategy.contains(":batch-")
                            || strategy.endsWith(":deep-nesting");
            default -> false;
        };
    }

    @Test
    void theCleanTwinGetsNoFailAndNothingOfMediumOrAbove() throws Exception {
        // 6 runs: the prompt fuzzer reaches its long and hostile argument strategies (run 3 on); with
        // seed 5 a hostile topic comes back inside the prompt text, which is the feature, not a finding
        Path out = campaign(CleanProtocolServer.class, "clean", 6, 5);
        JsonNode guard = Json.parse(Files.readString(out.resolve("spec_guard.json")));
        List<String> fails = new ArrayList<>();
        guard.forEach(c -> {
            if ("FAIL".equals(c.path("status").asString())) {
                fails.add(c.path("id").asString() + ": " + c.path("message").asString());
            }
        });
        assertThat(fails).as("spec guard FAILs").isEmpty();
        assertThat(guard.size()).as("the guard ran").isPositive();

        List<JsonNode> serious = findings(out).stream().filter(f -> Set.of("medium", "high", "critical")
                .contains(f.path("severity").asString())).toList();
        assertThat(serious).as("findings of medium or above:" + show(serious)).isEmpty();
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).isEqualTo("completed");
    }
}
