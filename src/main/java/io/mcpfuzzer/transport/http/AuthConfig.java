package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Credential headers from an auth file ({@code --auth-config FILE}) or the environment ({@code --auth-env}).
 *
 * <p>File format (JSON, or YAML when the name ends in {@code .yaml}/{@code .yml}), one of:
 * <pre>
 * {"type": "bearer", "token": "..."}                          -> Authorization: Bearer ...
 * {"type": "api_key", "key": "...", "header": "X-API-Key"}    -> X-API-Key: ... (header optional)
 * {"type": "basic", "username": "...", "password": "..."}     -> Authorization: Basic base64(u:p)
 * {"headers": {"Name": "value", ...}}                          -> the headers as given
 * </pre>
 * {@code type} and {@code headers} may be combined. Environment variables read by {@link #fromEnv}:
 * {@code MCP_FUZZER_AUTH_TOKEN} (bearer token), {@code MCP_FUZZER_API_KEY} with optional
 * {@code MCP_FUZZER_API_KEY_HEADER} (default {@code X-API-Key}), {@code MCP_FUZZER_AUTH_HEADER}
 * (one {@code "Name: value"} line). Errors never echo secret values.
 */
public final class AuthConfig {
    public static final String ENV_TOKEN = "MCP_FUZZER_AUTH_TOKEN";
    public static final String ENV_API_KEY = "MCP_FUZZER_API_KEY";
    public static final String ENV_API_KEY_HEADER = "MCP_FUZZER_API_KEY_HEADER";
    public static final String ENV_HEADER = "MCP_FUZZER_AUTH_HEADER";
    private static final long MAX_FILE_BYTES = 1024 * 1024;

    private AuthConfig() {}

    /**
     * Reads an auth file.
     *
     * @return header name to value, in a stable order, validated by {@link HeaderLines#check}
     * @throws IllegalArgumentException for unreadable, oversized or malformed files
     */
    public static Map<String, String> load(Path file) {
        String name = String.valueOf(file.getFileName()).toLowerCase(java.util.Locale.ROOT);
        JsonNode root;
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("auth config " + file.getFileName() + " is larger than 1 MiB");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            boolean yaml = name.endsWith(".yaml") || name.endsWith(".yml");
            root = yaml ? YAMLMapper.builder().build().readTree(text) : Json.parse(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read auth config " + file.getFileName() + ": " + e.getMessage(), e);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("auth config " + file.getFileName() + " is not valid JSON/YAML", e);
        }
        return fromTree(root);
    }

    /** Builds headers from a parsed auth document (see the class comment for the format). */
    public static Map<String, String> fromTree(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("auth config must be an object");
        }
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode headers = root.get("headers");
        if (headers != null) {
            if (!headers.isObject()) {
                throw new IllegalArgumentException("auth config: \"headers\" must be an object");
            }
            for (Map.Entry<String, JsonNode> e : headers.properties()) {
                if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                    throw new IllegalArgumentException("auth config: header " + e.getKey() + " must have a scalar value");
                }
                put(out, e.getKey(), e.getValue().asString());
            }
        }
        JsonNode type = root.get("type");
        if (type != null) {
            switch (type.asString().toLowerCase(java.util.Locale.ROOT)) {
                case "bearer" -> put(out, "Authorization", "Bearer " + required(root, "token"));
                case "api_key", "apikey", "api-key" -> put(out, optional(root, "header", "X-API-Key"), required(root, "key"));
                case "basic" -> put(out, "Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (required(root, "username") + ":" + required(root, "password")).getBytes(StandardCharsets.UTF_8)));
                default -> throw new IllegalArgumentException("auth config: unknown type (use bearer, api_key or basic)");
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("auth config defines no credentials (need \"type\" or \"headers\")");
        }
        return out;
    }

    /** Headers from the documented environment variables; empty when none is set. */
    public static Map<String, String> fromEnv(Map<String, String> env) {
        Map<String, String> out = new LinkedHashMap<>();
        String token = env.get(ENV_TOKEN);
        if (token != null && !token.isBlank()) {
            put(out, "Authorization", "Bearer " + token.strip());
        }
        String key = env.get(ENV_API_KEY);
        if (key != null && !key.isBlank()) {
            String header = env.getOrDefault(ENV_API_KEY_HEADER, "X-API-Key");
            put(out, header.isBlank() ? "X-API-Key" : header.strip(), key.strip());
        }
        String line = env.get(ENV_HEADER);
        if (line != null && !line.isBlank()) {
            Map.Entry<String, String> e = HeaderLines.parse(line);
            put(out, e.getKey(), e.getValue());
        }
        return out;
    }

    private static void put(Map<String, String> out, String name, String value) {
        HeaderLines.check(name, value);
        out.put(name, value);
    }

    private static String required(JsonNode root, String field) {
        JsonNode v = root.get(field);
        if (v == null || !v.isValueNode() || v.isNull() || v.asString().isEmpty()) {
            throw new IllegalArgumentException("auth config: \"" + field + "\" is required");
        }
        return v.asString();
    }

    private static String optional(JsonNode root, String field, String fallback) {
        JsonNode v = root.get(field);
        return v == null || v.isNull() ? fallback : v.asString();
    }
}
