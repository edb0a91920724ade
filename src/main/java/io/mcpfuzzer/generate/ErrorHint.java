package io.mcpfuzzer.generate;

import java.util.List;
import java.util.Objects;

/**
 * Values a server named as accepted for one noun ("Available schemas: main" gives noun {@code schema},
 * values {@code [main]}). Immutable.
 *
 * @param noun   the noun's key ({@link HintNouns#key}); not null
 * @param values the values, in the order the server named them; not null (copied)
 */
public record ErrorHint(String noun, List<String> values) {
    public ErrorHint {
        Objects.requireNonNull(noun, "noun");
        values = List.copyOf(values);
    }
}
