package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Finds, in one text a server wrote, the values it names as the ones it accepts:
 * <ul>
 *   <li>a noun after {@code available}, {@code supported}, {@code valid}, {@code allowed},
 *       {@code accepted}, {@code known}, {@code existing} or {@code possible} (at most
 *       {@value #NOUN_WORDS} words, or the words after {@code for}), then {@code :} or
 *       {@code are}/{@code is}/{@code include}, then the list: "Available schemas: main",
 *       "Supported formats are png, jpeg", "Valid values for 'format': a, b" (after the verb without a
 *       colon, one bare value is prose: "A valid id is required" names no id; a quoted one counts);</li>
 *   <li>{@code one of} ("must be one of: a, b", "Expected one of 'x' | 'y'"), {@code Expected}
 *       right before a quoted value ("Expected 'x' | 'y', received 'z'") and {@code did you mean}
 *       ("Did you mean 'foo'?"): lists without a noun of their own; the word before {@code must be}
 *       or {@code should be} is kept as their subject ("format must be one of: png, jpeg").</li>
 * </ul>
 * The list after the marker is read by {@link HintList}.
 *
 * <p>Bounded and linear: at most {@value #MAX_HINTS} hints per text, {@value #MAX_VALUES} values per
 * hint (a longer list is cut, the scan goes on after the part read), values of 1 to
 * {@value #MAX_VALUE_CHARS} characters holding a letter or digit and no control character; every
 * look ahead or back from a word is bounded by a constant, and the scan never goes back before a list
 * it has read, so the work is linear in the text (the caller cuts the text). No regular expressions.
 * Stateless.
 */
final class HintScanner extends HintText {
    static final int MAX_HINTS = 4;
    static final int MAX_VALUES = 16;
    static final int MAX_VALUE_CHARS = 100;
    static final int NOUN_WORDS = 3;
    static final int ITEM_WORDS = 3;
    /** Words that open a hint with a noun of its own. */
    static final Set<String> OPENERS = Set.of("available", "supported", "valid", "allowed", "accepted", "known",
            "existing", "possible");
    private static final Set<String> VERBS = Set.of("are", "is", "include", "includes");
    private static final Set<String> MODALS = Set.of("must", "should", "can", "to");

    /**
     * One hint.
     *
     * @param noun    the key ({@link HintNouns#key}) of the noun the text names, or null for a list without one
     * @param subject the word before {@code must be}, {@code should be} (null when none)
     * @param at      where the hint's marker starts in the text
     * @param values  the values, in text order, without duplicates (1 to {@value #MAX_VALUES})
     */
    record Raw(String noun, String subject, int at, List<String> values) {}

    private final HintList lists;

    private HintScanner(String text) {
        super(text);
        this.lists = new HintList(text);
    }

    /** The hints in {@code text} (read whole: the caller cuts it), in text order; never null. */
    static List<Raw> scan(String text) {
        List<Raw> out = new ArrayList<>();
        if (text != null) {
            new HintScanner(text).scan(out);
        }
        return out;
    }

    private void scan(List<Raw> out) {
        int i = 0;
        while (i < n && out.size() < MAX_HINTS) {
            if (!letter(s.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            i = wordEnd(i);
            int next = marker(start, i, out);
            if (next > i) {
                i = next;
            }
        }
    }

    /** Reads a hint whose marker word is {@code [ws, we)}; returns where the scan goes on, or -1 for none. */
    private int marker(int ws, int we, List<Raw> out) {
        int len = we - ws;
        if (len < 3 || len > 9 || "asvkepodASVKEPOD".indexOf(s.charAt(ws)) < 0) {
            return -1; // no marker word has that length or first letter: most words end here, unallocated
        }
        String word = s.substring(ws, we).toLowerCase(java.util.Locale.ROOT);
        if (OPENERS.contains(word)) {
            return nounList(ws, we, out);
        }
        int q = blanks(we);
        if (word.equals("one") && isWord(q, "of")) {
            return list(null, subjectBefore(ws), ws, q + 2, false, out);
        }
        if (word.equals("expected") && q < n && quote(s.charAt(q)) != 0) {
            return list(null, subjectBefore(ws), ws, q, true, out);
        }
        if (word.equals("did") && isWord(q, "you")) {
            int m = blanks(q + 3);
            return isWord(m, "mean") ? list(null, null, ws, m + 4, false, out) : -1;
        }
        return -1;
    }

    /** After an opener: the noun words, then {@code :} or a verb, then the list. */
    private int nounList(int ws, int we, List<Raw> out) {
        List<String> words = new ArrayList<>();
        int q = we;
        boolean ended = false;
        for (int w = 0; w <= NOUN_WORDS + 1 && !ended; w++) {
            q = blanks(q);
            if (q < n && s.charAt(q) == ':') {
                ended = true;
                break;
            }
            int start = q < n && quote(s.charAt(q)) != 0 ? q + 1 : q;
            int end = nameEnd(start);
            if (end == start || end - start > MAX_WORD) {
                return -1;
            }
            String word = s.substring(start, end).toLowerCase(java.util.Locale.ROOT);
            q = end < n && quote(s.charAt(end)) != 0 ? end + 1 : end;
            if (VERBS.contains(word)) {
                ended = true;
                break;
            }
            if (word.equals("for")) {
                words.clear(); // "valid values for schema": the noun follows
            } else {
                words.add(word);
            }
            if (words.size() > NOUN_WORDS) {
                return -1;
            }
        }
        if (!ended || words.isEmpty()) {
            return -1;
        }
        String noun = HintNouns.key(String.join(" ", words));
        int first = blanks(q);
        // "A valid id is required", "Available memory is low": one bare word after the verb is prose, not a list
        boolean bareAfterVerb = first < n && Character.isLetterOrDigit(s.charAt(first));
        return list(HintNouns.generic(noun) ? null : noun, null, ws, q, false, bareAfterVerb ? 2 : 1, out);
    }

    private int list(String noun, String subject, int at, int p, boolean quotedOnly, List<Raw> out) {
        return list(noun, subject, at, p, quotedOnly, 1, out);
    }

    /** Parses the list at {@code p}; adds a hint when it holds at least {@code least} values. */
    private int list(String noun, String subject, int at, int p, boolean quotedOnly, int least, List<Raw> out) {
        List<String> values = new ArrayList<>();
        int end = lists.read(p, quotedOnly, values);
        if (values.size() >= least) {
            out.add(new Raw(noun, subject, at, List.copyOf(values)));
        }
        return end;
    }

    /**
     * The word before {@code must be} / {@code should be} ending just before {@code ws}, quotes and a
     * colon skipped, or null.
     */
    private String subjectBefore(int ws) {
        int q = backBlanks(ws);
        int beStart = backWordStart(q);
        if (!s.substring(beStart, q).equalsIgnoreCase("be")) {
            return null;
        }
        q = backBlanks(beStart);
        int modalStart = backWordStart(q);
        if (!MODALS.contains(s.substring(modalStart, q).toLowerCase(java.util.Locale.ROOT))) {
            return null;
        }
        q = backBlanks(modalStart);
        while (q > 0 && modalStart - q < 4 && (quote(s.charAt(q - 1)) != 0 || s.charAt(q - 1) == ':')) {
            q--;
        }
        int start = q;
        while (start > 0 && q - start < MAX_WORD && nameChar(s.charAt(start - 1))) {
            start--;
        }
        return start < q ? s.substring(start, q) : null;
    }

}
