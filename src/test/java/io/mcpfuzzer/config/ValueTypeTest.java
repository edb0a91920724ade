package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.transport.TransportProtocol;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueTypeTest {
    @Test
    void integersAreRangeCheckedFromTextAndYaml() {
        ValueType<Integer> t = ValueType.integer(1, 5);
        assertThat(t.parse(" 3 ")).isEqualTo(3);
        assertThatThrownBy(() -> t.parse("6")).hasMessage("expected an integer from 1 to 5, got 6");
        assertThatThrownBy(() -> t.parse("1.5")).hasMessage("expected an integer from 1 to 5, got '1.5'");
        assertThat(t.fromNode(Json.parse("4"))).isEqualTo(4);
        assertThatThrownBy(() -> t.fromNode(Json.parse("\"4\""))).hasMessageContaining("got a string ('4')");
        assertThatThrownBy(() -> t.fromNode(Json.parse("4.0"))).hasMessageContaining("got a number (4.0)");
        assertThatThrownBy(() -> t.fromNode(Json.parse("99999999999999999999999"))).hasMessageContaining("got a number");
    }

    @Test
    void decimalsHonourOpenAndClosedLowerBounds() {
        assertThatThrownBy(() -> ValueType.decimal(0, 10).parse("0")).hasMessageContaining("greater than 0");
        assertThat(ValueType.decimalFrom(0, 10).parse("0")).isEqualTo(0.0);
        assertThatThrownBy(() -> ValueType.decimal(0, 10).parse("NaN")).hasMessageContaining("got NaN");
        assertThat(ValueType.decimal(0, 10).fromNode(Json.parse("2"))).isEqualTo(2.0);
    }

    @Test
    void flagsAcceptCommonSpellingsFromTextButOnlyBooleansFromYaml() {
        ValueType<Boolean> f = ValueType.flag();
        assertThat(List.of("true", "1", "YES", "on").stream().map(f::parse)).containsOnly(true);
        assertThat(List.of("false", "0", "no", "Off").stream().map(f::parse)).containsOnly(false);
        assertThatThrownBy(() -> f.parse("maybe")).hasMessageContaining("true/false");
        assertThatThrownBy(() -> f.fromNode(Json.parse("\"yes\""))).hasMessageContaining("expected true or false");
    }

    @Test
    void enumsMatchCaseInsensitivelyWithDashes() {
        ValueType<FuzzMode> m = ValueType.choice(FuzzMode.class);
        assertThat(m.parse("Tools")).isEqualTo(FuzzMode.TOOLS);
        assertThat(ValueType.choice(TransportProtocol.class).parse("streamablehttp"))
                .isEqualTo(TransportProtocol.STREAMABLEHTTP);
        assertThat(m.describe()).isEqualTo("one of tools, protocol, resources, prompts, all");
    }

    @Test
    void listsSplitEnvironmentTextAndAcceptYamlScalarsOrSequences() {
        ValueType<List<String>> l = ValueType.listOf(ValueType.text(), ',');
        assertThat(l.parse("a, b,,c ")).containsExactly("a", "b", "c");
        assertThat(l.fromNode(Json.parse("[\"x\",\"y\"]"))).containsExactly("x", "y");
        assertThat(l.fromNode(Json.parse("\"x\""))).containsExactly("x");
        assertThatThrownBy(() -> l.fromNode(Json.parse("[\"x\", 1]"))).hasMessageStartingWith("item 1: expected a string");
        assertThatThrownBy(() -> l.parse(",".repeat(0) + "a,".repeat(1_001))).hasMessageContaining("at most 1000 items");
    }

    @Test
    void pathsAndTextAreBounded() {
        assertThatThrownBy(() -> ValueType.path().parse(" ")).hasMessageContaining("non-empty path");
        assertThatThrownBy(() -> ValueType.text().parse("x".repeat(ValueType.MAX_TEXT + 1)))
                .hasMessageContaining("at most");
    }
}
