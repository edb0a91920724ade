package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;

/** A domain error that quotes the value sent is no schema rejection; a shape error naming the field is. */
class SchemaHonourQuoteTest {
    @Test
    void anErrorQuotingTheSentValueIsADomainError() {
        var input = Json.parse("{\"object\":\"open issues basil 81\",\"stat\":false}");
        assertThat(SchemaHonour.rejectsShape("fatal: Not a valid object name open issues basil 81", input)).isFalse();
    }

    @Test
    void anErrorNamingTheFieldWithoutTheValueIsARejection() {
        var input = Json.parse("{\"object\":\"open issues basil 81\"}");
        assertThat(SchemaHonour.rejectsShape("Invalid argument: object must be a commit hash", input)).isTrue();
    }

    @Test
    void shortValuesDoNotCount() {
        assertThat(SchemaHonour.quotesAValue("invalid value abc for object", Json.parse("{\"object\":\"abc\"}")))
                .as("shorter than " + SchemaHonour.MIN_QUOTED).isFalse();
    }
}
