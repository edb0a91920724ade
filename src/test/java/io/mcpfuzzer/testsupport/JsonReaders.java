package io.mcpfuzzer.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Reads our JSON artifacts with the tools users have: stock {@code python3}'s {@code json} and
 * jq (1.6 is the one that fails on deep nesting, lone surrogates and 63-bit numbers). A missing
 * python3 or jq fails the calling test with a message saying what to install; it never skips.
 */
public final class JsonReaders {
    /** The exact one-liner users run, from the issue. */
    private static final String PY_LOAD = "import json,sys; json.load(open(sys.argv[1]))";
    /**
     * Loads a .json file or every line of a .jsonl file, then walks every value without recursion
     * and prints the deepest nesting and the longest string or key in UTF-8 bytes.
     */
    private static final String PY_STATS = String.join("\n",
            "import json, sys",
            "p = sys.argv[1]",
            "with open(p, encoding='utf-8') as f:",
            "    docs = [json.loads(l) for l in f if l.strip()] if p.endswith('.jsonl') else [json.load(f)]",
            "depth = 0; longest = 0",
            "stack = [(d, 1) for d in docs]",
            "while stack:",
            "    v, d = stack.pop()",
            "    if isinstance(v, dict):",
            "        depth = max(depth, d)",
            "        for k, x in v.items():",
            "            longest = max(longest, len(k.encode('utf-8')))",
            "            stack.append((x, d + 1))",
            "    elif isinstance(v, list):",
            "        depth = max(depth, d)",
            "        stack.extend((x, d + 1) for x in v)",
            "    elif isinstance(v, str):",
            "        longest = max(longest, len(v.encode('utf-8')))",
            "print(len(docs), depth, longest)");

    /** What python3 saw in one file. */
    public record Stats(int documents, int depth, long longestString) {}

    private JsonReaders() {}

    /** Every regular file under {@code dir} whose name ends in .json, .jsonl or .sarif. */
    public static List<Path> jsonFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(p -> {
                String name = p.getFileName().toString();
                return name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".sarif");
            }).sorted().toList();
        }
    }

    /**
     * Asserts that python3 and jq both read {@code file} (a .jsonl file line by line) and returns
     * python's view. Fails when either tool is missing.
     */
    public static Stats assertReadable(Path file) throws Exception {
        String python = PythonFixture.python();
        String jq = tool("jq");
        boolean lines = file.getFileName().toString().endsWith(".jsonl");
        if (!lines) {
            Result load = run(List.of(python, "-c", PY_LOAD, file.toString()));
            assertThat(load.code()).as("python3 json.load %s: %s", file, load.err()).isZero();
        }
        Result stats = run(List.of(python, "-c", PY_STATS, file.toString()));
        assertThat(stats.code()).as("python3 reading %s: %s", file, stats.err()).isZero();
        String[] parts = stats.out().trim().split(" ");
        Stats seen = new Stats(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Long.parseLong(parts[2]));

        // jq reads a .jsonl file as a stream of documents, one per line: one compact output line each
        Result read = run(List.of(jq, "-c", ".", file.toString()));
        assertThat(read.code()).as("jq . %s: %s", file, read.err()).isZero();
        long expected = lines ? Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).count() : 1;
        assertThat(read.out().lines().count()).as("documents jq read from %s", file).isEqualTo(expected);
        assertThat(seen.documents()).isEqualTo((int) expected);
        return seen;
    }

    /** Runs {@code jq -r FILTER FILE} and returns its output without the trailing newline. */
    public static String jq(String filter, Path file) throws Exception {
        Result r = run(List.of(tool("jq"), "-r", filter, file.toString()));
        assertThat(r.code()).as("jq %s %s: %s", filter, file, r.err()).isZero();
        return r.out().strip();
    }

    /** Absolute path of a tool on PATH (or /usr/bin); fails the test when it is not installed. */
    public static String tool(String name) {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, name));
                }
            }
        }
        candidates.add(Path.of("/usr/bin", name));
        for (Path p : candidates) {
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return fail("'" + name + "' is not installed (not on PATH, not in /usr/bin): this test checks that "
                + "reports are readable by " + name + " and must not pass without it; install it "
                + "(for example: apt-get install -y " + (name.equals("python3") ? "python3" : name) + ")");
    }

    private record Result(int code, String out, String err) {}

    private static Result run(List<String> command) throws Exception {
        Path out = Files.createTempFile("json-reader", ".out");
        Path err = Files.createTempFile("json-reader", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out: " + command.get(0) + " " + command.get(command.size() - 1));
            }
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    stderr.length() > 2000 ? stderr.substring(0, 2000) : stderr);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
