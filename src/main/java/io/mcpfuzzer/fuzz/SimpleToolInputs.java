package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Minimal placeholder generator (replaced by the generate layer). */
public final class SimpleToolInputs implements ToolInputs {
    private static final List<String> PAYLOADS = List.of("../../../etc/passwd", "' OR 1=1--", "<script>alert(1)</script>",
            "; id", "$(id)", "{{7*7}}", "${jndi:ldap://127.0.0.1/a}");
    private final long seed;

    public SimpleToolInputs(long seed) {
        this.seed = seed;
    }

    @Override
    public GeneratedCall generate(String tool, JsonNode schema, String phase, int run) {
        SplittableRandom rnd = new SplittableRandom(seed ^ tool.hashCode() * 31L ^ run);
        ObjectNode args = Json.object();
        boolean aggressive = "aggressive".equals(phase);
        JsonNode props = schema.path("properties");
        for (String name : props.propertyNames()) {
            String type = props.get(name).path("type").asString("string");
            switch (type) {
                case "integer" -> args.put(name, aggressive ? (run % 2 == 0 ? 1_000_000 : -1) : rnd.nextInt(100));
                case "number" -> args.put(name, aggressive ? 1e308 : rnd.nextDouble());
                case "boolean" -> args.put(name, rnd.nextBoolean());
                default -> args.put(name, aggressive ? PAYLOADS.get(run % PAYLOADS.size()) : "sample-" + rnd.nextInt(1000));
            }
        }
        return new GeneratedCall(args, aggressive ? null : Boolean.TRUE, aggressive ? "payload" : "realistic");
    }
}
