package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.config.OptionDef;
import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Origin;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.report.Redactor;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --print-config}: every option's effective value with its origin ({@code default},
 * {@code path:line:column} of the config file, {@code environment variable NAME},
 * {@code option --name}, or why it was derived), as text or JSON. Secrets are redacted: header
 * values and {@code --env} values always, and every value the run's redactor knows as a secret
 * (credentials in URLs, auth files, passed variables). Stateless.
 */
final class PrintConfig {
    /** Shown instead of a secret. */
    static final String HIDDEN = "<redacted>";

    private PrintConfig() {}

    static int print(Settings s, Map<OptionDef<?>, Object> values, Map<String, String> env, boolean json,
            PrintStream out) {
        Redactor redactor = Redactor.withSecrets(UserSecretsOf.settings(s, env));
        Map<String, Origin> origins = s.provenance().origins();
        String file = s.provenance().configFile() == null ? null : s.provenance().configFile().toString();
        if (json) {
            ObjectNode root = Json.object();
            root.put("config_file", file);
            ObjectNode settings = root.putObject("settings");
            values.forEach((def, value) -> {
                ObjectNode entry = settings.putObject(def.key());
                entry.set("value", Json.toTree(redacted(def, value, redactor)));
                entry.put("origin", originText(origins.get(def.key())));
            });
            out.println(Json.write(root));
            return ExitCodes.OK;
        }
        out.println("# effective configuration; config file: " + (file == null ? "none" : file));
        int width = values.keySet().stream().mapToInt(d -> d.key().length()).max().orElse(10);
        values.forEach((def, value) -> {
            Object shown = redacted(def, value, redactor);
            String text = shown == null ? "(unset)" : shown instanceof String str ? str : Json.write(shown);
            out.println(String.format(Locale.ROOT, "%-" + width + "s = %s    # %s", def.key(),
                    io.mcpfuzzer.report.text.TerminalText.safe(text, 500), originText(origins.get(def.key()))));
        });
        return ExitCodes.OK;
    }

    private static String originText(Origin origin) {
        return origin == null ? Origin.DEFAULT.detail() : origin.detail();
    }

    /** A JSON-friendly value with secrets hidden: strings, numbers, booleans, lists, objects or null. */
    static Object redacted(OptionDef<?> def, Object value, Redactor redactor) {
        if (value == null) {
            return null;
        }
        if (def == Options.HEADERS || def == Options.ENV) {
            char sep = def == Options.HEADERS ? ':' : '=';
            List<String> out = new ArrayList<>();
            for (Object item : (List<?>) value) {
                String text = String.valueOf(item);
                int at = text.indexOf(sep);
                out.add(at < 0 ? HIDDEN : text.substring(0, at + 1) + (sep == ':' ? " " : "") + HIDDEN);
            }
            return out;
        }
        if (value instanceof List<?> list) {
            List<String> out = new ArrayList<>();
            list.forEach(item -> out.add(redactor.redact(String.valueOf(item))));
            return out;
        }
        if (value instanceof Boolean || value instanceof Number) {
            return value;
        }
        if (value instanceof Enum<?> e) {
            return def == Options.LOG_LEVEL ? e.name() : e.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
        if (value instanceof tools.jackson.databind.JsonNode node) {
            return redactor.redact(node);
        }
        return redactor.redact(String.valueOf(value));
    }
}
