package io.mcpfuzzer.generate.regex;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** An immutable set of code points stored as sorted, merged, inclusive ranges. */
final class CharSet {
    static final int PRINTABLE_LO = 0x20;
    static final int PRINTABLE_HI = 0x7E;

    private final int[] los;
    private final int[] his;
    private final long size;

    private CharSet(List<int[]> ranges) {
        List<int[]> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> Integer.compare(a[0], b[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] r : sorted) {
            if (!merged.isEmpty() && r[0] <= merged.get(merged.size() - 1)[1] + 1) {
                int[] last = merged.get(merged.size() - 1);
                last[1] = Math.max(last[1], r[1]);
            } else {
                merged.add(new int[] {r[0], r[1]});
            }
        }
        los = new int[merged.size()];
        his = new int[merged.size()];
        long total = 0;
        for (int i = 0; i < merged.size(); i++) {
            los[i] = merged.get(i)[0];
            his[i] = merged.get(i)[1];
            total += his[i] - los[i] + 1L;
        }
        size = total;
    }

    static CharSet of(List<int[]> ranges) {
        return new CharSet(ranges);
    }

    static CharSet range(int lo, int hi) {
        return new CharSet(List.of(new int[] {Math.min(lo, hi), Math.max(lo, hi)}));
    }

    static CharSet single(int cp) {
        return range(cp, cp);
    }

    static CharSet digits() {
        return range('0', '9');
    }

    static CharSet word() {
        return of(List.of(new int[] {'a', 'z'}, new int[] {'A', 'Z'}, new int[] {'0', '9'}, new int[] {'_', '_'}));
    }

    static CharSet space() {
        return of(List.of(new int[] {' ', ' '}, new int[] {'\t', '\t'}));
    }

    /** Printable ASCII (the universe for negations and '.'). */
    static CharSet printable() {
        return range(PRINTABLE_LO, PRINTABLE_HI);
    }

    boolean isEmpty() {
        return size == 0;
    }

    List<int[]> ranges() {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < los.length; i++) {
            out.add(new int[] {los[i], his[i]});
        }
        return out;
    }

    /** Printable ASCII minus this set. */
    CharSet complementInPrintable() {
        List<int[]> out = new ArrayList<>();
        int next = PRINTABLE_LO;
        for (int i = 0; i < los.length && next <= PRINTABLE_HI; i++) {
            if (his[i] < next) {
                continue;
            }
            if (los[i] > next) {
                out.add(new int[] {next, Math.min(los[i] - 1, PRINTABLE_HI)});
            }
            next = Math.max(next, his[i] + 1);
        }
        if (next <= PRINTABLE_HI) {
            out.add(new int[] {next, PRINTABLE_HI});
        }
        return of(out);
    }

    /** Adds upper/lower-case variants of ASCII letters (for the {@code i} flag). */
    CharSet caseInsensitive() {
        List<int[]> out = ranges();
        for (int i = 0; i < los.length; i++) {
            int lo = Math.max(los[i], 'a');
            int hi = Math.min(his[i], 'z');
            if (lo <= hi) {
                out.add(new int[] {lo - 32, hi - 32});
            }
            lo = Math.max(los[i], 'A');
            hi = Math.min(his[i], 'Z');
            if (lo <= hi) {
                out.add(new int[] {lo + 32, hi + 32});
            }
        }
        return of(out);
    }

    int pick(SplittableRandom random) {
        for (int attempt = 0; attempt < 8; attempt++) {
            int cp = pickOnce(random);
            if (cp < 0xD800 || cp > 0xDFFF) {
                return cp;
            }
        }
        return los[0] >= 0xD800 && los[0] <= 0xDFFF ? 'a' : los[0];
    }

    private int pickOnce(SplittableRandom random) {
        long index = random.nextLong(size);
        for (int i = 0; i < los.length; i++) {
            long width = his[i] - los[i] + 1L;
            if (index < width) {
                return (int) (los[i] + index);
            }
            index -= width;
        }
        return los[0];
    }
}
