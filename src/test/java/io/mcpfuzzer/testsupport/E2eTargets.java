package io.mcpfuzzer.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Locates the pinned npm MCP servers of {@code e2e/package.json}, installing them with
 * {@code scripts/install-e2e.sh} on first use, so {@code ./mvnw verify} needs no separate step.
 * Fails (never skips) when they cannot be installed: CI must run these tests.
 */
public final class E2eTargets {
    private static final Object LOCK = new Object();
    private static volatile boolean installed;

    private E2eTargets() {}

    /** The project root (the folder holding pom.xml), found from the working directory upwards. */
    public static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("pom.xml"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("pom.xml not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    public static Path nodeModules() {
        ensureInstalled();
        return projectRoot().resolve("e2e/node_modules");
    }

    /** Path of an executable in {@code e2e/node_modules/.bin}. */
    public static Path bin(String name) {
        Path path = nodeModules().resolve(".bin").resolve(name);
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException("missing e2e executable " + path);
        }
        return path;
    }

    /** Node 22 from the npm package {@code node@22} (the conformance suite needs it). */
    public static Path node22() {
        return bin("node");
    }

    /** Command that starts server-everything in the given mode (stdio, sse, streamableHttp). */
    public static List<String> everything(String mode) {
        List<String> cmd = new ArrayList<>();
        cmd.add(bin("mcp-server-everything").toString());
        cmd.add(mode);
        return cmd;
    }

    private static void ensureInstalled() {
        if (installed) {
            return;
        }
        synchronized (LOCK) {
            if (installed) {
                return;
            }
            Path root = projectRoot();
            Path script = root.resolve("scripts/install-e2e.sh");
            Path log = root.resolve("target/e2e-logs/install-e2e.log");
            try {
                Files.createDirectories(log.getParent());
                // Never inherit IO: the test JVM's stdout/stdin are the test runner's channel to Maven, and
                // npm writing into them corrupts it ("[SUREFIRE] std/in stream corrupted").
                Process p = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
                if (!p.waitFor(10, TimeUnit.MINUTES)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    throw new IllegalStateException("install-e2e.sh timed out; " + tail(log));
                }
                if (p.exitValue() != 0) {
                    throw new IllegalStateException("install-e2e.sh failed with exit code " + p.exitValue() + "; "
                            + tail(log));
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot run install-e2e.sh: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while installing e2e targets", e);
            }
            installed = true;
        }
    }

    /** The last 40 lines of the install log, for the failure message. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "last lines of " + log + ":\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 40),
                    lines.size()));
        } catch (IOException | RuntimeException e) {
            return "its log " + log + " is unreadable: " + e;
        }
    }
}
