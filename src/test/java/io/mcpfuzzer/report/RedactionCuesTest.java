package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The redaction's literal pre-checks (cues) never skip a rule that would have matched: credential
 * names split by separators or in odd case, every key shape, and texts whose only cue sits across
 * a separator are still masked; texts without any cue come back unchanged.
 */
class RedactionCuesTest {
    private final Redactor redactor = Redactor.standard();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "pass-word=hunter2xyz | pass-word=[REDACTED]",
        "Pass.Word: hunter2xyz | Pass.Word: [REDACTED]",
        "{\"API_KEY\":\"abc123def456\"} | {\"API_KEY\":\"[REDACTED]\"}",
        "x_Au-th_To.ken=abc123def456 | x_Au-th_To.ken=[REDACTED]",
        "run --Api-Key abc123def456 now | run --Api-Key [REDACTED] now",
        "SESSION=abc123def456 | SESSION=[REDACTED]",
        "Authorization: BEARER abc123def456 | Authorization: BEARER [REDACTED]",
        "see https://user:pa55word@example.com/x | see https://[REDACTED]@example.com/x",
        "GET /x?SIG=abcdef123 | GET /x?SIG=[REDACTED]",
        "id AKIAABCDEFGHIJKLMNOP here | id [REDACTED] here",
    })
    void credentialsAreStillMasked(String text, String expected) {
        assertThat(redactor.redact(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"content\":[{\"type\":\"text\",\"text\":\"weather forecast meadow pixel 2\"}]}",
        "max_tokens=100 progressToken=abc nextPageToken=xyz",
        "plain words, numbers 12345 and = signs : colons",
    })
    void textsWithoutCredentialsAreUnchanged(String text) {
        assertThat(redactor.redact(text)).isEqualTo(text);
    }
}
