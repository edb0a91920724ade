package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The markup scanners find exactly what the regular expressions they replace found (short random texts). */
class MarkupScannersTest {
    private static final Pattern ANSI = Pattern.compile("(?:\\x1b\\[|\\x9b)[0-?]*[ -/]*[@-~]|\\x1b\\][^\\x07\\x1b]*(?:\\x07|\\x1b\\\\)");
    private static final Pattern HTML_COMMENT = Pattern.compile("<!--(.*?)(?:-->|$)", Pattern.DOTALL);
    private static final Pattern PADDING = Pattern.compile("(?:[ \\t\\u00a0]{80,}|(?:\\r?\\n[ \\t]*){25,})(?=\\S)");

    private static final String[] PIECES = {"\u001b", "[", "]", "\u009b", "0;31", "m", " ", "\u0007", "\\", "x", "<!--",
        "-->", "--", ">", "\n", "\r", "\r\n", "\t", "\u00a0", " ".repeat(40), "\n".repeat(12), "\n  ".repeat(9), "\u0085",
        "a", "\u000b"};

    @Test
    void scannersAgreeWithTheReferencePatterns() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            int pieces = rnd.nextInt(1, 30);
            for (int i = 0; i < pieces; i++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            String text = sb.toString();
            assertThat(scan(text, MarkupScanners::ansi, false)).as("ansi in %s", text).isEqualTo(reference(ANSI, text, false));
            assertThat(scan(text, MarkupScanners::htmlComment, true)).as("comment in %s", text)
                    .isEqualTo(reference(HTML_COMMENT, text, true));
            assertThat(scan(text, MarkupScanners::padding, false)).as("padding in %s", text.chars().mapToObj(Integer::toHexString).toList())
                    .isEqualTo(reference(PADDING, text, false));
            assertThat(MarkupScanners.stripAnsi(text)).isEqualTo(ANSI.matcher(text).replaceAll(""));
        }
    }

    private static List<String> reference(Pattern p, String text, boolean group) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.start() + "-" + m.end() + (group ? ":" + m.group(1) : ""));
        }
        return out;
    }

    private static List<String> scan(String text, BiFunction<String, Integer, int[]> next, boolean group) {
        List<String> out = new ArrayList<>();
        int from = 0;
        int[] m;
        while (from <= text.length() && (m = next.apply(text, from)) != null) {
            out.add(m[0] + "-" + m[1] + (group ? ":" + text.substring(m[2], m[3]) : ""));
            from = m[1] > m[0] ? m[1] : m[1] + 1;
        }
        return out;
    }
}
