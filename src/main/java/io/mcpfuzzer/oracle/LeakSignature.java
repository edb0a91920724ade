package io.mcpfuzzer.oracle;

import java.util.Locale;

/**
 * The root-cause signature of an {@code error_leakage}: its main kind ({@code node_stack_trace},
 * {@code sql_error}, ...), and for a leaked path also the path's first {@value #FOLDERS} folders with digits
 * masked ({@code file_path:/opt/google/chrome}). One error handler leaks the same kind of text whichever tool
 * failed, so the kind alone is one cause per server; a path says where it points, and paths under other
 * folders are other causes (the install directory, a user's home, a temporary file). Stateless.
 */
final class LeakSignature {
    /** Folders of a path kept in the signature. */
    static final int FOLDERS = 3;

    private LeakSignature() {}

    /**
     * @param type  the leak's main kind; not null
     * @param token the leaked path of a {@code file_path} leak, or null
     */
    static String of(String type, String token) {
        if (token == null || token.isEmpty()) {
            return type;
        }
        StringBuilder out = new StringBuilder(type).append(':');
        if (token.charAt(0) == '/' || token.charAt(0) == '\\') {
            out.append('/');
        }
        int kept = 0;
        for (String part : token.split("[/\\\\]")) {
            if (part.isEmpty()) {
                continue;
            }
            if (kept == FOLDERS) {
                break;
            }
            out.append(kept++ > 0 ? "/" : "").append(part.replaceAll("\\d", "#"));
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }
}
