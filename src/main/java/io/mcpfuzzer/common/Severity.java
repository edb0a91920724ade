package io.mcpfuzzer.common;

import java.util.Locale;

/** Finding severity, ordered from least to most severe. */
public enum Severity {
    INFO, LOW, MEDIUM, HIGH, CRITICAL;

    /** Lower-case wire name, as written in reports ("high"). */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Severity other) {
        return compareTo(other) >= 0;
    }

    /** Parses a name case-insensitively; throws {@link IllegalArgumentException} naming the choices. */
    public static Severity parse(String text) {
        for (Severity s : values()) {
            if (s.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown severity '" + text + "' (expected info, low, medium, high or critical)");
    }
}
