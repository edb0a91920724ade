package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

class SchemaValidatorTest {
    private final SchemaValidator validator = new SchemaValidator();

    private Validation check(String schema, String instance) {
        return validator.validate(Json.parse(schema), Json.parse(instance));
    }

    @Test
    void validAndInvalidWithMessages() {
        String schema = "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"maximum\":3}},\"required\":[\"n\"]}";
        assertThat(check(schema, "{\"n\":2}").verdict()).isEqualTo(Validation.Verdict.VALID);
        Validation bad = check(schema, "{\"n\":9}");
        assertThat(bad.verdict()).isEqualTo(Validation.Verdict.INVALID);
        assertThat(bad.errors()).singleElement().asString().startsWith("/n");
        assertThat(bad.dialect()).isEqualTo("draft2020-12");
    }

    @Test
    void formatsAreAsserted() {
        assertThat(check("{\"type\":\"string\",\"format\":\"email\"}", "\"nope\"").valid()).isFalse();
        assertThat(check("{\"type\":\"string\",\"format\":\"date\"}", "\"2024-02-30\"").valid()).isFalse();
        assertThat(check("{\"type\":\"string\",\"format\":\"uuid\"}", "\"" + "d".repeat(8) + "\"").valid()).isFalse();
    }

    @Test
    void dialectsWithoutDollarSchemaAreSniffed() {
        Validation tuple = check("{\"type\":\"array\",\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}", "[\"a\",1]");
        assertThat(tuple.verdict()).isEqualTo(Validation.Verdict.INVALID);
        assertThat(tuple.dialect()).isEqualTo("draft-07");
        Validation draft4 = check("{\"type\":\"integer\",\"minimum\":0,\"exclusiveMinimum\":true}", "0");
        assertThat(draft4.verdict()).isEqualTo(Validation.Verdict.INVALID);
        assertThat(draft4.dialect()).isEqualTo("draft-04");
        assertThat(check("{\"type\":\"integer\",\"minimum\":0,\"exclusiveMinimum\":true}", "1").valid()).isTrue();
    }

    @Test
    void brokenSchemasGiveAVerdictNotAnException() {
        assertThat(check("{\"$ref\":\"#/nowhere\"}", "1").verdict()).isEqualTo(Validation.Verdict.BROKEN_SCHEMA);
        assertThat(check("{\"type\":\"string\",\"pattern\":\"([\"}", "\"x\"").verdict()).isEqualTo(Validation.Verdict.BROKEN_SCHEMA);
        assertThat(check("{\"$ref\":\"#/nowhere\"}", "1").errors()).singleElement().asString().contains("nowhere");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void catastrophicPatternsAreUndecidedNotHung() {
        Validation v = check("{\"type\":\"string\",\"pattern\":\"(.*a){30}\"}", "\"" + "a".repeat(29) + "b".repeat(40) + "\"");
        assertThat(v.verdict()).isEqualTo(Validation.Verdict.UNDECIDED);
        assertThat(v.errors()).singleElement().asString().contains("gave up");
    }

    @Test
    void nullSchemaAcceptsAndCachedResultsAreStable() {
        assertThat(validator.validate(null, Json.parse("1")).valid()).isTrue();
        JsonNode schema = Json.parse("{\"type\":\"string\"}");
        for (int i = 0; i < 3; i++) {
            assertThat(validator.validate(schema, Json.parse("\"s\"")).valid()).isTrue();
            assertThat(validator.validate(schema, Json.parse("1")).valid()).isFalse();
        }
        assertThat(validator.validate(schema, null).valid()).isFalse();
    }
}
