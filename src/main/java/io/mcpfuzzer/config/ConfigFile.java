package io.mcpfuzzer.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A YAML configuration file read into a flat map of keys with their source positions. Only a
 * top-level mapping is accepted; nested mappings are flattened to dotted keys ({@code output:
 * {directory: x}} becomes {@code output.directory}). Keys are not interpreted here.
 * Immutable once read.
 *
 * @param path    the file as given
 * @param sha256  lower-case hex SHA-256 of the file bytes (for provenance)
 * @param entries key (dotted for nested) to value and position, in file order
 */
public record ConfigFile(Path path, String sha256, Map<String, Entry> entries) {
    /** Largest config file read, in bytes. */
    public static final long MAX_BYTES = 1 << 20;
    /** Nesting of mappings flattened into dotted keys; deeper values are kept as trees. */
    private static final int MAX_FLATTEN_DEPTH = 2;

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /**
     * A value with the 1-based position of its key.
     *
     * @param value the YAML value as a JSON tree (scalars keep their YAML 1.2 core type)
     */
    public record Entry(JsonNode value, int line, int column) {}

    /** {@code <path>:<line>:<column>} of a key, for messages. */
    public String where(Entry e) {
        return path + ":" + e.line() + ":" + e.column();
    }

    /**
     * Reads and flattens {@code path}.
     *
     * @throws ConfigException when the file is missing, unreadable, too big, not .yml/.yaml,
     *     not valid YAML, has duplicate keys, or is not a mapping; the message names file and line
     */
    public static ConfigFile read(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".yml") && !name.endsWith(".yaml")) {
            throw fail(path.toString(), "unsupported configuration file format: only .yml and .yaml files are read");
        }
        byte[] bytes;
        try {
            if (!Files.isRegularFile(path)) {
                throw fail(path.toString(), "configuration file not found");
            }
            if (Files.size(path) > MAX_BYTES) {
                throw fail(path.toString(), "configuration file is larger than " + MAX_BYTES + " bytes");
            }
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw fail(path.toString(), "cannot read configuration file: " + e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw fail(path.toString(), "configuration file is not valid UTF-8");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        try (JsonParser p = YAML.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first != null) {
                if (first != JsonToken.START_OBJECT) {
                    throw fail(path + ":" + line(p.currentTokenLocation()) + ":1",
                            "the top level must be a mapping of option keys, got " + describe(first));
                }
                readMapping(p, "", 1, entries);
            }
        } catch (JacksonException e) {
            TokenStreamLocation loc = e.getLocation();
            String where = loc == null ? path.toString() : path + ":" + loc.getLineNr() + ":" + loc.getColumnNr();
            throw fail(where, "invalid YAML: " + firstLine(e.getOriginalMessage()));
        }
        return new ConfigFile(path, sha256(bytes), Collections.unmodifiableMap(entries));
    }

    private static void readMapping(JsonParser p, String prefix, int depth, Map<String, Entry> out) {
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            TokenStreamLocation loc = p.currentTokenLocation();
            String key = prefix + p.currentName();
            JsonToken value = p.nextToken();
            if (value == JsonToken.START_OBJECT && depth < MAX_FLATTEN_DEPTH && isSection(key)) {
                readMapping(p, key + ".", depth + 1, out);
                continue;
            }
            JsonNode node = p.readValueAsTree();
            out.put(key, new Entry(node, line(loc), Math.max(1, loc.getColumnNr())));
        }
    }

    /** Mapping-valued keys that are sections of further keys rather than values. */
    private static boolean isSection(String key) {
        return key.equals("output");
    }

    private static int line(TokenStreamLocation loc) {
        return Math.max(1, loc.getLineNr());
    }

    private static String describe(JsonToken t) {
        return t == JsonToken.START_ARRAY ? "a list" : "a single value";
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static ConfigException fail(String where, String message) {
        return new ConfigException(ConfigProblem.usage(where, null, message));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
