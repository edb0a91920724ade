package io.mcpfuzzer.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Decides whether a string argument value is a filesystem path, so that the {@link PathSandbox}
 * confines it. Stateless, thread-safe. A value is a path when it is not empty-of-meaning text:
 *
 * <ol>
 *   <li>it is a {@code file:} URI (any key); or</li>
 *   <li>its schema (or a first-level {@code anyOf/oneOf/allOf} branch) has a path {@code format}
 *       ({@code path, file-path, filepath, directory, dir}); or</li>
 *   <li>the last word of its parameter name (split at {@code _ - .} and camelCase) is a path word
 *       ({@code path, file, filename, dir, directory, folder, cwd, ...}: so {@code filePath} and
 *       {@code output_dir} are paths, {@code fileContent} and {@code target} are not); or</li>
 *   <li>its shape is unmistakably a path, whatever the key: no whitespace or control characters,
 *       at most 4096 characters, and it starts with {@code / ~/ ./ ../} (or is {@code ..} or {@code ~})
 *       or contains a {@code /../} segment.</li>
 * </ol>
 * Rules 2 and 3 hold whatever the value is (a URL or a line break included): a server uses the
 * value of a path parameter as a path, so an unconfined {@code http://x/y} or {@code a.txt\n...}
 * there would resolve against its working directory.
 */
final class PathDetector {
    private static final int MAX_SHAPE_LENGTH = 4096;
    private static final Set<String> PATH_WORDS = Set.of("path", "paths", "pathname", "file", "files",
            "filename", "filenames", "filepath", "dir", "dirs", "dirname", "directory", "directories",
            "folder", "folders", "cwd", "workdir");
    private static final Set<String> PATH_FORMATS = Set.of("path", "file-path", "filepath", "directory", "dir");

    private PathDetector() {}

    static boolean isFileUri(String value) {
        return value.regionMatches(true, 0, "file:", 0, 5);
    }

    static boolean isPathLike(String key, JsonNode schema, String value) {
        if (isFileUri(value)) {
            return true;
        }
        if (isPathHint(key, schema)) {
            return true;
        }
        return hasPathShape(value);
    }

    /** True when the schema's format or the parameter name says the value is a file-system path. */
    static boolean isPathHint(String key, JsonNode schema) {
        return hasPathFormat(schema) || (key != null && isPathKey(key));
    }

    /**
     * True when a number or boolean under {@code key} may be taken as a path name: the key or schema
     * hints a path, and the schema does not declare the property a boolean or number without
     * {@code string} (git-mcp-server's {@code git_clean} has a boolean {@code directories} flag).
     */
    static boolean scalarMayBePath(String key, JsonNode schema) {
        return isPathHint(key, schema) && !declaresOnlyNonStringScalars(schema);
    }

    private static boolean declaresOnlyNonStringScalars(JsonNode schema) {
        JsonNode type = schema == null || !schema.isObject() ? null : schema.get("type");
        if (type == null) {
            return false;
        }
        List<String> types = new ArrayList<>();
        if (type.isString()) {
            types.add(type.asString());
        } else if (type.isArray()) {
            type.forEach(t -> types.add(t.isString() ? t.asString() : "?"));
        }
        return !types.isEmpty() && types.stream().allMatch(t -> t.equals("boolean") || t.equals("number")
                || t.equals("integer") || t.equals("null"));
    }

    static boolean isPathKey(String key) {
        String spaced = key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        String[] words = spaced.split("[^a-z0-9]+");
        return words.length > 0 && PATH_WORDS.contains(words[words.length - 1]);
    }

    static boolean hasPathShape(String value) {
        if (value.isEmpty() || value.length() > MAX_SHAPE_LENGTH) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                return false;
            }
        }
        return value.startsWith("/") || value.startsWith("~/") || value.startsWith("./")
                || value.startsWith("../") || value.equals("..") || value.equals("~")
                || value.contains("/../") || value.endsWith("/..");
    }

    private static boolean hasPathFormat(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            return false;
        }
        if (isPathFormat(schema.get("format"))) {
            return true;
        }
        for (String combiner : new String[] {"anyOf", "oneOf", "allOf"}) {
            JsonNode branches = schema.get(combiner);
            if (branches != null && branches.isArray()) {
                for (int i = 0; i < Math.min(branches.size(), 32); i++) {
                    JsonNode b = branches.get(i);
                    if (b != null && b.isObject() && isPathFormat(b.get("format"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean isPathFormat(JsonNode format) {
        return format != null && format.isString() && PATH_FORMATS.contains(format.asString().toLowerCase(Locale.ROOT));
    }
}
