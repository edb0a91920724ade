package io.mcpfuzzer.safety;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the {@link DangerRules} expressions only where a match can start, so that a value of megabytes
 * costs one linear pass of plain character tests instead of a regular-expression attempt at every
 * position. Stateless, thread-safe.
 *
 * <p>Each method returns exactly what {@code pattern.matcher(value).find()} would (the same first,
 * leftmost match, the same group), or null where {@code find()} finds nothing: every position where a
 * match could start is a candidate, candidates are tried in ascending order, and each try is a
 * {@code lookingAt} over the region {@code [candidate, end)} with transparent bounds (so {@code \b}
 * sees the character before) and without anchoring bounds (so {@code ^} still means the value's start).
 * Which positions are candidates follows from the expression's text, fixed in {@link DangerRules};
 * a change there must be mirrored here (the equivalence tests compare both on many look-alikes).
 */
final class RuleCandidates {
    /** The command words of DangerRules' destructive-command rule, and {@code sudo}, in lower case. */
    private static final String[] COMMAND_WORDS = {"rm", "mkfs", "wipefs", "shred", "fdisk", "sfdisk", "parted",
        "dd", "shutdown", "reboot", "halt", "poweroff", "init", "systemctl", "chmod", "chown", "sudo"};
    /** Sensitive-file literals that start with {@code .}; the match starts at the dot. */
    private static final String[] DOT_LITERALS = {".ssh/", ".aws/credentials", ".kube/config", ".gnupg/", ".netrc",
        ".docker/config.json"};

    private RuleCandidates() {}

    /**
     * For the destructive-command rule: a match starts at 0 ({@code ^}), at one of {@code ; & | \n ` (}
     * or at {@code $(}; after it and any whitespace comes {@code sudo} or a command word (ASCII case
     * ignored, as the expression's CASE_INSENSITIVE does). Positions whose whitespace run ends at the
     * same place share the rest of the attempt, so one failed try there stands for all of them.
     */
    static Matcher firstCommandMatch(Pattern pattern, String value) {
        int n = value.length();
        Matcher m = null;
        int failedAt = -1;
        int runFrom = -1;
        int runTo = -1;
        for (int p = 0; p < n; p++) {
            char c = value.charAt(p);
            int after;
            if (c == ';' || c == '&' || c == '|' || c == '\n' || c == '`' || c == '(') {
                after = p + 1;
            } else if (c == '$' && p + 1 < n && value.charAt(p + 1) == '(') {
                after = p + 2;
            } else if (p == 0) {
                after = -1;
            } else {
                continue;
            }
            int q1 = -1;
            if (p == 0) {
                q1 = skipSpace(value, 0, runFrom, runTo);
                runFrom = 0;
                runTo = q1;
            }
            int q2 = -1;
            if (after >= 0) {
                q2 = after <= runTo && after >= runFrom ? runTo : skipSpace(value, after, -1, -1);
                runFrom = after;
                runTo = q2;
            }
            boolean worth = (q1 >= 0 && q1 != failedAt && startsWithCommandWord(value, q1))
                    || (q2 >= 0 && q2 != failedAt && startsWithCommandWord(value, q2));
            if (!worth) {
                continue;
            }
            if (m == null) {
                m = pattern.matcher(value).useTransparentBounds(true).useAnchoringBounds(false);
            }
            if (m.region(p, n).lookingAt()) {
                return m;
            }
            failedAt = Math.max(q1, q2);
        }
        return null;
    }

    /**
     * For the anywhere part of destructive-command: the fork bomb starts at a {@code :} (and needs a
     * {@code {}), the block-device redirect at a {@code >} (and needs {@code /dev/}); after either and
     * any whitespace must come {@code (} or {@code /dev/}. A whitespace run lies between two such
     * characters, so each is skipped at most once.
     */
    static Matcher firstAnywhereMatch(Pattern pattern, String value) {
        boolean colons = value.indexOf('{') >= 0;
        boolean arrows = value.contains("/dev/");
        if (!colons && !arrows) {
            return null;
        }
        int n = value.length();
        Matcher m = null;
        for (int p = 0; p < n; p++) {
            char c = value.charAt(p);
            if ((c == ':' && colons) || (c == '>' && arrows)) {
                int q = skipSpace(value, p + 1, -1, -1);
                if (c == ':' ? q >= n || value.charAt(q) != '(' : !value.startsWith("/dev/", q)) {
                    continue;
                }
                if (m == null) {
                    m = pattern.matcher(value).useTransparentBounds(true).useAnchoringBounds(false);
                }
                if (m.region(p, n).lookingAt()) {
                    return m;
                }
            }
        }
        return null;
    }

    /**
     * For the sensitive-file rule: every alternative holds a literal at a fixed offset from where its
     * match starts ({@code etc/}, {@code /root/} one character after, the dot names, {@code /proc/},
     * {@code /dev/}, {@code docker.sock}), and each literal holds a {@code /} or a {@code .}, at most
     * six characters after the match start.
     */
    static Matcher firstSensitiveMatch(Pattern pattern, String value) {
        int n = value.length();
        Matcher m = null;
        int best = -1;
        for (int i = 0; i < n; i++) {
            if (best >= 0 && i > best + 6) {
                break;
            }
            char c = value.charAt(i);
            if (c != '/' && c != '.') {
                continue;
            }
            int a = -1;
            int b = -1;
            if (c == '/') {
                if (i >= 3 && value.startsWith("etc/", i - 3)) {
                    a = i - 3;
                }
                if (value.startsWith("/root/", i)) {
                    b = i == 0 ? 0 : i - 1;
                } else if (value.startsWith("/proc/", i) || value.startsWith("/dev/", i)) {
                    b = i;
                }
            } else {
                if (i >= 6 && value.startsWith("docker.sock", i - 6)) {
                    a = i - 6;
                }
                for (String lit : DOT_LITERALS) {
                    if (value.startsWith(lit, i)) {
                        b = i;
                        break;
                    }
                }
            }
            for (int cand : new int[] {a, b}) {
                if (cand < 0 || (best >= 0 && cand >= best)) {
                    continue;
                }
                if (m == null) {
                    m = pattern.matcher(value).useTransparentBounds(true).useAnchoringBounds(false);
                }
                if (m.region(cand, n).lookingAt()) {
                    best = cand;
                }
            }
        }
        if (best < 0) {
            return null;
        }
        m.region(best, n).lookingAt();
        return m;
    }

    private static int skipSpace(String value, int from, int knownFrom, int knownTo) {
        if (from >= knownFrom && from <= knownTo && knownFrom >= 0) {
            return knownTo;
        }
        int i = from;
        while (i < value.length() && isRegexSpace(value.charAt(i))) {
            i++;
        }
        return i;
    }

    /** {@code \s} of java.util.regex without UNICODE_CHARACTER_CLASS. */
    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    private static boolean startsWithCommandWord(String value, int at) {
        if (at >= value.length()) {
            return false;
        }
        char first = asciiLower(value.charAt(at));
        for (String w : COMMAND_WORDS) {
            if (w.charAt(0) == first && at + w.length() <= value.length() && matchesLower(value, at, w)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesLower(String value, int at, String word) {
        for (int k = 0; k < word.length(); k++) {
            if (asciiLower(value.charAt(at + k)) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static char asciiLower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }
}
