package io.mcpfuzzer.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Name tokens at camelCase and separator boundaries, bounded at {@link NameTokens#MAX_CHARS}. */
class NameTokensTest {
    @Test
    void splitsCamelCaseAndSeparators() {
        assertThat(NameTokens.of("filePath")).containsExactly("file", "path");
        assertThat(NameTokens.of("file_path-ID")).containsExactly("file", "path", "id");
        assertThat(NameTokens.of("readURLNow")).containsExactly("read", "urlnow");
        assertThat(NameTokens.of(null)).isEmpty();
        assertThat(NameTokens.of("__")).isEmpty();
    }

    @Test
    void readsAtMostMaxChars() {
        String exact = "a".repeat(NameTokens.MAX_CHARS);
        assertThat(NameTokens.of(exact)).containsExactly(exact);
        assertThat(NameTokens.of(exact + "_b")).containsExactly(exact);
        assertThat(NameTokens.of("a".repeat(NameTokens.MAX_CHARS - 2) + "_b")).hasSize(2);
    }
}
