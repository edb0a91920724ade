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
    /** Bound on one read of a status file (about 1.5 KB on Linux 6). */
    static final int MAX_STATUS_BYTES = 8 * 1024;
    private static final byte[] VM_RSS = "VmRSS:".getBytes(StandardCharsets.US_ASCII);

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

    /**
     * Resident set size in kB: the {@code VmRSS} of {@code /proc/<pid>/status}, read from the cheaper
     * {@code statm} ({@link StatmRss}) where the page size is known, else from the {@code VmRSS:}
     * line of {@code status} (read as bytes, at most {@value #MAX_STATUS_BYTES}, no line or string
     * objects: it is sampled after every tool call).
     */
    public static OptionalLong rssKb(long pid) {
        if (pid <= 0) {
            return OptionalLong.empty();
        }
        if (StatmRss.PAGE_KB > 0) {
            return StatmRss.kb(pid);
        }
        return statusRssKb(pid);
    }

    /** {@link #rssKb} from the {@code VmRSS:} line of {@code status}. */
    static OptionalLong statusRssKb(long pid) {
        if (pid <= 0) {
            return OptionalLong.empty();
        }
        byte[] buffer = new byte[MAX_STATUS_BYTES];
        int length = 0;
        try (InputStream in = new java.io.FileInputStream("/proc/" + pid + "/status")) {
            for (int n; length < buffer.length && (n = in.read(buffer, length, buffer.length - length)) > 0; ) {
                length += n;
            }
            return vmRssKb(buffer, length);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty(); // vanished or unreadable
        }
    }

    /** The number on the {@code VmRSS:} line of a status file's bytes, or empty when there is none. */
    static OptionalLong vmRssKb(byte[] status) {
        return vmRssKb(status, status.length);
    }

    /** As {@link #vmRssKb(byte[])} on the first {@code n} bytes. */
    static OptionalLong vmRssKb(byte[] status, int n) {
        for (int i = 0; i + VM_RSS.length <= n; ) {
            if (startsWith(status, i, VM_RSS)) {
                long kb = 0;
                int digits = 0;
                for (int j = i + VM_RSS.length; j < n && status[j] != '\n'; j++) {
                    byte b = status[j];
                    if (b >= '0' && b <= '9' && digits < 18) {
                        kb = kb * 10 + (b - '0');
                        digits++;
                    }
                }
                return digits == 0 ? OptionalLong.empty() : OptionalLong.of(kb);
            }
            while (i < n && status[i] != '\n') { // the next line
                i++;
            }
            i++;
        }
        return OptionalLong.empty();
    }

    private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
        for (int k = 0; k < prefix.length; k++) {
            if (bytes[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
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
