package io.mcpfuzzer.config;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One user-facing option: its names in every source, type, default and help text. Immutable.
 *
 * <p>Names: the command-line long name ({@code --max-concurrency}), the config-file key and
 * canonical key ({@code max_concurrency}, plus {@link #fileAliases} such as the Python tool's
 * {@code havoc_mode}), and the environment variable ({@code MCP_FUZZER_MAX_CONCURRENCY}).
 *
 * @param key          canonical snake_case key; also the config-file key
 * @param longName     command-line name, e.g. {@code --runs}
 * @param negation     command-line name that sets a flag to false (e.g. {@code --no-spec-guard}), or null
 * @param group        help section
 * @param type         value type and range
 * @param defaultValue value when no source gives one; null means "unset"
 * @param paramLabel   placeholder shown in help (e.g. {@code N}); empty for flags
 * @param description  one-sentence help text (without the default, which help adds)
 * @param fileAliases  further accepted config-file keys (dotted for nested: {@code output.directory})
 * @param cliSplitRegex regex splitting one command-line value into several list items, or null
 * @param <T>          value type
 */
public record OptionDef<T>(
        String key,
        String longName,
        String negation,
        OptionGroup group,
        ValueType<T> type,
        T defaultValue,
        String paramLabel,
        String description,
        List<String> fileAliases,
        String cliSplitRegex) {

    /** Prefix of every option's environment variable. */
    public static final String ENV_PREFIX = "MCP_FUZZER_";

    public OptionDef {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(longName, "longName");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        fileAliases = List.copyOf(fileAliases);
        paramLabel = paramLabel == null ? "" : paramLabel;
    }

    /** Environment variable name, {@code MCP_FUZZER_<KEY>}. */
    public String envName() {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT);
    }

    /** Text for the default in help, or null when there is none worth showing. */
    public String defaultText() {
        if (defaultValue == null || Boolean.FALSE.equals(defaultValue)) {
            return null;
        }
        if (Boolean.TRUE.equals(defaultValue)) {
            return "on";
        }
        if (defaultValue instanceof LogLevel l) {
            return l.name();
        }
        if (defaultValue instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        if (defaultValue instanceof List<?> l) {
            return l.isEmpty() ? null : l.toString();
        }
        return defaultValue.toString();
    }

    @Override
    public String toString() {
        return longName;
    }
}
