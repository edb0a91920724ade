package io.mcpfuzzer.oracle.audit;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Validates instances against a server-supplied JSON Schema with networknt: JSON Schema 2020-12 (the MCP
 * default) first, draft-07 when the schema only makes sense there (for example tuple {@code items}
 * arrays); remote {@code $ref}s are never fetched. Compiled schemas are cached by canonical hash (at most
 * {@link #MAX_CACHED}). Thread-safe.
 */
public final class SchemaCheck {
    public static final int MAX_CACHED = 1024;
    public static final int MAX_ERRORS = 10;

    private static final SchemaRegistry DRAFT_2020 = registry(SpecificationVersion.DRAFT_2020_12);
    private static final SchemaRegistry DRAFT_7 = registry(SpecificationVersion.DRAFT_7);
    private static final Map<String, String> DIALECT = new ConcurrentHashMap<>();

    /** Outcome: dialect used, up to {@link #MAX_ERRORS} error messages, or the reason the schema is unusable. */
    public record Result(String dialect, List<String> errors, String unusable) {
        public boolean valid() {
            return unusable == null && errors.isEmpty();
        }
    }

    private SchemaCheck() {}

    /** Validates instance against schema; never throws for bad schemas (they come back as unusable). */
    public static Result validate(JsonNode schema, JsonNode instance) {
        String key = CanonicalJson.sha256(schema);
        String known = DIALECT.get(key);
        if (!"draft-07".equals(known)) {
            try {
                return run(DRAFT_2020, "2020-12", key, schema, instance);
            } catch (SchemaException e) {
                // retry as draft-07 below
            } catch (RuntimeException | StackOverflowError e) {
                return new Result("2020-12", List.of(), describe(e));
            }
        }
        try {
            return run(DRAFT_7, "draft-07", key, schema, instance);
        } catch (RuntimeException | StackOverflowError e) {
            return new Result("draft-07", List.of(), describe(e));
        }
    }

    private static Result run(SchemaRegistry registry, String dialect, String key, JsonNode schema, JsonNode instance) {
        Schema s = registry.getSchema(schema);
        List<Error> errors = s.validate(instance);
        if (DIALECT.size() >= MAX_CACHED) {
            DIALECT.clear();
        }
        DIALECT.put(key, dialect);
        List<String> messages = new ArrayList<>();
        for (Error e : errors) {
            if (messages.size() >= MAX_ERRORS) {
                break;
            }
            messages.add(Snippet.excerpt(e.getInstanceLocation() + ": " + e.getMessage(), 300));
        }
        return new Result(dialect, messages, null);
    }

    private static String describe(Throwable e) {
        return Snippet.excerpt(e.getClass().getSimpleName() + ": " + e.getMessage(), 300);
    }

    private static SchemaRegistry registry(SpecificationVersion version) {
        return SchemaRegistry.withDefaultDialect(version, b -> b.schemaLoader(l -> l.fetchRemoteResources(false)));
    }
}
