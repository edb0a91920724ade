package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.mcp.McpVersion;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/** Every valid message the model builds validates against the official schema of its revision. */
class McpModelSchemaTest {
    private static final int SAMPLES_PER_TYPE = 25;

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void everyValidMessageMatchesTheOfficialSchema(McpVersion version) {
        SplittableRandom rnd = new SplittableRandom(version.ordinal() * 31L + 7);
        String v = version.wire();
        String envelopeRequest = "JSONRPCRequest";
        String envelopeNotification = "JSONRPCNotification";
        for (MessageType type : McpModel.clientMessages(version)) {
            assertThat(OfficialSchemas.hasDefinition(v, type.schemaName()))
                    .as("%s defines %s", v, type.schemaName()).isTrue();
            for (int i = 0; i < SAMPLES_PER_TYPE; i++) {
                JsonNode id = i % 2 == 0 ? IntNode.valueOf(i + 1) : StringNode.valueOf("req-" + i);
                ObjectNode message = McpModel.validMessage(type, version, id, ModelHints.none(), rnd);
                // round-trip through the wire text: what is validated is what would be sent
                JsonNode sent = Json.parse(Json.write(message));
                assertThat(OfficialSchemas.validate(v, type.schemaName(), sent))
                        .as("%s %s %s", v, type.schemaName(), sent).isEmpty();
                String envelope = type.isNotification() ? envelopeNotification : envelopeRequest;
                assertThat(OfficialSchemas.validate(v, envelope, sent)).as("%s %s envelope", v, sent).isEmpty();
                assertThat(OfficialSchemas.validate(v, type.isNotification() ? "ClientNotification" : "ClientRequest",
                        sent)).as("%s client union %s", v, sent).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void modelListsExactlyTheClientMessagesOfTheOfficialUnion(McpVersion version) {
        String v = version.wire();
        String key = OfficialSchemas.definitionsKey(v);
        JsonNode defs = OfficialSchemas.document(v).get(key);
        List<String> official = new java.util.ArrayList<>();
        for (String union : List.of("ClientRequest", "ClientNotification")) {
            for (JsonNode ref : defs.get(union).get("anyOf")) {
                String r = ref.get("$ref").asString();
                official.add(r.substring(r.lastIndexOf('/') + 1));
            }
        }
        List<String> modelled = McpModel.clientMessages(version).stream().map(MessageType::schemaName).toList();
        assertThat(modelled).containsExactlyInAnyOrderElementsOf(official);
    }

    @Test
    void aValidMessageWithHintsTargetsTheGivenNames() {
        ObjectNode args = Json.object().put("a", 1);
        ModelHints hints = new ModelHints("my_tool", args, "file:///x", "p1", "t1");
        ObjectNode call = McpModel.validMessage(MessageType.CALL_TOOL, McpVersion.latest(), IntNode.valueOf(1), hints,
                new SplittableRandom(1));
        assertThat(call.at("/params/name").asString()).isEqualTo("my_tool");
        assertThat(call.at("/params/arguments")).isEqualTo(args).isNotSameAs(args);
    }

    @Test
    void tasksDoNotExistBefore20251125AndRequestsNeedIds() {
        assertThatThrownBy(() -> McpModel.validMessage(MessageType.LIST_TASKS, McpVersion.V2025_06_18,
                IntNode.valueOf(1), ModelHints.none(), new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> McpModel.validMessage(MessageType.PING, McpVersion.V2025_06_18, null,
                ModelHints.none(), new SplittableRandom(1))).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void theValidatorRejectsABrokenMessage(McpVersion version) {
        ObjectNode message = McpModel.validMessage(MessageType.INITIALIZE, version, IntNode.valueOf(1),
                ModelHints.none(), new SplittableRandom(3));
        ((ObjectNode) message.get("params")).remove("clientInfo");
        assertThat(OfficialSchemas.validate(version.wire(), "InitializeRequest", message)).isNotEmpty();
    }
}
