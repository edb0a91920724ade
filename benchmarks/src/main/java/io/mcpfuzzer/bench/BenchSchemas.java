package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;

/** Representative MCP tool input schemas for the generation benchmarks. */
final class BenchSchemas {
    private BenchSchemas() {}

    static JsonNode named(String name) {
        switch (name) {
            case "one-string":
                return Json.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}");
            case "edit-file":
                return Json.parse("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                        + "\"edits\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"oldText\":{\"type\":\"string\"},"
                        + "\"newText\":{\"type\":\"string\"}},\"required\":[\"oldText\",\"newText\"],\"additionalProperties\":false}},"
                        + "\"dryRun\":{\"type\":\"boolean\",\"default\":false}},\"required\":[\"path\",\"edits\"],"
                        + "\"additionalProperties\":false,\"$schema\":\"http://json-schema.org/draft-07/schema#\"}");
            case "rich":
                return Json.parse("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                        + "\"query\":{\"type\":\"string\",\"maxLength\":200},\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100},"
                        + "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"safe\"]},\"when\":{\"type\":\"string\",\"format\":\"date\"},"
                        + "\"code\":{\"type\":\"string\",\"pattern\":\"^[a-z]{3}-\\\\d{2,4}$\"},"
                        + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":5},"
                        + "\"opts\":{\"type\":\"object\",\"properties\":{\"deep\":{\"type\":\"boolean\"},\"label\":{\"type\":\"string\"}},"
                        + "\"required\":[\"deep\"],\"additionalProperties\":false}},\"required\":[\"path\",\"limit\"],"
                        + "\"additionalProperties\":false}");
            case "refs-combinators":
                return Json.parse("{\"type\":\"object\",\"$defs\":{\"pos\":{\"type\":\"integer\",\"minimum\":1},"
                        + "\"node\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
                        + "\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/node\"}}},\"required\":[\"name\"]}},"
                        + "\"properties\":{\"tree\":{\"$ref\":\"#/$defs/node\"},\"n\":{\"$ref\":\"#/$defs/pos\"},"
                        + "\"any\":{\"anyOf\":[{\"type\":\"string\",\"format\":\"email\"},{\"type\":\"integer\",\"minimum\":100}]},"
                        + "\"all\":{\"allOf\":[{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[\"a\"]},"
                        + "{\"properties\":{\"b\":{\"type\":\"string\"}},\"required\":[\"b\"]}]}},\"required\":[\"tree\",\"n\",\"any\",\"all\"]}");
            default:
                throw new IllegalArgumentException("unknown schema " + name);
        }
    }
}
