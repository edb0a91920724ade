package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpOptionsTest {
    @TempDir
    Path dir;

    @Test
    void headerLinesAreParsedAndInjectionIsRefusedWithoutEchoingValues() {
        HttpOptions opts = HttpOptions.builder().headerLine("X-Trace:  abc ").build();
        assertThat(opts.headers()).containsEntry("X-Trace", "abc");
        assertThatThrownBy(() -> HeaderLines.parse("X-Evil: a\r\nHost: other"))
                .hasMessageContaining("CR or LF").hasMessageNotContaining("other");
        assertThatThrownBy(() -> HeaderLines.parse("no colon here")).hasMessageContaining("malformed header");
        assertThatThrownBy(() -> HeaderLines.parse("Bad Name: v")).hasMessageContaining("invalid header name");
        assertThatThrownBy(() -> HeaderLines.parse(": v")).hasMessageContaining("malformed header");
        assertThatThrownBy(() -> HeaderLines.parse("Host: x")).hasMessageContaining("managed by the HTTP client");
        assertThatThrownBy(() -> HeaderLines.parse("X-A: a\u0000b")).hasMessageContaining("control character");
    }

    @Test
    void authConfigFormsJsonAndYaml() throws Exception {
        Path bearer = Files.writeString(dir.resolve("a.json"), "{\"type\":\"bearer\",\"token\":\"t0k\"}", StandardCharsets.UTF_8);
        assertThat(AuthConfig.load(bearer)).containsExactly(Map.entry("Authorization", "Bearer t0k"));
        Path yaml = Files.writeString(dir.resolve("a.yaml"), "type: api_key\nkey: k1\nheaders:\n  X-Tenant: acme\n", StandardCharsets.UTF_8);
        assertThat(AuthConfig.load(yaml)).containsEntry("X-API-Key", "k1").containsEntry("X-Tenant", "acme");
        Path basic = Files.writeString(dir.resolve("b.json"), "{\"type\":\"basic\",\"username\":\"u\",\"password\":\"p\"}", StandardCharsets.UTF_8);
        assertThat(AuthConfig.load(basic)).containsEntry("Authorization", "Basic dTpw");
        Path bad = Files.writeString(dir.resolve("c.json"), "{\"headers\":{\"X-A\":\"v\\r\\nEvil: 1\"}}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AuthConfig.load(bad)).hasMessageContaining("CR or LF");
        Path empty = Files.writeString(dir.resolve("d.json"), "{}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AuthConfig.load(empty)).hasMessageContaining("no credentials");
    }

    @Test
    void authFromEnvironment() {
        Map<String, String> h = AuthConfig.fromEnv(Map.of(
                AuthConfig.ENV_TOKEN, "tok", AuthConfig.ENV_API_KEY, "key",
                AuthConfig.ENV_API_KEY_HEADER, "Api-Key", AuthConfig.ENV_HEADER, "X-Extra: 1"));
        assertThat(h).containsEntry("Authorization", "Bearer tok").containsEntry("Api-Key", "key")
                .containsEntry("X-Extra", "1");
        assertThat(AuthConfig.fromEnv(Map.of())).isEmpty();
    }

    @Test
    void originsCompareSchemeHostAndEffectivePort() {
        assertThat(Origins.sameOrigin(java.net.URI.create("http://A.example/x"), java.net.URI.create("http://a.example:80/y"))).isTrue();
        assertThat(Origins.sameOrigin(java.net.URI.create("https://a.example/"), java.net.URI.create("http://a.example:443/"))).isFalse();
        assertThat(Origins.sameOrigin(java.net.URI.create("http://evil@a.example/"), java.net.URI.create("http://a.example/"))).isTrue();
        assertThat(Origins.sameOrigin(java.net.URI.create("http://a.example.evil/"), java.net.URI.create("http://a.example/"))).isFalse();
    }
}
