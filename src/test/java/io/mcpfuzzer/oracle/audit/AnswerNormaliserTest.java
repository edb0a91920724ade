package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Direct tests of {@link AnswerNormaliser}: placeholders, JSON key order, and the exact length bound. */
class AnswerNormaliserTest {
    @Test
    void volatileValuesBecomePlaceholders() {
        assertThat(AnswerNormaliser.normalise("at 2025-06-18T10:11:12Z id 123e4567-e89b-12d3-a456-426614174000"))
                .isEqualTo(AnswerNormaliser.normalise("at 2026-01-02T03:04:05Z id 00000000-0000-4000-8000-000000000000"));
        assertThat(AnswerNormaliser.normalise("took   12ms")).isEqualTo(AnswerNormaliser.normalise("took 480ms"));
        assertThat(AnswerNormaliser.normalise("count 1")).isNotEqualTo(AnswerNormaliser.normalise("count 2"));
        assertThat(AnswerNormaliser.normalise(null)).isEmpty();
    }

    @Test
    void jsonKeyOrderDoesNotMatter() {
        assertThat(AnswerNormaliser.normalise("{\"b\":1,\"a\":[true]}"))
                .isEqualTo(AnswerNormaliser.normalise("{ \"a\": [true], \"b\": 1 }"));
    }

    @Test
    void theLastCharacterComparedIsAtMaxChars() {
        int max = AnswerNormaliser.MAX_CHARS;
        String base = "z".repeat(max - 1);
        // character MAX_CHARS still counts
        assertThat(AnswerNormaliser.normalise(base + "y")).isNotEqualTo(AnswerNormaliser.normalise(base + "z"));
        // character MAX_CHARS + 1 does not
        assertThat(AnswerNormaliser.normalise(base + "zy")).isEqualTo(AnswerNormaliser.normalise(base + "zz"));
        assertThat(AnswerNormaliser.normalise(base + "zy")).hasSize(max);
    }
}
