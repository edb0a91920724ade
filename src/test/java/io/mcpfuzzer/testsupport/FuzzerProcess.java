package io.mcpfuzzer.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs the fuzzer's command line ({@code io.mcpfuzzer.cli.Main}) in a child JVM on the test class
 * path, so a fuzzer that hangs or spins can be stopped: past the time limit the child gets
 * SIGQUIT (its thread dump lands in its stdout file) and is then killed with its descendants.
 * Output goes to files under {@code workDir}, never to the test JVM's own streams. The child and
 * its descendants never outlive {@link #run}, even when the calling thread is interrupted.
 */
public final class FuzzerProcess {
    /** What the run left behind. {@code threadDump} is empty unless the run timed out. */
    public record Result(int exitCode, boolean timedOut, String stdout, String stderr, String threadDump) {
        /** The last {@code lines} lines of stderr without repeated stack frames, for assertion messages. */
        public String stderrTail(int lines) {
            Set<String> frames = new HashSet<>();
            List<String> all = stderr.lines().filter(l -> !l.startsWith("\tat ") || frames.add(l)).toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        }

        /** A description for assertion messages: exit code, stderr tail and the thread dump if any. */
        public String describe() {
            return "exit " + exitCode + (timedOut ? " (killed after the time limit)" : "") + "\n--- stderr tail ---\n"
                    + stderrTail(60) + (threadDump.isEmpty() ? "" : "\n--- fuzzer threads ---\n" + threadDump);
        }
    }

    private FuzzerProcess() {}

    /**
     * Runs the fuzzer with {@code args} in {@code workDir} (also its HOME), with a minimal
     * environment (PATH, HOME) plus {@code extraEnv}, a 1 GiB heap and the launcher's JVM flags, for at
     * most {@code limit}.
     */
    public static Result run(List<String> args, Path workDir, Duration limit, Map<String, String> extraEnv)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        List<String> cmd = new ArrayList<>();
        cmd.add(JavaCommand.javaBinary());
        cmd.add("-Xmx1g");
        cmd.add("-XX:MaxJavaStackTraceDepth=200000"); // a stack overflow's trace then shows where it started
        cmd.add("-XX:+UseSerialGC"); // the launcher's collector and compiler (see the mcp-fuzzer script)
        cmd.add("-XX:TieredStopAtLevel=1");
        ChildJvm.Launch launch = ChildJvm.launch();
        cmd.addAll(launch.sharingFlags());
        cmd.add("-cp");
        cmd.add(launch.classPath());
        cmd.add("io.mcpfuzzer.cli.Main");
        cmd.addAll(args);
        Path out = workDir.resolve("fuzzer.stdout");
        Path err = workDir.resolve("fuzzer.stderr");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = pb.environment();
        env.clear();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin"));
        env.put("HOME", workDir.toString());
        env.putAll(extraEnv);
        Process p = pb.start();
        boolean timedOut;
        try {
            timedOut = !p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (timedOut) {
                new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).start().waitFor(10, TimeUnit.SECONDS);
                Thread.sleep(2_000);
            }
        } finally {
            // also when the test is interrupted (e.g. by a JUnit timeout): never leave a fuzzer running
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
        }
        String stdout = read(out);
        String dump = "";
        int at = stdout.indexOf("Full thread dump");
        if (timedOut && at >= 0) {
            dump = interestingThreads(stdout.substring(at));
            stdout = stdout.substring(0, at);
        }
        return new Result(timedOut ? -1 : p.exitValue(), timedOut, stdout, read(err), dump);
    }

    /** The threads of a dump that are inside the fuzzer's own code, each cut to its top 40 frames. */
    static String interestingThreads(String dump) {
        StringBuilder b = new StringBuilder();
        for (String thread : dump.split("\n\n")) {
            if (thread.contains("io.mcpfuzzer.") && thread.startsWith("\"")) {
                List<String> lines = thread.lines().toList();
                b.append(String.join("\n", lines.subList(0, Math.min(42, lines.size())))).append("\n\n");
            }
        }
        return b.toString();
    }

    private static String read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        byte[] bytes = Files.readAllBytes(file);
        int max = 4 * 1024 * 1024;
        return new String(bytes, Math.max(0, bytes.length - max), Math.min(max, bytes.length), StandardCharsets.UTF_8);
    }
}
