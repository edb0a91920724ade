package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.report.text.ConsoleSummary;
import io.mcpfuzzer.report.text.TerminalText;
import org.junit.jupiter.api.Test;

class TerminalTextTest {
    private static void assertTerminalSafe(String text) {
        text.codePoints().forEach(cp -> {
            assertThat(cp < 0x20 && cp != '\n').as("C0 U+%04X", cp).isFalse();
            assertThat(cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)).as("DEL/C1 U+%04X", cp).isFalse();
            assertThat(TerminalText.isInvisibleControl(cp)).as("bidi U+%04X", cp).isFalse();
        });
    }

    @Test
    void escapeSequencesAndControlsBecomeVisible() {
        String out = TerminalText.safe("a\u001b[2Jb\u001b]8;;http://x\u0007c\u009b31md\r\n\t\u0000\u007f");
        assertThat(out).isEqualTo("a\\x1b[2Jb\\x1b]8;;http://x\\x07c\\u009b31md\\x0d\\x0a\\x09\\x00\\x7f");
        assertTerminalSafe(out);
    }

    @Test
    void bidiOverridesAndIsolatesAreShownNotApplied() {
        assertThat(TerminalText.safe("safe\u202etxt.exe\u2066x\u2069")).isEqualTo("safe<U+202E>txt.exe<U+2066>x<U+2069>");
    }

    @Test
    void lengthIsBoundedWithEllipsisAndSurrogatesSurvive() {
        assertThat(TerminalText.safe("x".repeat(1000), 10)).isEqualTo("x".repeat(9) + TerminalText.ELLIPSIS);
        assertThat(TerminalText.safe("0123456789", 10)).isEqualTo("0123456789");
        assertThat(TerminalText.safe("\u001b".repeat(10), 10)).hasSizeLessThanOrEqualTo(10).endsWith(TerminalText.ELLIPSIS);
        assertThat(TerminalText.safe("emoji \uD83D\uDE00 lone \uD800")).isEqualTo("emoji \uD83D\uDE00 lone \uFFFD");
        assertThat(TerminalText.safe(null)).isEmpty();
    }

    @Test
    void consoleSummaryIsTerminalSafeAndRedacted() {
        String plain = ConsoleSummary.render(Fixtures.summary("interrupted"), Fixtures.findings(), false);
        assertTerminalSafe(plain);
        assertThat(plain).contains("424242", "INTERRUPTED", "tool:echo", "critical 1", "crash", "\\x1b[2J", "<U+202E>")
                .doesNotContain("hunter2", "SECRET123", "a".repeat(36));
        String coloured = ConsoleSummary.render(Fixtures.summary("completed"), Fixtures.findings(), true);
        assertThat(coloured).contains("\u001b[1m", "\u001b[0m");
        assertThat(coloured.replaceAll("\u001b\\[[0-9;]*m", "")).doesNotContain("\u001b");
    }
}
