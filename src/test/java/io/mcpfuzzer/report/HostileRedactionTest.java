package io.mcpfuzzer.report;

import static io.mcpfuzzer.testsupport.HostileText.onSmallStack;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.report.text.TerminalText;
import io.mcpfuzzer.testsupport.HostileText;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Redaction and terminal rendering of 100,000-character worst cases and of hostile documents, on a small stack. */
class HostileRedactionTest {
    private final Redactor redactor = Redactor.standard();

    @Test
    void worstCaseRunsAreRedactedWithoutFailure() {
        for (Map.Entry<String, String> c : HostileText.cases().entrySet()) {
            String out = onSmallStack(() -> redactor.redact(c.getValue()));
            if (!c.getKey().equals("key_values") && !c.getKey().equals("private_key_opens")) {
                assertThat(out).as(c.getKey()).isEqualTo(c.getValue());
            }
            assertThat(onSmallStack(() -> TerminalText.safe(c.getValue()))).as(c.getKey()).hasSizeLessThanOrEqualTo(
                    TerminalText.DEFAULT_MAX * 6);
        }
    }

    @Test
    void secretsAfterHostileRunsAreStillMasked() {
        String token = "ghp_" + "a".repeat(36);
        assertThat(onSmallStack(() -> redactor.redact("\n".repeat(100_000) + "Authorization: Bearer " + token)))
                .doesNotContain(token);
        assertThat(onSmallStack(() -> redactor.redact("-----BEGIN PRIVATE KEY-----".repeat(3_000) + "MIIEv")))
                .doesNotContain("MIIEv");
    }

    @Test
    void manyKeysRedactingAlikeStayDistinct() {
        ObjectNode doc = Json.object();
        for (int i = 0; i < 20_000; i++) {
            doc.put("Bearer abcdefghijkl" + i, i);
        }
        JsonNode out = onSmallStack(() -> redactor.redact(doc));
        assertThat(out.size()).isEqualTo(20_000);
        assertThat(out.toString()).doesNotContain("abcdefghijkl");
    }
}
