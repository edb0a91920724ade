package io.mcpfuzzer.oracle.audit;

/**
 * Finds the encoded runs {@link EncodedPayloads} decodes, with hand scanners instead of regular
 * expressions: each call to {@link Kind#next} reads every character at most a bounded number of times,
 * so all runs of a text are found in linear time and without recursion, however long the run.
 * Each kind finds exactly what its documented pattern would (leftmost first, then from the end of
 * the previous run). Stateless.
 */
final class EncodedRuns {
    private EncodedRuns() {}

    /** One encoding's run finder. */
    enum Kind {
        /** {@code (?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])}. */
        BASE64,
        /** {@code (?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,}(?![0-9A-Fa-f])}. */
        HEX,
        /** {@code (?:\\x[0-9A-Fa-f]{2}){6,}}. */
        X_ESCAPES,
        /** {@code [^\s%]*(?:%[0-9A-Fa-f]{2}[^\s%]*){3,}}. */
        PERCENT,
        /** {@code (?:\\u[0-9A-Fa-f]{4}){4,}}. */
        U_ESCAPES,
        /** {@code (?:&#(?:x[0-9A-Fa-f]{1,6}|[0-9]{1,7});){4,}}. */
        ENTITIES;

        /** {start, end} of the first run at or after {@code from}, or null. */
        int[] next(String s, int from) {
            switch (this) {
                case BASE64: return base64(s, from);
                case HEX: return hex(s, from);
                case X_ESCAPES: return units(s, from, '\\', EncodedRuns::xEscape, 6);
                case PERCENT: return percent(s, from);
                case U_ESCAPES: return units(s, from, '\\', EncodedRuns::uEscape, 4);
                default: return units(s, from, '&', EncodedRuns::entity, 4);
            }
        }
    }

    /** Length of the unit starting at i, or 0 when none starts there. */
    private interface Unit {
        int at(String s, int i);
    }

    private static int[] base64(String s, int from) {
        int n = s.length();
        int i = from;
        while (i < n) {
            if (!b64(s.charAt(i)) || (i > 0 && (b64(s.charAt(i - 1)) || s.charAt(i - 1) == '='))) {
                i++;
                continue;
            }
            int e = i;
            while (e < n && b64(s.charAt(e))) {
                e++;
            }
            int q = e;
            while (q < n && s.charAt(q) == '=') {
                q++;
            }
            if (e - i >= 16 && q - e <= 2 && (q == n || !b64(s.charAt(q)))) {
                return new int[] {i, q};
            }
            i = q;
        }
        return null;
    }

    private static int[] hex(String s, int from) {
        int n = s.length();
        int i = from;
        while (i < n) {
            if (!hexDigit(s.charAt(i)) || (i > 0 && hexDigit(s.charAt(i - 1)))) {
                i++;
                continue;
            }
            int e = i;
            while (e < n && hexDigit(s.charAt(e))) {
                e++;
            }
            if (e - i >= 24 && (e - i) % 2 == 0) {
                return new int[] {i, e};
            }
            i = e;
        }
        return null;
    }

    /** The leftmost chain of at least min consecutive units; a unit starts with {@code first}. */
    private static int[] units(String s, int from, char first, Unit unit, int min) {
        int i = s.indexOf(first, from);
        while (i >= 0) {
            int e = i;
            int count = 0;
            int len;
            while ((len = unit.at(s, e)) > 0) {
                e += len;
                count++;
            }
            if (count >= min) {
                return new int[] {i, e};
            }
            i = s.indexOf(first, Math.max(e, i + 1));
        }
        return null;
    }

    private static int xEscape(String s, int i) {
        return i + 4 <= s.length() && s.charAt(i) == '\\' && s.charAt(i + 1) == 'x' && hexDigit(s.charAt(i + 2))
                && hexDigit(s.charAt(i + 3)) ? 4 : 0;
    }

    private static int uEscape(String s, int i) {
        if (i + 6 > s.length() || s.charAt(i) != '\\' || s.charAt(i + 1) != 'u') {
            return 0;
        }
        for (int k = i + 2; k < i + 6; k++) {
            if (!hexDigit(s.charAt(k))) {
                return 0;
            }
        }
        return 6;
    }

    private static int entity(String s, int i) {
        if (i + 2 >= s.length() || s.charAt(i) != '&' || s.charAt(i + 1) != '#') {
            return 0;
        }
        boolean hex = s.charAt(i + 2) == 'x';
        int start = hex ? i + 3 : i + 2;
        int max = hex ? 6 : 7;
        int e = start;
        while (e < s.length() && e - start <= max && (hex ? hexDigit(s.charAt(e)) : isDigit(s.charAt(e)))) {
            e++;
        }
        int digits = e - start;
        return digits >= 1 && digits <= max && e < s.length() && s.charAt(e) == ';' ? e + 1 - i : 0;
    }

    private static int[] percent(String s, int from) {
        int n = s.length();
        int x = from;
        while (x < n) {
            if (space(s.charAt(x))) {
                x++;
                continue;
            }
            int q = x;
            while (q < n && s.charAt(q) != '%' && !space(s.charAt(q))) {
                q++;
            }
            if (q >= n || space(s.charAt(q))) {
                x = q;
                continue;
            }
            int e = q;
            int count = 0;
            while (e + 2 < n && s.charAt(e) == '%' && hexDigit(s.charAt(e + 1)) && hexDigit(s.charAt(e + 2))) {
                e += 3;
                count++;
                while (e < n && s.charAt(e) != '%' && !space(s.charAt(e))) {
                    e++;
                }
            }
            if (count >= 3) {
                return new int[] {x, e};
            }
            x = e < n && s.charAt(e) == '%' ? e + 1 : e;
        }
        return null;
    }

    private static boolean b64(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || isDigit(c) || c == '+' || c == '/' || c == '_' || c == '-';
    }

    private static boolean hexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** {@code \s} of java.util.regex: space, tab, LF, VT, FF, CR. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
