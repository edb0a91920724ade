package io.mcpfuzzer.generate;

import java.util.List;
import java.util.Set;

/**
 * Which names and values look like identifiers that one tool hands out and another takes back:
 * {@code id}, {@code *_id}, {@code *Id}, {@code handle}, {@code session}, {@code uuid}. Names are
 * split into tokens as {@link NameHints#tokens} does, so {@code width} or {@code valid} is never an
 * id. The <em>kind</em> of an id is its name's tokens joined by {@code _} ({@code fileId} and
 * {@code file_id} are both {@code file_id}); its <em>family</em> is the last token ({@code id},
 * {@code handle}, ...). Stateless and thread-safe.
 */
public final class IdNames {
    /** Last tokens that make a name an id's name. */
    private static final Set<String> ID_WORDS = Set.of("id", "ids", "uuid", "guid", "handle", "session", "sid");
    /** Description words that make a parameter an id. */
    private static final Set<String> DESCRIBED = Set.of("identifier", "id", "uuid", "handle", "guid");
    /** Name words of parameters that carry content, never an id, whatever their description says. */
    private static final Set<String> CONTENT = Set.of("path", "file", "query", "sql", "url", "uri", "name", "text",
            "content", "body", "message", "title", "description", "prompt", "command", "code", "data", "value");
    /** Longest value taken as an id. */
    static final int MAX_ID_LENGTH = 200;

    private IdNames() {}

    /** The id kind of a field or parameter name ({@code fileId} gives {@code file_id}), or null when not an id's name. */
    public static String kindOf(String name) {
        if (!mayEndInIdWord(name)) {
            return null;
        }
        List<String> t = NameHints.tokens(name);
        if (t.isEmpty() || !ID_WORDS.contains(t.get(t.size() - 1)) || t.size() > 4) {
            return null;
        }
        String last = t.get(t.size() - 1);
        if (last.equals("ids")) {
            t = new java.util.ArrayList<>(t.subList(0, t.size() - 1));
            t.add("id");
        }
        return String.join("_", t);
    }

    /**
     * False only when the name's last token cannot be one of {@link #ID_WORDS}: its last letter or
     * digit (lower-cased) is none of the words' last letters. A cheap exit before tokenising, for
     * every field name and text token of an answer; names longer than the tokeniser reads always pass.
     */
    private static boolean mayEndInIdWord(String name) {
        if (name == null || name.length() > io.mcpfuzzer.common.NameTokens.MAX_CHARS) {
            return true;
        }
        for (int i = name.length() - 1; i >= 0; i--) {
            char c = name.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                char low = Character.toLowerCase(c);
                return low == 'd' || low == 's' || low == 'e' || low == 'n';
            }
        }
        return true;
    }

    /** The family of a kind: its last token ({@code file_id} gives {@code id}). */
    static String family(String kind) {
        int at = kind.lastIndexOf('_');
        return at < 0 ? kind : kind.substring(at + 1);
    }

    /**
     * The id kind a parameter asks for, or null when it does not look like an id: an id's name, a
     * {@code uuid} format ({@code "uuid"}), or a description naming an identifier or handle for a
     * parameter whose name does not say it carries content ({@code "id"}).
     */
    static String parameterKind(String name, String description, String format) {
        String kind = kindOf(name);
        if (kind != null) {
            return kind;
        }
        if ("uuid".equals(format)) {
            return "uuid";
        }
        if (description == null || description.isEmpty()) {
            return null;
        }
        List<String> nameTokens = NameHints.tokens(name);
        for (String t : nameTokens) {
            if (CONTENT.contains(t)) {
                return null;
            }
        }
        for (String t : NameHints.tokens(description)) {
            if (DESCRIBED.contains(t)) {
                return t.equals("handle") ? "handle" : "id";
            }
        }
        return null;
    }

    /** True for the 8-4-4-4-12 hex form of a UUID. */
    public static boolean uuidShaped(String s) {
        if (s == null || s.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : Character.digit(c, 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True for a string that can be an id value: 1 to {@value #MAX_ID_LENGTH} characters, no
     * whitespace or control characters.
     */
    static boolean plausibleValue(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_ID_LENGTH) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                return false;
            }
        }
        return true;
    }
}
