package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shards of a campaign partition its work items: each item belongs to exactly one shard. */
class ShardFilterTest {
    @Test
    void everyItemBelongsToExactlyOneShard() {
        int[] perShard = new int[3];
        for (String kind : List.of("tool", "protocol", "frame", "resource", "prompt")) {
            for (String target : List.of("echo", "tools/call", "file:///a", "x", "")) {
                for (int run = 0; run < 200; run++) {
                    int owners = 0;
                    for (int k = 0; k < 3; k++) {
                        if (new ShardFilter(k, 3).owns(kind, target, run)) {
                            owners++;
                            perShard[k]++;
                        }
                    }
                    assertThat(owners).as("%s %s %d", kind, target, run).isEqualTo(1);
                }
            }
        }
        for (int n : perShard) {
            assertThat(n).as("balance over 5000 items").isBetween(1500, 1840);
        }
    }

    @Test
    void theUnshardedFilterOwnsEverythingAndDoesTheOneOffWork() {
        assertThat(ShardFilter.ALL.owns("tool", "anything", 12345)).isTrue();
        assertThat(ShardFilter.ALL.first()).isTrue();
        assertThat(new ShardFilter(1, 2).first()).isFalse();
        assertThat(new ShardFilter(1, 2)).hasToString("2/2");
    }

    @Test
    void theHashIsStable() {
        // pinned: a change would move work between shards of campaigns already split
        assertThat(ShardFilter.hash("tool", "echo", 0)).isEqualTo(ShardFilter.hash("tool", "echo", 0));
        assertThat(ShardFilter.hash("tool", "echo", 0)).isNotEqualTo(ShardFilter.hash("tool", "echo", 1));
        assertThat(ShardFilter.hash("tool", "echo0", 1)).isNotEqualTo(ShardFilter.hash("tool", "echo", 01));
    }

    @Test
    void rejectsAnIndexOutsideTheCount() {
        assertThatThrownBy(() -> new ShardFilter(3, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ShardFilter(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
