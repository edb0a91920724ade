package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.CommandSplitter;
import io.mcpfuzzer.report.SafeFileName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The servers of a {@code sweep} file (YAML): either a list of entries or an object with
 * {@code servers} (that list) and optional {@code flags} given to every server's run. An entry has
 * {@code name} (unique; also its output folder), {@code endpoint}, optional {@code protocol},
 * {@code env} (a map, given to a stdio server as {@code --env KEY=VALUE}) and {@code flags} (fuzzer
 * options, a list or one string split like a shell command line). Immutable once parsed.
 */
record SweepTargets(List<String> commonFlags, List<Server> servers) {
    /** One server of the sweep; {@code folder} is its output folder name (safe for any file system). */
    record Server(String name, String folder, String protocol, String endpoint, Map<String, String> env,
            List<String> flags) {
        /** The fuzzer arguments of this server's run (before the common flags). */
        List<String> arguments(Path outputDir) {
            List<String> args = new ArrayList<>();
            if (protocol != null) {
                args.add("--protocol");
                args.add(protocol);
            }
            args.add("--endpoint");
            args.add(endpoint);
            args.add("--output-dir");
            args.add(outputDir.toString());
            env.forEach((k, v) -> {
                args.add("--env");
                args.add(k + "=" + v);
            });
            args.addAll(flags);
            return args;
        }
    }

    /** Thrown for a file that cannot be read or does not describe servers; the message says why. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    static SweepTargets read(Path file) throws Invalid {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new Invalid("cannot read " + file + ": " + e.getMessage());
        } catch (JacksonException e) {
            throw new Invalid(file + " is not valid YAML: " + e.getOriginalMessage());
        }
        JsonNode list = root != null && root.isObject() ? root.path("servers") : root;
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new Invalid(file + ": expected a list of servers (or 'servers:' with one)");
        }
        List<String> common = root.isObject() ? flags(root.get("flags"), "flags") : List.of();
        List<Server> servers = new ArrayList<>();
        Set<String> folders = new TreeSet<>();
        int i = 0;
        for (JsonNode entry : list) {
            i++;
            String where = file + ": server " + i;
            if (!entry.isObject()) {
                throw new Invalid(where + " is not a mapping");
            }
            String name = required(entry, "name", where);
            String endpoint = required(entry, "endpoint", where);
            String folder = SafeFileName.of(name);
            if (!folders.add(folder)) {
                throw new Invalid(where + ": the name '" + name + "' is used twice (names are output folders)");
            }
            JsonNode protocol = entry.get("protocol");
            Map<String, String> env = new LinkedHashMap<>();
            JsonNode e = entry.get("env");
            if (e != null && !e.isNull()) {
                if (!e.isObject()) {
                    throw new Invalid(where + ": env must be a mapping of NAME: value");
                }
                e.propertyNames().forEach(k -> env.put(k, e.get(k).asString("")));
            }
            servers.add(new Server(name, folder, protocol == null || protocol.isNull() ? null : protocol.asString(),
                    endpoint, env, flags(entry.get("flags"), where + ": flags")));
        }
        return new SweepTargets(common, servers);
    }

    private static String required(JsonNode entry, String key, String where) throws Invalid {
        JsonNode v = entry.get(key);
        if (v == null || !v.isValueNode() || v.asString("").isBlank()) {
            throw new Invalid(where + " needs '" + key + "'");
        }
        return v.asString();
    }

    private static List<String> flags(JsonNode node, String where) throws Invalid {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (node.isValueNode()) {
            try {
                return CommandSplitter.split(node.asString(""));
            } catch (RuntimeException e) {
                throw new Invalid(where + ": " + e.getMessage());
            }
        }
        if (!node.isArray()) {
            throw new Invalid(where + " must be a list of options or one string");
        }
        List<String> out = new ArrayList<>();
        node.forEach(n -> out.add(n.asString("")));
        return out;
    }
}
