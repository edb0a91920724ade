package io.mcpfuzzer.common;

import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * Secret values the fuzzer learns while it runs (OAuth access and refresh tokens), registered by the code that
 * obtains them and masked by the report redaction wherever they occur, like the user's own secrets. Process-wide,
 * thread-safe; values shorter than {@value #MIN_LENGTH} characters are ignored; at most {@value #MAX_VALUES} are
 * kept (later ones are still masked by the {@code Authorization} header rule, which is the only place they are
 * sent).
 */
public final class RuntimeSecrets {
    public static final int MIN_LENGTH = 8;
    static final int MAX_VALUES = 1000;
    private static final Set<String> VALUES = new CopyOnWriteArraySet<>();

    private RuntimeSecrets() {}

    /** Registers a secret; null and short values are ignored. */
    public static void register(String value) {
        if (value != null && value.length() >= MIN_LENGTH && VALUES.size() < MAX_VALUES) {
            VALUES.add(value);
        }
    }

    /** The text with every registered secret replaced by {@code replacement}; null stays null. */
    public static String mask(String text, String replacement) {
        if (text == null || VALUES.isEmpty()) {
            return text;
        }
        String out = text;
        for (String secret : VALUES) {
            out = out.replace(secret, replacement); // literal, linear: no pattern is built from the secret
        }
        return out;
    }
}
