package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SeverityTest {
    @Test
    void parsesCaseInsensitivelyAndOrders() {
        assertThat(Severity.parse("High")).isEqualTo(Severity.HIGH);
        assertThat(Severity.HIGH.atLeast(Severity.MEDIUM)).isTrue();
        assertThat(Severity.LOW.atLeast(Severity.MEDIUM)).isFalse();
        assertThatThrownBy(() -> Severity.parse("urgent")).hasMessageContaining("expected info");
    }

    @Test
    void findingIdIsStableAndDependsOnSignature() {
        Finding a = Finding.of("crash", Severity.HIGH, "tool", "t", 1, "d", null, "sig");
        Finding b = Finding.of("crash", Severity.HIGH, "tool", "t", 7, "other", null, "sig");
        Finding c = Finding.of("crash", Severity.HIGH, "tool", "t", 1, "d", null, "sig2");
        assertThat(a.id()).isEqualTo(b.id()).hasSize(16);
        assertThat(a.id()).isNotEqualTo(c.id());
    }
}
