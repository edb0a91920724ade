package io.mcpfuzzer.safety;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Command-blocking shims ({@code --enable-safety-system}): a directory of small {@code /bin/sh}
 * scripts named like browser/opener launchers, network clients and machine-destroying commands.
 * Put first on the <em>target's</em> PATH (never the fuzzer's), each one refuses to run: it appends
 * one JSON line {@code {"shim","time","pid","argvHex":[...]}} to the log, prints a message on
 * stderr and exits {@value #EXIT_CODE}, so the caller sees a failure. The log stops growing at
 * {@value #MAX_LOG_BYTES} bytes.
 *
 * <p>Limits: only PATH lookups are caught, unless the bwrap sandbox also mounts the shims over the
 * real binaries; a program that calls {@code /usr/bin/curl}, opens sockets itself or ships its
 * own copy of a tool is not stopped. {@code rm}, {@code chmod}, {@code kill} are deliberately not
 * shimmed: servers use them legitimately. Thread-safe after {@link #install}.
 */
public final class CommandShims {
    /** Exit status of every shim ("command found but not executable"). */
    public static final int EXIT_CODE = 126;
    static final int MAX_LOG_BYTES = 8 * 1024 * 1024;
    static final int MAX_HITS = 10_000;

    public static final List<String> BROWSERS_AND_OPENERS = List.of("xdg-open", "open", "gio", "gvfs-open",
            "gnome-open", "kde-open", "kde-open5", "kfmclient", "exo-open", "wslview", "sensible-browser",
            "x-www-browser", "www-browser", "firefox", "firefox-esr", "iceweasel", "seamonkey", "mozilla",
            "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "brave-browser",
            "microsoft-edge", "opera", "epiphany", "konqueror", "links", "links2", "elinks", "lynx", "w3m");
    public static final List<String> NETWORK = List.of("curl", "wget", "nc", "ncat", "netcat", "socat", "ssh",
            "scp", "sftp", "telnet", "ftp");
    public static final List<String> DESTRUCTIVE = List.of("shutdown", "reboot", "halt", "poweroff", "mkfs",
            "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkswap", "dd",
            "fdisk", "sfdisk", "parted", "wipefs", "shred");

    private final Path directory;
    private final Path logFile;
    private final List<String> names;

    private CommandShims(Path directory, Path logFile, List<String> names) {
        this.directory = directory;
        this.logFile = logFile;
        this.names = names;
    }

    /** All shimmed names. */
    public static List<String> defaultNames() {
        List<String> all = new ArrayList<>(BROWSERS_AND_OPENERS);
        all.addAll(NETWORK);
        all.addAll(DESTRUCTIVE);
        return List.copyOf(all);
    }

    /**
     * Writes the shims into {@code directory} (created, must be empty of other shims) and creates
     * an empty log.
     *
     * @throws SafetyException when the directory or a script cannot be written (fail closed)
     */
    public static CommandShims install(Path directory, Path logFile) {
        try {
            Files.createDirectories(directory);
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            Files.write(logFile, new byte[0]);
            for (String name : defaultNames()) {
                Path shim = directory.resolve(name);
                Files.writeString(shim, script(name, logFile.toAbsolutePath()), StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(shim, PosixFilePermissions.fromString("r-xr-xr-x"));
            }
            return new CommandShims(directory.toAbsolutePath(), logFile.toAbsolutePath(), defaultNames());
        } catch (IOException | UnsupportedOperationException e) {
            throw new SafetyException("cannot install command shims in " + directory + ": " + e.getMessage(), e);
        }
    }

    public Path directory() {
        return directory;
    }

    public Path logFile() {
        return logFile;
    }

    public List<String> names() {
        return names;
    }

    /** The attempts logged so far (at most {@value #MAX_HITS}; malformed lines skipped). */
    public List<ShimHit> hits() {
        List<ShimHit> hits = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(logFile, StandardCharsets.UTF_8);
                Stream<String> lines = r.lines()) {
            lines.limit(MAX_HITS).forEach(line -> parse(line).ifPresent(hits::add));
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.copyOf(hits);
        }
        return List.copyOf(hits);
    }

    private static java.util.Optional<ShimHit> parse(String line) {
        try {
            JsonNode n = io.mcpfuzzer.common.Json.parse(line);
            List<String> argv = new ArrayList<>();
            for (JsonNode a : n.path("argvHex")) {
                argv.add(new String(HexFormat.of().parseHex(a.asString()), StandardCharsets.UTF_8));
            }
            return java.util.Optional.of(new ShimHit(n.path("shim").asString(""), argv,
                    n.path("time").asString(""), n.path("pid").asLong(-1)));
        } catch (JacksonException | IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    static String script(String name, Path log) {
        return "#!/bin/sh\n"
                + "# mcp-fuzzer command shim for '" + name + "': refuses to run and records the attempt.\n"
                + "PATH=/usr/local/bin:/usr/bin:/bin; export PATH\n"
                + "log=" + ProbeRunner.shellQuote(log.toString()) + "\n"
                + "hex() { printf '%s' \"$1\" | head -c 4096 | od -An -v -tx1 | tr -d ' \\n'; }\n"
                + "line=\"{\\\"shim\\\":\\\"" + name + "\\\",\\\"time\\\":\\\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\\\","
                + "\\\"pid\\\":$$,\\\"argvHex\\\":[\\\"$(hex \"$0\")\\\"\"\n"
                + "for a in \"$@\"; do line=\"$line,\\\"$(hex \"$a\")\\\"\"; done\n"
                + "size=$(wc -c < \"$log\" 2>/dev/null || echo 0)\n"
                + "if [ \"${size:-0}\" -lt " + MAX_LOG_BYTES + " ]; then printf '%s]}\\n' \"$line\" >> \"$log\"; fi\n"
                + "echo \"mcp-fuzzer: '" + name + "' was blocked by the fuzzer's safety system (command shim); nothing was run\" >&2\n"
                + "exit " + EXIT_CODE + "\n";
    }
}
