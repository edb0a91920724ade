package io.mcpfuzzer.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * One server of a sweep: the fuzzer in a child JVM ({@code java -cp <our class path>
 * io.mcpfuzzer.cli.Main ...}) writing into {@code OUT/<folder>/}, its output in
 * {@code fuzzer.log} there. The child and its descendants are killed when the timeout passes or the
 * calling thread is interrupted. Never throws for a failing server: the failure is the result.
 */
final class SweepRun {
    static final String LOG_FILE = "fuzzer.log";

    private SweepRun() {}

    static SweepCommand.Result run(SweepTargets.Server server, List<String> common, Path outDir, long timeoutSeconds) {
        Path dir = outDir.resolve(server.folder());
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(server.arguments(dir));
        cmd.addAll(common);
        Process process;
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(dir.resolve(io.mcpfuzzer.report.ReportWriter.SUMMARY_FILE)); // no stale status
            process = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve(LOG_FILE).toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            process.getOutputStream().close();
        } catch (IOException e) {
            return new SweepCommand.Result(server, ExitCodes.ERROR, "failed", "the fuzzer could not be started: "
                    + e.getMessage(), null);
        }
        try {
            boolean done = timeoutSeconds == 0 ? waitFor(process) : process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                kill(process);
                return result(server, ExitCodes.ERROR, "timeout", "stopped after --server-timeout " + timeoutSeconds
                        + " s", dir);
            }
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            return result(server, ExitCodes.INTERRUPTED, "interrupted", "the sweep was interrupted", dir);
        }
        int code = process.exitValue();
        JsonNode summary = SweepCommand.readSummary(dir);
        if (summary == null) {
            return new SweepCommand.Result(server, code == 0 ? ExitCodes.ERROR : code, "failed", "the fuzzer exited with "
                    + code + " without a report; see " + server.folder() + "/" + LOG_FILE, null);
        }
        return new SweepCommand.Result(server, code, summary.path("status").asString("unknown"),
                summary.path("status_reason").isNull() ? null : summary.path("status_reason").asString(null), summary);
    }

    private static boolean waitFor(Process process) throws InterruptedException {
        process.waitFor();
        return true;
    }

    private static SweepCommand.Result result(SweepTargets.Server server, int code, String status, String reason,
            Path dir) {
        JsonNode summary = SweepCommand.readSummary(dir);
        return new SweepCommand.Result(server, code, status, reason, summary);
    }

    /** Kills the child and everything it started (the fuzzer's own target included). */
    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
