package io.mcpfuzzer.generate;

import java.util.List;
import java.util.Locale;

/**
 * What the target's environment offers realistic values: the folder the fuzzer may touch
 * ({@code --fs-root}) and sample files that exist there, so path parameters name real files of the
 * type a tool expects and its call reaches the logic instead of a "no such file" error.
 * Immutable; the file list is kept in the given order (give it sorted for reproducible inputs).
 *
 * @param root  absolute folder, or null when none is known
 * @param files absolute paths of existing sample files under {@code root}
 */
public record RealisticHints(String root, List<String> files) {
    private static final RealisticHints NONE = new RealisticHints(null, List.of());

    public RealisticHints {
        files = files == null ? List.of() : List.copyOf(files);
    }

    public static RealisticHints none() {
        return NONE;
    }

    /** A sample file with the extension ({@code "pdf"}), or null. */
    String fileWithExtension(String extension) {
        for (String f : files) {
            if (f.toLowerCase(Locale.ROOT).endsWith("." + extension)) {
                return f;
            }
        }
        return null;
    }
}
