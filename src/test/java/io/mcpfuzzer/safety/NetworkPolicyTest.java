package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetworkPolicyTest {
    @Test
    void openPolicyAllowsEverything() {
        assertThat(NetworkPolicy.open().allows(URI.create("https://example.com/"))).isTrue();
    }

    @Test
    void deniedPolicyAllowsOnlyRealLoopbackLiterals() {
        NetworkPolicy p = NetworkPolicy.denyExcept(List.of());
        assertThat(p.allows(URI.create("http://127.0.0.1:8080/mcp"))).isTrue();
        assertThat(p.allows(URI.create("http://127.9.8.7/"))).isTrue();
        assertThat(p.allows(URI.create("http://[::1]:3000/"))).isTrue();
        assertThat(p.allows(URI.create("http://LOCALHOST./"))).isTrue();
        assertThat(p.allows(URI.create("http://[::ffff:127.0.0.1]/"))).isTrue();
        assertThat(p.allows(URI.create("http://example.com/"))).isFalse();
        assertThat(p.allows(URI.create("http://0.0.0.0/"))).isFalse();
        assertThat(p.allows(URI.create("http://127.1/"))).isFalse();
        assertThat(p.allows(URI.create("http://localhost.evil.com/"))).isFalse();
        assertThat(p.allows(URI.create("http://10.0.0.1/"))).isFalse();
        assertThat(p.allows(URI.create("mailto:someone@example.com"))).isFalse();
    }

    @Test
    void allowHostHonoursThePort() {
        NetworkPolicy p = NetworkPolicy.denyExcept(List.of("api.example.com:443", "Any.Example.org", "[2001:db8::1]:8443"));
        assertThat(p.allows(URI.create("https://api.example.com/v1"))).isTrue();
        assertThat(p.allows(URI.create("http://api.example.com/v1"))).isFalse();
        assertThat(p.allows(URI.create("http://any.example.org:9999/"))).isTrue();
        assertThat(p.allows(URI.create("https://[2001:db8::1]:8443/"))).isTrue();
        assertThat(p.allows(URI.create("https://[2001:db8::1]/"))).isFalse();
    }

    @Test
    void malformedAllowHostIsRejected() {
        assertThatThrownBy(() -> NetworkPolicy.denyExcept(List.of(" "))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NetworkPolicy.denyExcept(List.of("http://x/y"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NetworkPolicy.denyExcept(List.of("host:notaport"))).isInstanceOf(IllegalArgumentException.class);
        assertThat(NetworkPolicy.denyExcept(List.of("::1", "[::2]:80")).allows(java.net.URI.create("http://[::2]:80/"))).isTrue();
    }
}
