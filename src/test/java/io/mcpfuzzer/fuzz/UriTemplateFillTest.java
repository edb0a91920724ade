package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Template values are inserted literally, and hostile templates cost linear time. */
class UriTemplateFillTest {
    @Test
    void valuesWithReplacementSyntaxAreInsertedLiterally() {
        assertThat(UriTemplateFill.fill("file:///{path}", "$(id)")).isEqualTo("file:///$(id)");
        assertThat(UriTemplateFill.fill("db://{a}/{b}", "$1\\x")).isEqualTo("db://$1\\x/$1\\x");
    }

    @Test
    void behavesLikeTheOldPattern() {
        for (String t : new String[] {"a{b}c{d}e", "{x{y}z}", "no braces", "{open", "}{", "{}{}", "a{b", "{{{}"}) {
            assertThat(UriTemplateFill.fill(t, "V")).as(t).isEqualTo(t.replaceAll("\\{[^}]*}", "V"));
        }
    }

    @Test
    void hostileTemplatesAreHandled() {
        assertThat(UriTemplateFill.fill("{".repeat(100_000), "v")).hasSize(100_000);
        assertThat(UriTemplateFill.fill("{}".repeat(50_000), "")).isEmpty();
    }
}
