package io.mcpfuzzer.safety;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Test helper: runs a child to completion with an exact environment; the child is always gone afterwards. */
final class Children {
    record Result(int exitCode, String output) {}

    private Children() {}

    static Result run(List<String> command, Map<String, String> env, Path wd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (wd != null) {
            pb.directory(wd.toFile());
        }
        if (env != null) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Process p = pb.start();
        try {
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readNBytes(1 << 20), StandardCharsets.UTF_8);
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                throw new AssertionError("child did not exit: " + command);
            }
            return new Result(p.exitValue(), out);
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    static Result run(LaunchPlan plan) throws IOException, InterruptedException {
        return run(plan.command(), plan.environment(), plan.workingDirectory());
    }
}
