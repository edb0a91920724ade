package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;

/**
 * A domain error that quotes the value sent, or a confirmation the tool asks for, is no schema rejection;
 * a shape error naming the field is.
 */
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
    void aConfirmationTheToolAsksForOnPurposeIsNoRejection() {
        var input = Json.parse("{\"path\":\"/srv/repo\",\"force\":false,\"ignored\":true}");
        // git-mcp-server 2.x, git_clean: SDK wording, but a deliberate guard on a value the schema allows
        assertThat(SchemaHonour.rejectsShape("MCP error -32602: Input validation error: Invalid arguments for tool "
                + "git_clean: force flag must be set to true to clean untracked files (or use dryRun to preview) at force",
                input)).isFalse();
        assertThat(SchemaHonour.rejectsShape("Invalid arguments for tool drop: confirmation required", input)).isFalse();
        assertThat(SchemaHonour.rejectsShape("Invalid arguments for tool git_clean: force must be a boolean", input))
                .isTrue();
        assertThat(SchemaHonour.rejectsShape("Invalid value for force: must be true or false", input)).isTrue();
    }

    @Test
    void shortValuesDoNotCount() {
        assertThat(SchemaHonour.quotesAValue("invalid value abc for object", Json.parse("{\"object\":\"abc\"}")))
                .as("shorter than " + SchemaHonour.MIN_QUOTED).isFalse();
    }
}
