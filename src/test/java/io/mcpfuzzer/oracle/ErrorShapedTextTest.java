package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The refusal openings are found in any ASCII case, and the first-character shortcut in front of the
 * opening pattern never hides one: the pattern itself matches no other first character (Latin-1, Turkish
 * dotted and dotless i, the Kelvin sign, the long s). A word added to the pattern needs a line in
 * {@link #OPENINGS}, which then fails while the shortcut does not know its first letter.
 */
class ErrorShapedTextTest {
    /** One of each alternative of the opening pattern, as its Javadoc lists them. */
    private static final List<String> OPENINGS = List.of("Error: no such channel", "Error executing tool x",
            "Exception: bad", "Failed: nothing", "Failed to parse", "Invalid argument 'a'",
            "Missing required argument: channel_id", "error calling x", "error while reading");

    @Test
    void everyOpeningIsARefusalInAnyCase() {
        for (String opening : OPENINGS) {
            for (String text : List.of(opening, opening.toUpperCase(java.util.Locale.ROOT),
                    opening.toLowerCase(java.util.Locale.ROOT), "  " + opening)) {
                assertThat(ErrorShapedText.find(result(text), null)).as(text).isEqualTo(text.strip());
            }
        }
    }

    @Test
    void noOtherFirstCharacterOpensARefusal() {
        StringBuilder firsts = new StringBuilder();
        for (char c = 0; c < 0x300; c++) {
            firsts.append(c);
        }
        firsts.append("\u0130\u0131\u017f\u212a\ufeff");
        for (int i = 0; i < firsts.length(); i++) {
            char first = firsts.charAt(i);
            if ("eEfFiImM".indexOf(first) >= 0 || Character.isWhitespace(first) || Character.isSpaceChar(first)) {
                continue; // the openings themselves, and what strip() removes
            }
            for (String opening : OPENINGS) {
                String text = first + opening.substring(1);
                assertThat(ErrorShapedText.OPENING.matcher(text).lookingAt()).as("U+%04X", (int) first).isFalse();
                assertThat(ErrorShapedText.find(result(text), null)).as("U+%04X", (int) first).isNull();
            }
        }
    }

    private static JsonNode result(String text) {
        return Json.parse("{\"content\":[{\"type\":\"text\",\"text\":" + Json.write(text) + "}]}");
    }
}
