package io.mcpfuzzer.oracle.audit;

import java.util.ArrayList;
import java.util.List;

/**
 * Tells a stateful tool from a non-deterministic one, by answers to identical calls in the order they were
 * given: a counter ({@link #onlyCountersMoved}) or a record that only grows ({@link #onlyGrew}) is state the
 * calls themselves changed. Random values rarely move so. Stateless, thread-safe; linear in the answers' length.
 */
public final class StatefulAnswers {
    /** Digit runs longer than this are compared as text (no counter is that large). */
    private static final int MAX_DIGITS = 18;

    private StatefulAnswers() {}

    /**
     * True when the answers differ only as a counter or a growing record would ({@link #onlyCountersMoved},
     * {@link #onlyGrew}), or, for a tool whose name says it toggles, as a switch flipped by each call would
     * ({@link #alternates}: server-everything's {@code toggle-simulated-logging}).
     */
    public static boolean explained(List<String> inOrder, String toolName) {
        return onlyCountersMoved(inOrder) || onlyGrew(inOrder) || (togglesByName(toolName) && alternates(inOrder));
    }

    /** True when the name has a word toggle, switch or flip ({@code toggle-subscriber-updates}). */
    static boolean togglesByName(String toolName) {
        return toolName != null && java.util.Arrays.stream(toolName.toLowerCase(java.util.Locale.ROOT).split("[^a-z]+"))
                .anyMatch(w -> w.equals("toggle") || w.equals("switch") || w.equals("flip"));
    }

    /** True when there are at least three answers, alternating between exactly two (a, b, a, ...). */
    static boolean alternates(List<String> inOrder) {
        if (inOrder.size() < 3 || inOrder.get(0).equals(inOrder.get(1))) {
            return false;
        }
        for (int i = 2; i < inOrder.size(); i++) {
            if (!inOrder.get(i).equals(inOrder.get(i - 2))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when there are at least three answers and each one's words are the previous one's in order, with
     * more added, some of them no number: a task list showing one more row per call (a list of random ids of
     * growing length adds numbers only).
     */
    public static boolean onlyGrew(List<String> inOrder) {
        if (inOrder.size() < 3) {
            return false;
        }
        List<String> before = words(inOrder.get(0));
        for (int i = 1; i < inOrder.size(); i++) {
            List<String> after = words(inOrder.get(i));
            if (after.size() <= before.size() || !grewByWords(before, after)) {
                return false;
            }
            before = after;
        }
        return true;
    }

    /**
     * True when {@code small} is a subsequence of {@code large} and some word {@code large} adds is no number: a
     * list of random ids of growing length adds numbers only.
     */
    private static boolean grewByWords(List<String> small, List<String> large) {
        int k = 0;
        boolean wordAdded = false;
        for (int j = 0; j < large.size(); j++) {
            if (k < small.size() && large.get(j).equals(small.get(k))) {
                k++;
            } else if (!large.get(j).equals("#")) {
                wordAdded = true;
            }
        }
        return k == small.size() && wordAdded;
    }

    /** Runs of letters, and runs of digits as {@code #} (a count beside a growing list may move). */
    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        for (int k = 0; k <= s.length(); k++) {
            char c = k < s.length() ? s.charAt(k) : ' ';
            boolean digit = isDigit(c);
            boolean letter = !digit && Character.isLetter(c);
            boolean boundary = w.length() > 0 && (!(digit || letter) || (digit != (w.charAt(0) == '#')));
            if (boundary) {
                out.add(w.toString());
                w.setLength(0);
            }
            if (digit && w.length() == 0) {
                w.append('#');
            } else if (letter) {
                w.append(c);
            }
        }
        return out;
    }

    /**
     * True when there are at least three answers, they split into the same text between their digit runs,
     * at least one digit run differs, and every differing one moves by the same positive step at each call.
     */
    public static boolean onlyCountersMoved(List<String> inOrder) {
        if (inOrder.size() < 3) {
            return false;
        }
        List<List<String>> split = new ArrayList<>();
        for (String answer : inOrder) {
            split.add(parts(answer));
        }
        int n = split.get(0).size();
        boolean moved = false;
        for (List<String> p : split) {
            if (p.size() != n) {
                return false;
            }
        }
        for (int k = 0; k < n; k++) {
            String first = split.get(0).get(k);
            boolean digits = (k & 1) == 1;
            boolean same = true;
            for (List<String> p : split) {
                same &= p.get(k).equals(first);
            }
            if (same) {
                continue;
            }
            if (!digits || !steadyStep(split, k)) {
                return false;
            }
            moved = true;
        }
        return moved;
    }

    private static boolean steadyStep(List<List<String>> split, int k) {
        long step = 0;
        for (int i = 1; i < split.size(); i++) {
            String a = split.get(i - 1).get(k);
            String b = split.get(i).get(k);
            if (a.length() > MAX_DIGITS || b.length() > MAX_DIGITS) {
                return false;
            }
            long d = Long.parseLong(b) - Long.parseLong(a);
            if (d <= 0 || (step != 0 && d != step)) {
                return false;
            }
            step = d;
        }
        return true;
    }

    /** Text and digit runs alternating, starting (and ending) with text, possibly empty: even = text, odd = digits. */
    private static List<String> parts(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int k = 0;
        while (k < s.length()) {
            if (isDigit(s.charAt(k))) {
                out.add(s.substring(start, k));
                int end = k;
                while (end < s.length() && isDigit(s.charAt(end))) {
                    end++;
                }
                out.add(s.substring(k, end));
                start = end;
                k = end;
            } else {
                k++;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
