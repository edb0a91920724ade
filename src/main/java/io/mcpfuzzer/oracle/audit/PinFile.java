package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --pin-file FILE}: SHA-256 pins of tool definitions across runs (rug-pull detection).
 *
 * <p>The file is JSON: {@code {"format":"mcp-fuzzer-pins/1","tools":{"<name>":{"sha256":"<hex>",
 * "fields":{"description":"<hex>",...}}}}}, tools sorted by name, hashes over canonical JSON (sorted keys,
 * see {@link CanonicalJson}). The first run writes the file; later runs compare and report changed
 * (MCPF-PIN-001), added (002) and removed (003) tools, keeping the file unchanged unless asked to update
 * it, so an unreviewed change stays visible on every run. Writes are atomic (temp file in the same
 * directory, then rename). Not thread-safe for concurrent writers of the same file.
 */
public final class PinFile {
    public static final String FORMAT = "mcp-fuzzer-pins/1";
    /** Largest pin file read, in bytes. */
    public static final long MAX_BYTES = 16L * 1024 * 1024;

    private final Path path;

    /** A pin file is invalid (not JSON, wrong format, too large). */
    public static final class PinFileException extends RuntimeException {
        PinFileException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public PinFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    public boolean exists() {
        return Files.isRegularFile(path);
    }

    /**
     * Compares the listing against the pins. When the file does not exist it is written and no finding is
     * returned; when {@code update} is true the file is rewritten with the current listing after comparing.
     *
     * @throws PinFileException when an existing file cannot be read or is not a pin file
     * @throws UncheckedIOException when the file cannot be written
     */
    public List<Finding> check(JsonNode tools, boolean update) {
        if (!exists()) {
            write(tools);
            return List.of();
        }
        List<Finding> out = compare(read(), pins(tools));
        if (update) {
            write(tools);
        }
        return out;
    }

    /** Pins of a {@code tools} array: name to {sha256, fields}; first occurrence wins for duplicates. */
    public static ObjectNode pins(JsonNode tools) {
        Map<String, JsonNode> sorted = new TreeMap<>();
        if (tools != null && tools.isArray()) {
            for (JsonNode t : tools) {
                String name = Surface.TOOL.identity(t);
                if (!name.isEmpty() && !sorted.containsKey(name)) {
                    ObjectNode pin = Json.object();
                    pin.put("sha256", CanonicalJson.sha256(t));
                    ObjectNode fields = pin.putObject("fields");
                    new java.util.TreeSet<>(t.propertyNames()).forEach(f -> fields.put(f, CanonicalJson.sha256(t.get(f))));
                    sorted.put(name, pin);
                }
            }
        }
        ObjectNode root = Json.object();
        root.put("format", FORMAT);
        ObjectNode toolsNode = root.putObject("tools");
        sorted.forEach(toolsNode::set);
        return root;
    }

    /** Writes the pins of the listing atomically. */
    public void write(JsonNode tools) {
        try {
            Path abs = path.toAbsolutePath();
            Path dir = abs.getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
            try {
                Files.writeString(tmp, Json.pretty().writeValueAsString(pins(tools)) + "\n", StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write pin file " + path, e);
        }
    }

    /** Reads and validates the file. */
    public JsonNode read() {
        try {
            if (Files.size(path) > MAX_BYTES) {
                throw new PinFileException("pin file " + path + " is larger than " + MAX_BYTES + " bytes", null);
            }
            JsonNode root = Json.parse(Files.readString(path, StandardCharsets.UTF_8));
            if (!root.isObject() || !FORMAT.equals(root.path("format").asString("")) || !root.path("tools").isObject()) {
                throw new PinFileException("pin file " + path + " is not a " + FORMAT + " file", null);
            }
            return root;
        } catch (IOException e) {
            throw new PinFileException("cannot read pin file " + path + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw new PinFileException("pin file " + path + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Findings for differences between pinned and current pins (both in the file format). */
    public static List<Finding> compare(JsonNode pinned, JsonNode current) {
        List<Finding> out = new ArrayList<>();
        JsonNode was = pinned.path("tools");
        JsonNode now = current.path("tools");
        for (String name : was.propertyNames()) {
            JsonNode before = was.get(name);
            JsonNode after = now.get(name);
            if (after == null) {
                out.add(AuditCheck.PIN_REMOVED.finding(name, "Pinned tool '" + Snippet.excerpt(name, 80)
                        + "' is no longer listed.", evidence(before, null), "removed"));
            } else if (!before.path("sha256").asString("").equals(after.path("sha256").asString(""))) {
                Map<String, Object> ev = evidence(before, after);
                ev.put("changed_fields", changed(before.path("fields"), after.path("fields")));
                out.add(AuditCheck.PIN_CHANGED.finding(name, "Tool '" + Snippet.excerpt(name, 80)
                        + "' changed since it was pinned (possible rug pull): " + ev.get("changed_fields") + ".", ev,
                        "changed"));
            }
        }
        for (String name : now.propertyNames()) {
            if (was.get(name) == null) {
                out.add(AuditCheck.PIN_ADDED.finding(name, "Tool '" + Snippet.excerpt(name, 80)
                        + "' is not in the pin file.", evidence(null, now.get(name)), "added"));
            }
        }
        return out;
    }

    private static List<String> changed(JsonNode before, JsonNode after) {
        java.util.TreeSet<String> names = new java.util.TreeSet<>(before.propertyNames());
        names.addAll(after.propertyNames());
        List<String> out = new ArrayList<>();
        for (String f : names) {
            if (!before.path(f).asString("").equals(after.path(f).asString(""))) {
                out.add(f);
            }
        }
        return out;
    }

    private static Map<String, Object> evidence(JsonNode before, JsonNode after) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("surface", "tool");
        if (before != null) {
            ev.put("pinned_sha256", before.path("sha256").asString(""));
        }
        if (after != null) {
            ev.put("current_sha256", after.path("sha256").asString(""));
        }
        return ev;
    }
}
