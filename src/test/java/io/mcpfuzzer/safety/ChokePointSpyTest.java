package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.cli.Main;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.SpyServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The safety choke point holds in every mode: the CLI fuzzes {@link SpyServer} (a real child
 * process that logs every raw line it receives) with {@code --fs-root DIR --no-network
 * --security-audit --phase both}, and nothing the server received names a path outside DIR, a value
 * the command-blocking rules refuse, or a non-local network host; the server created no file outside
 * DIR; and the run summary shows blocked runs (so the check can fail).
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ChokePointSpyTest") // its methods run one after the other (a lock forces them into one thread)
@Order(7) // started early: one of the longest classes (a long class started last stretches the run)
class ChokePointSpyTest {
    private static final Pattern URL = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]{0,20})://([^/\\s?#\\\\\"'<>]*)");
    private static final Set<String> CUSTOM_SCHEMES = Set.of("test", "notes");
    private static final List<String> SECRETS = List.of("etc/passwd", "etc/shadow", ".ssh/id_", "/root/");

    @TempDir
    Path base;

    @ParameterizedTest
    @ValueSource(strings = {"tools", "protocol", "resources", "prompts", "all"})
    void nothingOutsideThePolicyReachesTheServer(String mode) throws Exception {
        Path root = Files.createDirectories(base.resolve("root")).toRealPath();
        Path work = Files.createDirectories(base.resolve("work"));
        Path log = base.resolve("spy.log");
        Path out = base.resolve("reports");
        List<String> server = JavaCommand.of(SpyServer.class, "--log", log.toString(), "--workdir", work.toString(),
                "--base", base.toString());
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"--mode", mode, "--protocol", "stdio", "--endpoint",
            String.join(" ", server), "--fs-root", root.toString(), "--no-network", "--security-audit",
            "--phase", "both", "--runs", "6", "--runs-per-type", "2", "--seed", "11", "--timeout", "5",
            "--output-dir", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8),
                Map.of("PATH", System.getenv("PATH")));
        String err = stderr.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err).isIn(0, 3);

        List<String> violations = new ArrayList<>();
        int lines = 0;
        for (byte[] raw : lines(Files.readAllBytes(log))) {
            lines++;
            violations.addAll(violations(new String(raw, StandardCharsets.UTF_8), root));
        }
        assertThat(lines).as("lines the server received").isGreaterThan(5);
        assertThat(violations).as("values that reached the server").isEmpty();

        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        long blocked = 0;
        for (JsonNode outcomes : summary.path("per_target")) {
            blocked += outcomes.path("safety_blocked").asLong(0);
        }
        assertThat(blocked).as("safety_blocked runs in " + summary.path("per_target")).isPositive();

        if (!mode.equals("protocol")) {
            String runs;
            try (Stream<Path> files = Files.walk(out.resolve("sessions"))) {
                runs = Files.readString(files.filter(f -> f.getFileName().toString().equals("runs.jsonl"))
                        .findFirst().orElseThrow());
            }
            assertThat(runs).as("the run records show the confined input the server got").contains(root.toString());
        }

        try (Stream<Path> files = Files.list(work)) {
            assertThat(files.toList()).as("files the server created in its working directory").isEmpty();
        }
        try (Stream<Path> files = Files.list(base)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList())
                    .containsExactlyInAnyOrder("root", "work", "spy.log", "reports");
        }
    }

    /** Everything wrong with one received line. */
    static List<String> violations(String line, Path root) {
        List<String> out = new ArrayList<>();
        for (String s : strings(line)) {
            String problem = problem(s, root);
            if (problem != null) {
                out.add(problem + ": " + (s.length() > 200 ? s.substring(0, 200) + "..." : s));
            }
        }
        return out;
    }

    private static String problem(String s, Path root) {
        String rootText = root.toString();
        boolean underRoot = s.startsWith(rootText + "/") || s.equals(rootText) || s.startsWith("file://" + rootText);
        if (s.regionMatches(true, 0, "file:", 0, 5)) {
            String rest = s.substring(5);
            if (rest.startsWith("//") && !rest.startsWith("///") && !rest.startsWith("//localhost/")) {
                return "file URI with a host";
            }
            String path = PercentCoding.decodeLenient(rest.replaceFirst("^//(localhost)?", ""));
            if (!under(path, root)) {
                return "file URI outside the fs-root";
            }
        } else if (pathShaped(s)) {
            if (!s.startsWith("/")) {
                return "relative or home path";
            }
            if (!under(s, root)) {
                return "absolute path outside the fs-root";
            }
        }
        if (!underRoot) {
            String lower = s.toLowerCase(Locale.ROOT);
            for (String secret : SECRETS) {
                if (lower.contains(secret)) {
                    return "secret file " + secret;
                }
            }
        }
        if (DangerRules.destructiveCommand(s).isPresent()) {
            return "destructive command";
        }
        Matcher m = URL.matcher(s);
        while (m.find()) {
            String scheme = m.group(1).toLowerCase(Locale.ROOT);
            String host = HostPort.fromAuthority(m.group(2)).host();
            if (scheme.equals("file") || CUSTOM_SCHEMES.contains(scheme)) {
                continue;
            }
            if (!host.isEmpty() && !NetworkPolicy.isLoopback(host)) {
                return "network host " + host;
            }
        }
        return null;
    }

    private static boolean pathShaped(String s) {
        boolean named = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                return false;
            }
            named |= Character.isLetterOrDigit(c);
        }
        return named && (s.startsWith("/") || s.startsWith("~") || s.startsWith("./") || s.startsWith("../")
                || s.contains("/../"));
    }

    private static boolean under(String path, Path root) {
        int nul = path.indexOf('\0');
        try {
            return Path.of(nul >= 0 ? path.substring(0, nul) : path).normalize().startsWith(root);
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** Every string value (and member name) of a JSON line, else the line's tokens. */
    private static List<String> strings(String line) {
        List<String> out = new ArrayList<>();
        JsonNode node;
        try {
            node = Json.parse(line);
        } catch (JacksonException e) {
            node = null;
        }
        if (node == null) {
            for (String token : line.split("[\\s\"'`,;|&<>(){}\\[\\]=]+")) {
                if (!token.isEmpty()) {
                    out.add(token);
                }
            }
            out.add(line);
            return out;
        }
        Deque<JsonNode> stack = new ArrayDeque<>();
        stack.push(node);
        while (!stack.isEmpty()) {
            JsonNode n = stack.pop();
            if (n.isString()) {
                out.add(n.asString());
            } else if (n.isObject()) {
                for (Map.Entry<String, JsonNode> e : n.properties()) {
                    out.add(e.getKey());
                    stack.push(e.getValue());
                }
            } else if (n.isArray()) {
                n.forEach(stack::push);
            }
        }
        return out;
    }

    private static List<byte[]> lines(byte[] all) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                out.add(java.util.Arrays.copyOfRange(all, start, i));
                start = i + 1;
            }
        }
        if (start < all.length) {
            out.add(java.util.Arrays.copyOfRange(all, start, all.length));
        }
        return out;
    }
}
