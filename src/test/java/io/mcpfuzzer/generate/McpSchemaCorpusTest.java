package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every definition of the official MCP JSON schemas (draft-07, deep $ref graphs, anyOf unions)
 * as a generation target: realistic values must validate.
 */
@Execution(ExecutionMode.CONCURRENT)
class McpSchemaCorpusTest {
    private static final Path SCHEMAS = io.mcpfuzzer.generate.protocol.OfficialSchemas.root();
    private static final SchemaValidator VALIDATOR = new SchemaValidator();

    static Stream<String> versions() {
        return Stream.of("2024-11-05", "2025-06-18", "2025-11-25", "2026-07-28");
    }

    @ParameterizedTest
    @MethodSource("versions")
    void everyDefinitionYieldsValidValues(String version) throws IOException {
        Path file = SCHEMAS.resolve(version).resolve("schema.json");
        assertThat(file).as("official MCP schema").isRegularFile();
        JsonNode root = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        SchemaGenerator generator = new SchemaGenerator();
        List<String> failures = new ArrayList<>();
        int total = 0;
        String container = root.has("$defs") ? "$defs" : "definitions";
        for (String name : root.path(container).propertyNames()) {
            ObjectNode schema = (ObjectNode) root.deepCopy();
            schema.put("$ref", "#/" + container + "/" + name);
            for (long seed = 0; seed < 5; seed++) {
                total++;
                Validation validation = null;
                JsonNode value = null;
                for (int attempt = 0; attempt < 6 && (validation == null || !validation.valid()); attempt++) {
                    value = generator.realistic(schema, new SplittableRandom(Seeds.derive(seed, name, "" + attempt))).value();
                    validation = VALIDATOR.validate(schema, value);
                }
                if (!validation.valid()) {
                    String text = Json.write(value);
                    failures.add(name + ": " + (text.length() > 300 ? text.substring(0, 300) : text) + " -> " + validation.errors());
                }
            }
        }
        assertThat(total).isGreaterThan(100);
        assertThat(failures).as(failures.size() + " of " + total + " failed").isEmpty();
    }
}
