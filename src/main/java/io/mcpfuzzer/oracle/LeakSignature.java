package io.mcpfuzzer.oracle;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The root-cause signature of an {@code error_leakage}: its main kind ({@code node_stack_trace},
 * {@code sql_error}, ...), and for a leaked path also the path's first {@value #FOLDERS} folders with digits
 * masked ({@code file_path:/opt/google/chrome}). One error handler leaks the same kind of text whichever tool
 * failed, so the kind alone is one cause per server; a path says where it points, and paths under other
 * folders are other causes (the install directory, a user's home, a temporary file). A temporary folder
 * ({@code /tmp}, {@code /var/tmp}, {@code Temp}, macOS's {@code /var/folders}) ends the signature, and UUIDs and
 * long hex ids are masked: the names below a temporary folder and such ids are random, and the signature (the
 * finding's id) must be the same in every run. Stateless.
 */
final class LeakSignature {
    /** Folders of a path kept in the signature. */
    static final int FOLDERS = 3;

    private static final Pattern UUID = Pattern.compile(
            "(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern HEX = Pattern.compile("(?i)[0-9a-f]*\\d[0-9a-f]*");

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
        String previous = "";
        for (String part : token.split("[/\\\\]")) {
            if (part.isEmpty()) {
                continue;
            }
            if (kept == FOLDERS) {
                break;
            }
            String masked = UUID.matcher(part).replaceAll("<id>");
            masked = HEX.matcher(masked).replaceAll(m -> m.group().length() >= 8 ? "<id>" : m.group());
            out.append(kept++ > 0 ? "/" : "").append(masked.replaceAll("\\d", "#"));
            String folder = part.toLowerCase(Locale.ROOT);
            if (folder.equals("tmp") || folder.equals("temp") || previous.equals("var") && folder.equals("folders")) {
                break; // what lies below is named at random
            }
            previous = folder;
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }
}
