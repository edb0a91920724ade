package io.mcpfuzzer.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EditDistanceTest {
    @Test
    void classicDistances() {
        assertThat(EditDistance.atMost("kitten", "sitting", 5)).isEqualTo(3);
        assertThat(EditDistance.atMost("", "abc", 5)).isEqualTo(3);
        assertThat(EditDistance.atMost("seed", "sed", 5)).isEqualTo(1);
        assertThat(EditDistance.atMost("same", "same", 0)).isZero();
    }

    @Test
    void beyondMaxIsMaxPlusOne() {
        assertThat(EditDistance.atMost("kitten", "sitting", 2)).isEqualTo(3);
        assertThat(EditDistance.atMost("kitten", "sitting", 3)).isEqualTo(3);
        assertThat(EditDistance.atMost("a", "abcdefgh", 1)).isEqualTo(2);
        assertThat(EditDistance.atMost("abcd", "wxyz", 1)).isEqualTo(2);
    }

    @Test
    void lengthLimitIsExact() {
        String atLimit = "a".repeat(EditDistance.MAX_LENGTH);
        String overLimit = "a".repeat(EditDistance.MAX_LENGTH + 1);
        assertThat(EditDistance.atMost(atLimit, atLimit.substring(1) + "b", 3)).isEqualTo(1);
        assertThat(EditDistance.atMost(overLimit, overLimit.substring(1) + "b", 3)).isEqualTo(4);
        assertThat(EditDistance.atMost(overLimit, overLimit, 3)).isZero();
    }
}
