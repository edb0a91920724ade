package io.mcpfuzzer.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Lower-case tokens of an identifier, split at non-alphanumeric characters and at camelCase boundaries
 * ({@code "filePath"} and {@code "file_path"} both give {@code [file, path]}); used to match tool and
 * parameter names by token, never by substring. Reads at most {@value #MAX_CHARS} characters. Stateless.
 */
public final class NameTokens {
    /** Characters of a name examined (names from a server are untrusted and may be huge). */
    public static final int MAX_CHARS = 200;

    private NameTokens() {}

    /** The tokens of {@code name}; empty for null or a name without letters or digits. */
    public static List<String> of(String name) {
        List<String> out = new ArrayList<>();
        if (name == null) {
            return out;
        }
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < name.length() && i < MAX_CHARS; i++) {
            char c = name.charAt(i);
            boolean boundary = !Character.isLetterOrDigit(c)
                    || Character.isUpperCase(c) && i > 0 && Character.isLowerCase(name.charAt(i - 1));
            if (boundary && cur.length() > 0) {
                out.add(cur.toString().toLowerCase(Locale.ROOT));
                cur.setLength(0);
            }
            if (Character.isLetterOrDigit(c)) {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString().toLowerCase(Locale.ROOT));
        }
        return out;
    }
}
