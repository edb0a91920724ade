package io.mcpfuzzer.generate;

import io.mcpfuzzer.common.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Satisfiable schemas covering every keyword the generator supports (test data). */
final class TrickySchemas {
    private TrickySchemas() {}

    static Map<String, JsonNode> all() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("one-string", "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}");
        m.put("lengths", "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"minLength\":5,\"maxLength\":6},"
                + "\"b\":{\"type\":\"string\",\"maxLength\":0},\"c\":{\"type\":\"string\",\"minLength\":300}},\"required\":[\"a\",\"b\",\"c\"]}");
        m.put("formats", "{\"type\":\"object\",\"properties\":{"
                + "\"d\":{\"type\":\"string\",\"format\":\"date\"},\"dt\":{\"type\":\"string\",\"format\":\"date-time\"},"
                + "\"t\":{\"type\":\"string\",\"format\":\"time\"},\"e\":{\"type\":\"string\",\"format\":\"email\"},"
                + "\"u\":{\"type\":\"string\",\"format\":\"uri\"},\"ur\":{\"type\":\"string\",\"format\":\"uri-reference\"},"
                + "\"id\":{\"type\":\"string\",\"format\":\"uuid\"},\"v4\":{\"type\":\"string\",\"format\":\"ipv4\"},"
                + "\"v6\":{\"type\":\"string\",\"format\":\"ipv6\"},\"h\":{\"type\":\"string\",\"format\":\"hostname\"},"
                + "\"du\":{\"type\":\"string\",\"format\":\"duration\"},\"jp\":{\"type\":\"string\",\"format\":\"json-pointer\"}},"
                + "\"required\":[\"d\",\"dt\",\"t\",\"e\",\"u\",\"ur\",\"id\",\"v4\",\"v6\",\"h\",\"du\",\"jp\"]}");
        m.put("patterns", "{\"type\":\"object\",\"properties\":{"
                + "\"code\":{\"type\":\"string\",\"pattern\":\"^[A-Z]{3}-\\\\d{4}$\"},"
                + "\"phone\":{\"type\":\"string\",\"pattern\":\"^\\\\+?[0-9]{7,15}$\"},"
                + "\"alt\":{\"type\":\"string\",\"pattern\":\"^(foo|bar|ba[zq])-\\\\w+(\\\\.\\\\d+)?$\"},"
                + "\"free\":{\"type\":\"string\",\"pattern\":\"abc\",\"minLength\":10},"
                + "\"neg\":{\"type\":\"string\",\"pattern\":\"^[^\\\\s@]+@[^\\\\s@]+\\\\.[a-z]{2,}$\"},"
                + "\"both\":{\"type\":\"string\",\"allOf\":[{\"pattern\":\"^[a-z0-9_]+$\"},{\"pattern\":\"_\"}],\"maxLength\":12},"
                + "\"unicode\":{\"type\":\"string\",\"pattern\":\"^[\\\\u4e00-\\\\u9fa5]{2,4}$\"},"
                + "\"slug\":{\"type\":\"string\",\"pattern\":\"^[a-z0-9]+(?:-[a-z0-9]+)*$\",\"minLength\":3,\"maxLength\":20}},"
                + "\"required\":[\"code\",\"phone\",\"alt\",\"free\",\"neg\",\"both\",\"unicode\",\"slug\"]}");
        m.put("numbers", "{\"type\":\"object\",\"properties\":{"
                + "\"i\":{\"type\":\"integer\",\"minimum\":-5,\"maximum\":5},"
                + "\"ex\":{\"type\":\"integer\",\"exclusiveMinimum\":0,\"exclusiveMaximum\":3},"
                + "\"m\":{\"type\":\"integer\",\"multipleOf\":7,\"minimum\":10,\"maximum\":100},"
                + "\"f\":{\"type\":\"number\",\"multipleOf\":0.1,\"minimum\":0,\"maximum\":1},"
                + "\"n\":{\"type\":\"number\",\"exclusiveMinimum\":0.5,\"exclusiveMaximum\":0.6},"
                + "\"big\":{\"type\":\"integer\",\"minimum\":9223372036854775000,\"maximum\":92233720368547758070},"
                + "\"frac\":{\"type\":\"integer\",\"multipleOf\":0.5},"
                + "\"count\":{\"type\":\"integer\"},\"limit\":{\"type\":\"number\",\"maximum\":-1000}},"
                + "\"required\":[\"i\",\"ex\",\"m\",\"f\",\"n\",\"big\",\"frac\",\"count\",\"limit\"]}");
        m.put("draft04", "{\"$schema\":\"http://json-schema.org/draft-04/schema#\",\"type\":\"object\",\"properties\":{"
                + "\"x\":{\"type\":\"integer\",\"minimum\":0,\"exclusiveMinimum\":true,\"maximum\":2,\"exclusiveMaximum\":true}},"
                + "\"required\":[\"x\"]}");
        m.put("draft04-undeclared", "{\"type\":\"object\",\"properties\":{"
                + "\"x\":{\"type\":\"number\",\"minimum\":1,\"exclusiveMinimum\":true,\"maximum\":1.5}},\"required\":[\"x\"]}");
        m.put("enum-const-union", "{\"type\":\"object\",\"properties\":{\"mode\":{\"enum\":[\"fast\",\"slow\",1,null]},"
                + "\"k\":{\"const\":\"fixed\"},\"u\":{\"type\":[\"string\",\"null\"],\"minLength\":2},"
                + "\"typed\":{\"type\":\"string\",\"enum\":[\"a\",2,\"b\"]}},\"required\":[\"mode\",\"k\",\"u\",\"typed\"]}");
        m.put("arrays", "{\"type\":\"object\",\"properties\":{"
                + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"x\",\"y\",\"z\"]},\"uniqueItems\":true,\"minItems\":2,\"maxItems\":3},"
                + "\"pair\":{\"type\":\"array\",\"prefixItems\":[{\"type\":\"integer\"},{\"type\":\"string\"}],\"items\":false,\"minItems\":2},"
                + "\"nums\":{\"type\":\"array\",\"items\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":3},\"uniqueItems\":true,\"maxItems\":4},"
                + "\"has\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"},\"contains\":{\"const\":42},\"maxItems\":3}},"
                + "\"required\":[\"tags\",\"pair\",\"nums\",\"has\"]}");
        m.put("draft07-tuple", "{\"type\":\"object\",\"properties\":{\"t\":{\"type\":\"array\",\"items\":[{\"type\":\"string\"},"
                + "{\"type\":\"boolean\"}],\"additionalItems\":false}},\"required\":[\"t\"],\"definitions\":{\"unused\":{\"type\":\"string\"}}}");
        m.put("objects", "{\"type\":\"object\",\"properties\":{"
                + "\"closed\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"],\"additionalProperties\":false},"
                + "\"map\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\",\"minimum\":0},\"minProperties\":2},"
                + "\"pp\":{\"type\":\"object\",\"patternProperties\":{\"^x-[a-z]+$\":{\"type\":\"boolean\"}},\"additionalProperties\":false},"
                + "\"names\":{\"type\":\"object\",\"propertyNames\":{\"pattern\":\"^[a-z]{2,5}$\"},\"minProperties\":1},"
                + "\"dep\":{\"type\":\"object\",\"properties\":{\"card\":{\"type\":\"string\"},\"cvv\":{\"type\":\"string\"}},"
                + "\"dependentRequired\":{\"card\":[\"cvv\"]},\"required\":[\"card\"]},"
                + "\"few\":{\"type\":\"object\",\"properties\":{\"a\":{},\"b\":{},\"c\":{}},\"required\":[\"a\"],\"maxProperties\":1}},"
                + "\"required\":[\"closed\",\"map\",\"pp\",\"names\",\"dep\",\"few\"],\"additionalProperties\":false}");
        m.put("combinators", "{\"type\":\"object\",\"properties\":{"
                + "\"all\":{\"allOf\":[{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[\"a\"]},"
                + "{\"properties\":{\"b\":{\"type\":\"string\"}},\"required\":[\"b\"]}]},"
                + "\"any\":{\"anyOf\":[{\"type\":\"string\",\"format\":\"email\"},{\"type\":\"integer\",\"minimum\":100}]},"
                + "\"one\":{\"oneOf\":[{\"type\":\"string\",\"maxLength\":3},{\"type\":\"number\",\"minimum\":1000}]},"
                + "\"notnull\":{\"not\":{\"type\":\"null\"}},\"notval\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"],\"not\":{\"const\":\"a\"}},"
                + "\"cond\":{\"type\":\"object\",\"properties\":{\"kind\":{\"enum\":[\"n\",\"s\"]},\"v\":{}},\"required\":[\"kind\",\"v\"],"
                + "\"if\":{\"properties\":{\"kind\":{\"const\":\"n\"}}},\"then\":{\"properties\":{\"v\":{\"type\":\"number\"}}},"
                + "\"else\":{\"properties\":{\"v\":{\"type\":\"string\"}}}}},"
                + "\"required\":[\"all\",\"any\",\"one\",\"notnull\",\"notval\",\"cond\"]}");
        m.put("refs", "{\"type\":\"object\",\"$defs\":{\"pos\":{\"type\":\"integer\",\"minimum\":1},"
                + "\"point\":{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"#/$defs/pos\"},\"y\":{\"$ref\":\"#/$defs/pos\"}},\"required\":[\"x\",\"y\"]},"
                + "\"node\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/node\"}}},"
                + "\"required\":[\"name\"]}},"
                + "\"properties\":{\"p\":{\"$ref\":\"#/$defs/point\"},\"tree\":{\"$ref\":\"#/$defs/node\"},"
                + "\"legacy\":{\"$ref\":\"#/definitions/old\"},\"self\":{\"$ref\":\"#/properties/p\"}},"
                + "\"definitions\":{\"old\":{\"type\":\"string\",\"enum\":[\"v1\",\"v2\"]}},\"required\":[\"p\",\"tree\",\"legacy\",\"self\"]}");
        m.put("defaults-examples", "{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"string\",\"default\":\"info\","
                + "\"examples\":[\"debug\",\"warn\"]},\"n\":{\"type\":\"integer\",\"default\":3}},\"required\":[\"level\",\"n\"]}");
        m.put("edit-file-like", "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                + "\"edits\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"oldText\":{\"type\":\"string\"},"
                + "\"newText\":{\"type\":\"string\"}},\"required\":[\"oldText\",\"newText\"],\"additionalProperties\":false}},"
                + "\"dryRun\":{\"type\":\"boolean\",\"default\":false}},\"required\":[\"path\",\"edits\"],"
                + "\"additionalProperties\":false,\"$schema\":\"http://json-schema.org/draft-07/schema#\"}");
        m.put("empty-object", "{\"type\":\"object\"}");
        m.put("no-type", "{}");
        m.put("nullable-zod", "{\"type\":\"object\",\"properties\":{\"q\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]},"
                + "\"lim\":{\"type\":\"number\",\"exclusiveMinimum\":0,\"maximum\":50,\"default\":10}},"
                + "\"required\":[\"q\"],\"additionalProperties\":false,\"$schema\":\"http://json-schema.org/draft-07/schema#\"}");
        Map<String, JsonNode> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, Json.parse(v)));
        return out;
    }
}
