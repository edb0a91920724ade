package io.mcpfuzzer.fuzz.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WwwAuthenticateTest {
    @Test
    void readsQuotedAndTokenParamsCaseInsensitively() {
        String h = "Bearer error=\"invalid_token\", Resource_Metadata=\"https://x.example/.well-known/a\\\"b\", scope=read";
        assertThat(WwwAuthenticate.param(h, "resource_metadata")).isEqualTo("https://x.example/.well-known/a\"b");
        assertThat(WwwAuthenticate.param(h, "scope")).isEqualTo("read");
        assertThat(WwwAuthenticate.param(h, "error")).isEqualTo("invalid_token");
    }

    @Test
    void aNameInsideAnotherNameOrValueIsNotAParam() {
        assertThat(WwwAuthenticate.param("Bearer x_resource_metadata=\"a\"", "resource_metadata")).isNull();
        assertThat(WwwAuthenticate.param("Bearer realm=\"resource_metadata\"", "resource_metadata")).isNull();
        assertThat(WwwAuthenticate.param(null, "scope")).isNull();
        assertThat(WwwAuthenticate.param("Bearer scope=\"unterminated", "scope")).isEqualTo("unterminated");
    }
}
