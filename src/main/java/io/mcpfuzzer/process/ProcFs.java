package io.mcpfuzzer.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads the Linux {@code /proc} file system. All methods are thread-safe, never throw for a process
 * that vanished meanwhile (they return empty or false), and bound what they read.
 */
public final class ProcFs {
    /** Upper bound on the processes one scan returns. */
    static final int MAX_SCAN = 65_536;
    private static final int MAX_ENVIRON_BYTES = 1 << 20;
    private static final Path PROC = Path.of("/proc");

    private ProcFs() {
    }

    /** True when {@code /proc} can be read (Linux). */
    public static boolean available() {
        return Files.isReadable(PROC.resolve("self").resolve("stat"));
    }

    /** The pid of this JVM. */
    public static long selfPid() {
        return ProcessHandle.current().pid();
    }

    /** Parsed {@code /proc/<pid>/stat}, or empty when the process does not exist (any more). */
    public static Optional<ProcStat> stat(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try {
            byte[] bytes = Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat"));
            return Optional.ofNullable(ProcStat.parse(new String(bytes, StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * True when the process exists and is not a zombie. Unlike {@link ProcessHandle#isAlive()}, a
     * zombie (exited, not yet reaped) counts as dead.
     */
    public static boolean isAlive(long pid) {
        return stat(pid).map(s -> !s.isDead()).orElse(false);
    }

    /** True when this exact process (same pid and start time) exists and is not a zombie. */
    public static boolean isAlive(ProcessIdentity id) {
        return stat(id.pid()).map(s -> !s.isDead() && s.startTicks() == id.startTicks()).orElse(false);
    }

    /** Every process visible in {@code /proc} (at most {@value #MAX_SCAN}); zombies included. */
    public static List<ProcStat> scan() {
        List<ProcStat> out = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(PROC)) {
            for (Path p : dir) {
                String name = p.getFileName().toString();
                if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
                    stat(parsePid(name)).ifPresent(out::add);
                    if (out.size() >= MAX_SCAN) {
                        break;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // /proc unreadable: behave as if nothing is there
        }
        return out;
    }

    /** Resident set size in kB from the {@code VmRSS:} line of {@code /proc/<pid>/status}. */
    public static OptionalLong rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(PROC.resolve(Long.toString(pid)).resolve("status"),
                    StandardCharsets.UTF_8)) {
                if (line.startsWith("VmRSS:")) {
                    String digits = line.substring(6).replaceAll("[^0-9]", "");
                    return digits.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(digits));
                }
            }
        } catch (IOException | RuntimeException e) {
            // vanished or unreadable
        }
        return OptionalLong.empty();
    }

    /**
     * True when the initial environment of the process (as of its last exec) holds the entry
     * {@code key=value}. Zombies and other users' processes read as empty, hence false.
     */
    public static boolean environContains(long pid, String key, String value) {
        byte[] needle = (key + "=" + value + "\0").getBytes(StandardCharsets.UTF_8);
        try (InputStream in = Files.newInputStream(PROC.resolve(Long.toString(pid)).resolve("environ"))) {
            byte[] env = in.readNBytes(MAX_ENVIRON_BYTES);
            return startsEntry(env, needle);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean startsEntry(byte[] env, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= env.length; i++) {
            if (i > 0 && env[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (env[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static long parsePid(String name) {
        try {
            return Long.parseLong(name);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
