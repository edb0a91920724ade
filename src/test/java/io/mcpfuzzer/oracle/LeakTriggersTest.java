package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Ascii;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-pass literal scan agrees with one {@code contains} per literal. */
class LeakTriggersTest {
    private static final List<List<String>> GROUPS = List.of(
            List.of(".java:", ".kt:"), List.of("(/", " /", " file:"), List.of("' panicked at"),
            List.of("sqlexception", "ora-", "syntax error near"));
    private static final boolean[] IGNORE_CASE = {false, false, false, true};
    private static final String[] PIECES = {".java:", ".JAVA:", ".kt", "kt:", "(/", "( /", " /", " file", "file:",
        "' panicked at", "' panicked", "SQLException", "sqlexcept", "OrA-", "ora", "Syntax Error Near", "syntax error",
        "x", " ", "\n", "é", "ſ", "K", "(", "/", ":", "'"};

    private static int expected(String text) {
        int mask = 0;
        for (int g = 0; g < GROUPS.size(); g++) {
            String t = IGNORE_CASE[g] ? Ascii.lower(text) : text;
            if (Ascii.containsAny(t, GROUPS.get(g).toArray(new String[0]))) {
                mask |= 1 << g;
            }
        }
        return mask;
    }

    @Test
    void agreesWithContainsOnRandomTextsOfLiteralPieces() {
        LeakTriggers triggers = new LeakTriggers(GROUPS, IGNORE_CASE);
        Random random = new Random(7);
        int nonEmpty = 0;
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            int pieces = random.nextInt(8);
            for (int i = 0; i < pieces; i++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            String text = sb.toString();
            int want = expected(text);
            int got = triggers.scan(text);
            assertThat(got).as(text).isEqualTo(want);
            nonEmpty += want != 0 ? 1 : 0;
        }
        assertThat(nonEmpty).isGreaterThan(5_000);
    }

    @Test
    void findsEachGroupAndNothingElse() {
        LeakTriggers triggers = new LeakTriggers(GROUPS, IGNORE_CASE);
        assertThat(triggers.scan("at Foo.main(Foo.java:12)")).isEqualTo(1);
        assertThat(triggers.scan("open /etc/x")).isEqualTo(2);
        assertThat(triggers.scan("thread 'main' panicked at src")).isEqualTo(4);
        assertThat(triggers.scan("ORA-00942 table")).isEqualTo(8);
        assertThat(triggers.scan("a plain answer without any of them")).isZero();
        assertThat(triggers.scan("")).isZero();
    }
}
