package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandSplitterTest {
    @Test
    void splitsOnUnquotedBlanksAndCollapsesRuns() {
        assertThat(CommandSplitter.split("  node   server.js\t--port 3000\n")).containsExactly("node", "server.js",
                "--port", "3000");
        assertThat(CommandSplitter.split("")).isEmpty();
        assertThat(CommandSplitter.split("   \t ")).isEmpty();
    }

    @Test
    void singleQuotesKeepEverythingLiterally() {
        assertThat(CommandSplitter.split("echo 'a  b' '$HOME' 'back\\slash' '\"'"))
                .containsExactly("echo", "a  b", "$HOME", "back\\slash", "\"");
    }

    @Test
    void doubleQuotesEscapeOnlyDollarBacktickQuoteBackslashAndNewline() {
        assertThat(CommandSplitter.split("x \"a \\\"b\\\" \\$c \\` \\\\ \\n\""))
                .containsExactly("x", "a \"b\" $c ` \\ \\n");
        assertThat(CommandSplitter.split("\"line\\\ncontinued\"")).containsExactly("linecontinued");
        assertThat(CommandSplitter.split("\"it's\"")).containsExactly("it's");
    }

    @Test
    void backslashOutsideQuotesMakesNextCharLiteral() {
        assertThat(CommandSplitter.split("a\\ b c\\'d e\\\\f \\\"g")).containsExactly("a b", "c'd", "e\\f", "\"g");
        assertThat(CommandSplitter.split("one\\\ntwo")).containsExactly("onetwo");
    }

    @Test
    void adjacentQuotedAndUnquotedPartsConcatenate() {
        assertThat(CommandSplitter.split("--name='a b'\"c d\"e")).containsExactly("--name=a bc de");
        assertThat(CommandSplitter.split("'it'\\''s'")).containsExactly("it's");
    }

    @Test
    void emptyQuotesGiveEmptyWords() {
        assertThat(CommandSplitter.split("cmd '' \"\" x")).containsExactly("cmd", "", "", "x");
    }

    @Test
    void shellSyntaxIsNotInterpreted() {
        assertThat(CommandSplitter.split("a | b; c && $(rm -rf /) `x` ~ *.js > out"))
                .containsExactly("a", "|", "b;", "c", "&&", "$(rm", "-rf", "/)", "`x`", "~", "*.js", ">", "out");
    }

    @Test
    void keepsNonAsciiText() {
        assertThat(CommandSplitter.split("python3 'sérveur été.py' 日本")).containsExactly("python3", "sérveur été.py",
                "日本");
    }

    @ParameterizedTest
    @ValueSource(strings = {"node 'server.js", "node \"server.js", "a 'b\"c", "\"a\\\"", "x '"})
    void unbalancedQuotesAreRejectedWithColumn(String command) {
        assertThatThrownBy(() -> CommandSplitter.split(command))
                .isInstanceOf(EndpointSyntaxException.class)
                .hasMessageContaining("unbalanced")
                .hasMessageContaining("column");
    }

    @Test
    void unbalancedMessageNamesQuoteKindAndPosition() {
        assertThatThrownBy(() -> CommandSplitter.split("node 'x"))
                .hasMessage("unbalanced single quote: the quote opened at column 6 is never closed");
        assertThatThrownBy(() -> CommandSplitter.split("ab \"cd"))
                .hasMessage("unbalanced double quote: the quote opened at column 4 is never closed");
    }

    @Test
    void trailingLoneBackslashIsRejected() {
        assertThatThrownBy(() -> CommandSplitter.split("run \\")).isInstanceOf(EndpointSyntaxException.class)
                .hasMessageContaining("lone backslash");
    }

    @Test
    void overLongAndNullInputsAreRejected() {
        assertThatThrownBy(() -> CommandSplitter.split("a".repeat(CommandSplitter.MAX_LENGTH + 1)))
                .isInstanceOf(EndpointSyntaxException.class);
        assertThatThrownBy(() -> CommandSplitter.split(null)).isInstanceOf(EndpointSyntaxException.class);
    }

    @Test
    void joinRoundTripsThroughSplit() {
        List<String> words = List.of("node", "my server.js", "", "it's", "$HOME", "a\"b", "back\\slash", "ok-1.2");
        String joined = CommandSplitter.join(words);
        assertThat(CommandSplitter.split(joined)).isEqualTo(words);
        assertThat(joined).startsWith("node 'my server.js' ''");
    }
}
