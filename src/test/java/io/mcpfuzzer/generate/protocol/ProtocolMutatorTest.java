package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.mcp.McpVersion;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

class ProtocolMutatorTest {
    private static final MutatorOptions SMALL = new MutatorOptions(40, 2048);
    private static final int COVERAGE_CASES = 500;

    private static List<String> frames(McpVersion version, long seed) {
        ProtocolMutator mutator = new ProtocolMutator(version, ModelHints.none(), SMALL);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> out = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            for (MessageType type : McpModel.clientMessages(version)) {
                for (int i = 0; i < 30; i++) {
                    ProtocolCase c = mutator.next(type, phase, rnd);
                    out.add(c.label() + " " + c.frame());
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void sameSeedGivesTheSameFramesAndAnotherSeedDifferentOnes(McpVersion version) {
        List<String> first = frames(version, 42);
        assertThat(frames(version, 42)).isEqualTo(first);
        assertThat(frames(version, 43)).isNotEqualTo(first);
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void everyApplicableStrategyAppearsForEveryType(McpVersion version) {
        ProtocolMutator mutator = new ProtocolMutator(version, ModelHints.none(), SMALL);
        SplittableRandom rnd = new SplittableRandom(7);
        for (MessageType type : McpModel.clientMessages(version)) {
            Set<Strategy> seen = EnumSet.noneOf(Strategy.class);
            for (int i = 0; i < COVERAGE_CASES; i++) {
                seen.add(mutator.next(type, Phase.AGGRESSIVE, rnd).strategy());
            }
            assertThat(seen).as(type.method()).containsExactlyInAnyOrderElementsOf(
                    ProtocolMutator.strategiesFor(type, Phase.AGGRESSIVE));
        }
    }

    @Test
    void theListedAggressiveStrategiesAreAllOffered() {
        List<Strategy> forRequests = ProtocolMutator.strategiesFor(MessageType.CALL_TOOL, Phase.AGGRESSIVE);
        assertThat(forRequests).contains(Strategy.ID_STRING, Strategy.ID_NEGATIVE, Strategy.ID_FLOAT, Strategy.ID_HUGE,
                Strategy.ID_NULL, Strategy.ID_OBJECT, Strategy.ID_ARRAY, Strategy.ID_BOOL, Strategy.ID_DUPLICATE_KEY,
                Strategy.BATCH_DUPLICATE_IDS, Strategy.JSONRPC_MISSING, Strategy.JSONRPC_1_0, Strategy.JSONRPC_NUMBER,
                Strategy.JSONRPC_NULL, Strategy.METHOD_UNKNOWN, Strategy.METHOD_CASE, Strategy.METHOD_TRAILING_SLASH,
                Strategy.METHOD_UNICODE, Strategy.METHOD_NOT_STRING, Strategy.PARAMS_WRONG_TYPES, Strategy.PARAMS_ARRAY,
                Strategy.PARAMS_MISSING, Strategy.BATCH_EMPTY, Strategy.BATCH_MIXED, Strategy.DEEP_NESTING,
                Strategy.OVERSIZED, Strategy.EXTRA_TOP_LEVEL_FIELDS).doesNotContain(Strategy.VALID,
                Strategy.NOTIFICATION_WITH_ID);
        assertThat(ProtocolMutator.strategiesFor(MessageType.PROGRESS, Phase.AGGRESSIVE))
                .contains(Strategy.NOTIFICATION_WITH_ID).doesNotContain(Strategy.ID_FLOAT, Strategy.REQUEST_WITHOUT_ID);
    }

    @ParameterizedTest
    @EnumSource(McpVersion.class)
    void realisticFramesAreValidAgainstTheOfficialSchema(McpVersion version) {
        ProtocolMutator mutator = new ProtocolMutator(version, ModelHints.none(), SMALL);
        SplittableRandom rnd = new SplittableRandom(11);
        for (MessageType type : McpModel.clientMessages(version)) {
            for (int i = 0; i < 10; i++) {
                ProtocolCase c = mutator.next(type, Phase.REALISTIC, rnd);
                JsonNode sent = Json.parse(c.frame());
                assertThat(OfficialSchemas.validate(version.wire(), type.schemaName(), sent)).as(c.frame()).isEmpty();
                assertThat(c.expectsResponse()).isEqualTo(!type.isNotification());
                assertThat(c.notification()).isEqualTo(type.isNotification());
                if (!type.isNotification()) {
                    assertThat(c.id()).isEqualTo(sent.get("id"));
                }
            }
        }
    }

    @Test
    void everyCaseIsOneLineOfJsonWhoseMetadataMatchesTheText() {
        McpVersion version = McpVersion.V2025_03_26;
        ProtocolMutator mutator = new ProtocolMutator(version, ModelHints.none(), SMALL);
        SplittableRandom rnd = new SplittableRandom(5);
        for (MessageType type : McpModel.clientMessages(version)) {
            for (Strategy strategy : ProtocolMutator.strategiesFor(type, Phase.AGGRESSIVE)) {
                ProtocolCase c = mutator.make(type, strategy, rnd);
                assertThat(c.frame()).as(c.label()).doesNotContain("\n", "\r");
                JsonNode parsed = Json.parse(c.frame());
                if (strategy.isBatch()) {
                    assertThat(parsed.isArray()).as(c.label()).isTrue();
                    boolean answerable = parsed.isEmpty();
                    for (JsonNode element : parsed) {
                        answerable |= !element.isObject() || element.has("id") || !element.has("method");
                    }
                    assertThat(c.expectsResponse()).as(c.label()).isEqualTo(answerable);
                } else {
                    assertThat(parsed.isObject()).as(c.label()).isTrue();
                    boolean notification = !parsed.has("id") && parsed.path("method").isString();
                    assertThat(c.notification()).as(c.label()).isEqualTo(notification);
                    assertThat(c.expectsResponse()).as(c.label()).isEqualTo(!notification);
                    if (parsed.has("id")) {
                        assertThat(c.id()).as(c.label()).isEqualTo(parsed.get("id"));
                    }
                }
                assertStrategyVisible(strategy, type, parsed, c);
            }
        }
    }

    private static void assertStrategyVisible(Strategy strategy, MessageType type, JsonNode parsed, ProtocolCase c) {
        String label = c.label();
        switch (strategy) {
            case ID_STRING -> assertThat(parsed.get("id").isString()).as(label).isTrue();
            case ID_NEGATIVE -> assertThat(parsed.get("id").asLong()).as(label).isNegative();
            case ID_FLOAT -> assertThat(parsed.get("id").isFloatingPointNumber()).as(label).isTrue();
            case ID_HUGE -> assertThat(parsed.get("id").isBigInteger()).as(label).isTrue();
            case ID_NULL -> assertThat(parsed.get("id").isNull()).as(label).isTrue();
            case ID_OBJECT -> assertThat(parsed.get("id").isObject()).as(label).isTrue();
            case ID_ARRAY -> assertThat(parsed.get("id").isArray()).as(label).isTrue();
            case ID_BOOL -> assertThat(parsed.get("id").isBoolean()).as(label).isTrue();
            case ID_DUPLICATE_KEY -> {
                assertThat(c.frame().split("\"id\":", -1)).as(label).hasSize(3);
                assertThat(c.expectedIds()).hasSize(2);
            }
            case REQUEST_WITHOUT_ID -> assertThat(c.notification() && !c.expectsResponse()).as(label).isTrue();
            case NOTIFICATION_WITH_ID -> assertThat(parsed.has("id") && c.expectsResponse()).as(label).isTrue();
            case JSONRPC_MISSING -> assertThat(parsed.has("jsonrpc")).as(label).isFalse();
            case JSONRPC_1_0 -> assertThat(parsed.get("jsonrpc").asString()).isEqualTo("1.0");
            case JSONRPC_NUMBER -> assertThat(parsed.get("jsonrpc").isNumber()).as(label).isTrue();
            case JSONRPC_NULL -> assertThat(parsed.get("jsonrpc").isNull()).as(label).isTrue();
            case METHOD_MISSING -> assertThat(parsed.has("method")).as(label).isFalse();
            case METHOD_NOT_STRING -> assertThat(parsed.get("method").isString()).as(label).isFalse();
            case METHOD_CASE, METHOD_TRAILING_SLASH, METHOD_UNICODE, METHOD_UNKNOWN, METHOD_SERVER_TO_CLIENT ->
                    assertThat(parsed.get("method").asString()).as(label).isNotEqualTo(type.method());
            case PARAMS_ARRAY -> assertThat(parsed.get("params").isArray()).as(label).isTrue();
            case PARAMS_MISSING -> assertThat(parsed.has("params")).as(label).isFalse();
            case PARAMS_NULL -> assertThat(parsed.get("params").isNull()).as(label).isTrue();
            case PARAMS_SCALAR -> assertThat(parsed.get("params").isValueNode()).as(label).isTrue();
            case PARAMS_MISSING_REQUIRED -> assertThat(RequiredParams.of(type))
                    .as(label).anyMatch(name -> !parsed.get("params").has(name));
            case EXTRA_TOP_LEVEL_FIELDS -> assertThat(parsed.has("extra")).as(label).isTrue();
            case RESPONSE_MEMBERS -> assertThat(parsed.has("result")).as(label).isTrue();
            case BATCH_EMPTY -> assertThat(parsed.isEmpty()).as(label).isTrue();
            case BATCH_DUPLICATE_IDS -> assertThat(c.expectedIds()).as(label).hasSize(2)
                    .allMatch(id -> id.equals(c.expectedIds().get(0)));
            case DEEP_NESTING -> assertThat(depth(parsed)).as(label).isGreaterThanOrEqualTo(SMALL.nestingDepth());
            case OVERSIZED -> assertThat(c.frame().getBytes(StandardCharsets.UTF_8).length).as(label)
                    .isGreaterThanOrEqualTo(SMALL.oversizedBytes());
            default -> { }
        }
    }

    @Test
    void defaultOptionsGiveThousandLevelsAndAMebibyte() {
        ProtocolMutator mutator = new ProtocolMutator(McpVersion.V2025_06_18, ModelHints.none(), MutatorOptions.defaults());
        ProtocolCase deep = mutator.make(MessageType.CALL_TOOL, Strategy.DEEP_NESTING, new SplittableRandom(1));
        assertThat(depth(Json.parse(deep.frame()))).isGreaterThanOrEqualTo(1_000).isLessThan(1_010);
        ProtocolCase big = mutator.make(MessageType.LIST_TOOLS, Strategy.OVERSIZED, new SplittableRandom(1));
        assertThat(big.frame().length()).isGreaterThanOrEqualTo(1024 * 1024).isLessThan(1024 * 1024 + 4096);
    }

    @Test
    void rejectsStrategiesThatDoNotApplyAndBadOptions() {
        ProtocolMutator mutator = new ProtocolMutator(McpVersion.V2025_06_18, ModelHints.none(), SMALL);
        assertThatThrownBy(() -> mutator.make(MessageType.PING, Strategy.NOTIFICATION_WITH_ID, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MutatorOptions(0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MutatorOptions(10, MutatorOptions.MAX_OVERSIZED + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** Nesting depth, iterative so that deep frames cannot overflow the stack. */
    static int depth(JsonNode root) {
        int max = 0;
        java.util.ArrayDeque<Object[]> stack = new java.util.ArrayDeque<>();
        stack.push(new Object[] {root, 1});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            JsonNode node = (JsonNode) top[0];
            int d = (Integer) top[1];
            if (node.isContainer()) {
                max = Math.max(max, d);
                for (JsonNode child : node) {
                    stack.push(new Object[] {child, d + 1});
                }
            }
        }
        return max;
    }
}
