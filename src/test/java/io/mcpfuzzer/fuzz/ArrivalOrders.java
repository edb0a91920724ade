package io.mcpfuzzer.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** Orders in which concurrent runs' answers may arrive, for tests that their merge ignores the order. */
final class ArrivalOrders {
    private ArrivalOrders() {}

    /** {@code count} seeded shuffles of the run indexes {@code 0 .. runs - 1}, each a fresh list. */
    static List<List<Integer>> shuffled(int runs, int count) {
        List<List<Integer>> out = new ArrayList<>();
        for (long seed = 0; seed < count; seed++) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(seed));
            out.add(order);
        }
        return out;
    }
}
