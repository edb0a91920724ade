package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The escaped form of an input string is what Jackson writes between the quotes, with or without the shortcut. */
class InputEchoesEscapeTest {
    private static final String ALPHABET = "abcXYZ019 -_.:;,!?#$%&'()*+<=>@[]^`{|}~\"\\/\n\t\r\u0000\u001f\u007f"
            + "\u00e9\u2028\u202e\ud83d\ude00\ud800";

    @Test
    void agreesWithJacksonOnRandomStrings() {
        Random random = new Random(11);
        int plain = 0;
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            int length = random.nextInt(12);
            boolean printable = random.nextBoolean();
            for (int i = 0; i < length; i++) {
                sb.append(printable ? ALPHABET.charAt(random.nextInt(26)) : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            String s = sb.toString();
            String quoted = Json.write(s);
            assertThat(InputEchoes.escaped(s)).as(s).isEqualTo(quoted.substring(1, quoted.length() - 1));
            plain += InputEchoes.escaped(s) == s ? 1 : 0;
        }
        assertThat(plain).isGreaterThan(5_000); // the shortcut is taken
    }
}
