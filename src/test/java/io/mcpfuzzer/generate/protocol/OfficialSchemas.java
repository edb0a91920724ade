package io.mcpfuzzer.generate.protocol;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Test-only access to the official MCP JSON schemas (shared/mcp-schemas/&lt;version&gt;/schema.json,
 * found by walking up from the working directory, or the system property {@code mcp.schemas.dir}).
 * Validates an instance against one named definition ({@code definitions} in draft-07 files,
 * {@code $defs} in 2020-12 files).
 */
public final class OfficialSchemas {
    private static final Map<String, JsonNode> DOCS = new ConcurrentHashMap<>();
    private static final Map<String, Schema> COMPILED = new ConcurrentHashMap<>();

    private OfficialSchemas() {}

    public static Path root() {
        String prop = System.getProperty("mcp.schemas.dir");
        if (prop != null) {
            return Path.of(prop);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("mcp-schemas");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("official MCP schemas not found (set -Dmcp.schemas.dir)");
    }

    public static JsonNode document(String version) {
        return DOCS.computeIfAbsent(version, v -> {
            try {
                return Json.parse(Files.readString(root().resolve(v).resolve("schema.json"), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read schema " + v, e);
            }
        });
    }

    /** "definitions" or "$defs", whichever the version's file uses. */
    public static String definitionsKey(String version) {
        return document(version).has("$defs") ? "$defs" : "definitions";
    }

    public static boolean hasDefinition(String version, String name) {
        return document(version).path(definitionsKey(version)).has(name);
    }

    /** Validation error messages of {@code instance} against definition {@code name} (empty = valid). */
    public static List<String> validate(String version, String name, JsonNode instance) {
        Schema schema = COMPILED.computeIfAbsent(version + "#" + name, k -> compile(version, name));
        List<Error> errors = schema.validate(instance);
        return errors.stream().map(Error::toString).toList();
    }

    private static Schema compile(String version, String name) {
        JsonNode doc = document(version);
        String key = definitionsKey(version);
        if (!doc.path(key).has(name)) {
            throw new IllegalArgumentException(version + " has no definition " + name);
        }
        ObjectNode wrapper = Json.object();
        wrapper.put("$schema", doc.path("$schema").asString());
        wrapper.put("$ref", "#/" + key + "/" + name);
        wrapper.set(key, doc.get(key));
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(
                key.equals("$defs") ? Dialects.getDraft202012() : Dialects.getDraft7());
        return registry.getSchema(wrapper);
    }
}
