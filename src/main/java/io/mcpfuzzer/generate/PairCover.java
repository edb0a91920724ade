package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;

/**
 * A greedy pairwise covering array (AETG style, deterministic): rows that assign one value index
 * to every factor such that for every two factors every pair of their values appears in at least
 * one row. Each row starts from the first uncovered pair; every other factor takes the value that
 * covers most still-uncovered pairs with the factors already set (ties: the lowest index). The
 * row count is close to the product of the two largest value counts. Stateless.
 */
final class PairCover {
    private PairCover() {}

    /**
     * @param sizes number of values of each factor (each at least 1); fewer than two factors give no rows
     * @return rows, each an array of value indexes, one per factor
     */
    static List<int[]> rows(int[] sizes) {
        int k = sizes.length;
        List<int[]> rows = new ArrayList<>();
        if (k < 2) {
            return rows;
        }
        boolean[][][][] covered = new boolean[k][k][][];
        long uncovered = 0;
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                covered[i][j] = new boolean[sizes[i]][sizes[j]];
                uncovered += (long) sizes[i] * sizes[j];
            }
        }
        while (uncovered > 0) {
            int[] row = new int[k];
            java.util.Arrays.fill(row, -1);
            seed(covered, sizes, row);
            for (int f = 0; f < k; f++) {
                if (row[f] >= 0) {
                    continue;
                }
                int best = 0;
                int bestGain = -1;
                for (int value = 0; value < sizes[f]; value++) {
                    int gain = 0;
                    for (int g = 0; g < k; g++) {
                        if (g != f && row[g] >= 0 && !isCovered(covered, f, value, g, row[g])) {
                            gain++;
                        }
                    }
                    if (gain > bestGain) {
                        best = value;
                        bestGain = gain;
                    }
                }
                row[f] = best;
            }
            for (int i = 0; i < k; i++) {
                for (int j = i + 1; j < k; j++) {
                    if (!covered[i][j][row[i]][row[j]]) {
                        covered[i][j][row[i]][row[j]] = true;
                        uncovered--;
                    }
                }
            }
            rows.add(row);
        }
        return rows;
    }

    /** Sets the two factors of the first uncovered pair. */
    private static void seed(boolean[][][][] covered, int[] sizes, int[] row) {
        for (int i = 0; i < sizes.length; i++) {
            for (int j = i + 1; j < sizes.length; j++) {
                for (int a = 0; a < sizes[i]; a++) {
                    for (int b = 0; b < sizes[j]; b++) {
                        if (!covered[i][j][a][b]) {
                            row[i] = a;
                            row[j] = b;
                            return;
                        }
                    }
                }
            }
        }
    }

    private static boolean isCovered(boolean[][][][] covered, int f, int fv, int g, int gv) {
        return f < g ? covered[f][g][fv][gv] : covered[g][f][gv][fv];
    }
}
