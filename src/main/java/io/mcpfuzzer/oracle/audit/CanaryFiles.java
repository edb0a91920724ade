package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Canary files for confirmed path traversal (MCPF-RESP-003) that work WITH the fs-root sandbox: each
 * canary holds a fresh random secret and sits where a traversal escaping the root would land (a file
 * next to the root, in its parent directory) and in a private temp directory (absolute-path escapes).
 * The campaign sends {@link #payloadPaths()} as path arguments and passes every answer to
 * {@link #scan}; the secret coming back proves the server read outside its allowed area. {@link #tampered}
 * reports canaries that were changed or deleted (write/delete escapes). {@link #close()} deletes every
 * canary (idempotent). Thread-safe after construction.
 */
public final class CanaryFiles implements AutoCloseable {
    /** Where a canary was planted. */
    public record Canary(String location, Path file, String secret, String sha256) {}

    private final List<Canary> canaries;
    private final List<Path> createdDirs;
    private final Path fsRoot;
    private volatile boolean closed;

    private CanaryFiles(Path fsRoot, List<Canary> canaries, List<Path> createdDirs) {
        this.fsRoot = fsRoot;
        this.canaries = List.copyOf(canaries);
        this.createdDirs = List.copyOf(createdDirs);
    }

    /**
     * Plants the canaries. A location that cannot be written (no parent, read-only) is skipped.
     *
     * @param fsRoot the fuzzer's allowed root (the sandbox), or null to plant only the temp canary
     * @throws IOException if no canary at all could be planted
     */
    public static CanaryFiles plant(Path fsRoot) throws IOException {
        SecureRandom rnd = new SecureRandom();
        List<Canary> list = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        Path root = fsRoot == null ? null : fsRoot.toAbsolutePath().normalize();
        IOException last = null;
        if (root != null && root.getParent() != null) {
            try {
                list.add(write("sibling", root.getParent(), rnd));
            } catch (IOException e) {
                last = e;
            }
        }
        try {
            Path tmp = Files.createTempDirectory("mcpf-canary-");
            dirs.add(tmp);
            list.add(write("temp", tmp, rnd));
        } catch (IOException e) {
            last = e;
        }
        if (list.isEmpty()) {
            throw last != null ? last : new IOException("no canary location available");
        }
        return new CanaryFiles(root, list, dirs);
    }

    private static Canary write(String location, Path dir, SecureRandom rnd) throws IOException {
        byte[] id = new byte[4];
        byte[] sec = new byte[16];
        rnd.nextBytes(id);
        rnd.nextBytes(sec);
        String secret = "MCPF-CANARY-" + HexFormat.of().formatHex(sec);
        Path file = dir.resolve("mcpf-canary-" + HexFormat.of().formatHex(id) + ".txt");
        String content = content(secret);
        Files.writeString(file, content, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW);
        return new Canary(location, file, secret, CanonicalJson.sha256(content));
    }

    private static String content(String secret) {
        return "mcp-fuzzer canary file, safe to delete\n" + secret + "\n";
    }

    public List<Canary> canaries() {
        return canaries;
    }

    /**
     * Paths that reach a canary only by escaping the root: relative ones from the root (plain, doubled
     * dots, encoded, backslash) for the sibling canary, absolute ones (plain and {@code file://}) for all.
     */
    public List<String> payloadPaths() {
        List<String> out = new ArrayList<>();
        for (Canary c : canaries) {
            String name = c.file().getFileName().toString();
            if ("sibling".equals(c.location()) && fsRoot != null) {
                String rootName = fsRoot.getFileName() == null ? "" : fsRoot.getFileName().toString();
                out.add("../" + name);
                out.add("./../" + name);
                out.add("..//" + name);
                out.add("....//" + name);
                out.add("..%2f" + name);
                out.add("%2e%2e%2f" + name);
                out.add("..\\" + name);
                if (!rootName.isEmpty()) {
                    out.add("../" + rootName + "/../" + name);
                }
            }
            out.add(c.file().toString());
            out.add(c.file().toUri().toString());
        }
        return out;
    }

    /** Findings when a canary secret (case-insensitive) or the base64 of a canary file is in the response. */
    public List<Finding> scan(String target, String input, String response) {
        List<Finding> out = new ArrayList<>();
        if (response == null || response.isEmpty()) {
            return out;
        }
        String resp = response.length() > ResponseOracle.MAX_SCAN ? response.substring(0, ResponseOracle.MAX_SCAN) : response;
        String lower = resp.toLowerCase(Locale.ROOT);
        for (Canary c : canaries) {
            String hex = c.secret().substring("MCPF-CANARY-".length());
            String b64 = Base64.getEncoder().withoutPadding().encodeToString(content(c.secret()).getBytes(StandardCharsets.UTF_8));
            int at = lower.indexOf(hex);
            String encoding = "plain";
            if (at < 0) {
                at = resp.indexOf(b64);
                encoding = "base64";
            }
            if (at < 0 || (input != null && input.toLowerCase(Locale.ROOT).contains(hex))) {
                continue;
            }
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("canary_location", c.location());
            ev.put("canary_file", c.file().getFileName().toString());
            ev.put("secret_encoding", encoding);
            ev.put("input_excerpt", Snippet.excerpt(input == null ? "" : input, Snippet.MAX_EXCERPT));
            ev.put("excerpt", Snippet.around(resp, at, Math.min(resp.length(), at + 12)));
            out.add(AuditCheck.CANARY_TRAVERSAL.finding(target, "Response contains the secret of the canary planted "
                    + ("sibling".equals(c.location()) ? "next to the fs root" : "in a temp directory outside the root")
                    + ": the server read a file outside its allowed area.", ev, c.location()));
        }
        return out;
    }

    /** Findings for canaries that were modified or deleted since planting (write or delete escapes). */
    public List<Finding> tampered(String target) {
        List<Finding> out = new ArrayList<>();
        for (Canary c : canaries) {
            String state;
            try {
                if (!Files.exists(c.file(), LinkOption.NOFOLLOW_LINKS)) {
                    state = "deleted";
                } else if (Files.size(c.file()) > 1024
                        || !CanonicalJson.sha256(Files.readString(c.file(), StandardCharsets.UTF_8)).equals(c.sha256())) {
                    state = "modified";
                } else {
                    continue;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                state = "unreadable";
            }
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("canary_location", c.location());
            ev.put("canary_file", c.file().getFileName().toString());
            ev.put("state", state);
            out.add(AuditCheck.CANARY_TRAVERSAL.finding(target, "A canary file outside the fs root was " + state
                    + " during the calls: the server wrote outside its allowed area.", ev, c.location() + "|" + state));
        }
        return out;
    }

    /** Deletes every canary and the temp directories created for them; safe to call twice. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Canary c : canaries) {
            try {
                Files.deleteIfExists(c.file());
            } catch (IOException ignored) {
                // best effort: a server may have replaced it with a directory; the temp dir goes below
            }
        }
        for (Path d : createdDirs) {
            deleteTree(d, 0);
        }
    }

    private static void deleteTree(Path p, int depth) {
        try {
            if (depth < 16 && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                try (var s = Files.list(p)) {
                    s.limit(10_000).forEach(c -> deleteTree(c, depth + 1));
                }
            }
            Files.deleteIfExists(p);
        } catch (IOException | java.io.UncheckedIOException ignored) {
            // best effort cleanup of our own temp directory
        }
    }
}
