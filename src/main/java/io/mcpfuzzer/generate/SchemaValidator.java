package io.mcpfuzzer.generate;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Validates instances against JSON Schemas with networknt json-schema-validator, with
 * format assertions on (by default) and budgeted regex matching. The one validator of the project:
 * generated tool inputs and a server's {@code outputSchema} (through
 * {@code oracle.audit.SchemaCheck}) both go through it, so no server-supplied {@code pattern} runs
 * unbounded. Remote {@code $ref}s are never fetched.
 *
 * <p>Dialect: the schema's {@code $schema} when present. Without it (the usual MCP tool
 * {@code inputSchema}) draft 2020-12 is used, except that draft-04 style boolean
 * {@code exclusiveMinimum}/{@code exclusiveMaximum} selects draft 4 and array-form {@code items}
 * selects draft 7; when a dialect rejects the schema the next one is tried.
 *
 * <p>Never throws for a broken schema or a hostile pattern: those become
 * {@link Validation.Verdict#BROKEN_SCHEMA} and {@link Validation.Verdict#UNDECIDED}. Compiled
 * schemas are cached by schema value (bounded); callers must not mutate a schema after passing
 * it in. Thread-safe.
 */
public final class SchemaValidator {
    private static final int CACHE_CAP = 256;
    private static final int MAX_ERRORS = 20;
    private static final long MAX_EVALUATION_STEPS = 2_000_000L;
    private static final int MAX_EVALUATION_DEPTH = 1_000;

    private final Map<SpecificationVersion, SchemaRegistry> registries = new ConcurrentHashMap<>();
    private final Map<JsonNode, Compiled> cache = new ConcurrentHashMap<>();
    /** The same compiled schemas by schema identity: a hit costs no deep hash or compare of the schema. */
    private final Map<Identity, Compiled> byIdentity = new ConcurrentHashMap<>();
    private final SchemaRegistryConfig config;

    private final boolean formatAssertions;

    /** A validator whose pattern checks read at most {@code regexMatchSteps} characters each. */
    public SchemaValidator(int regexMatchSteps) {
        this(regexMatchSteps, true);
    }

    /**
     * A validator whose pattern checks read at most {@code regexMatchSteps} characters each, with
     * {@code format} asserted (inputs we generate) or only annotated (JSON Schema 2020-12's default,
     * used for a server's {@code outputSchema}).
     */
    public SchemaValidator(int regexMatchSteps, boolean formatAssertions) {
        this.formatAssertions = formatAssertions;
        this.config = SchemaRegistryConfig.builder()
                .formatAssertionsEnabled(formatAssertions)
                .regularExpressionFactory(new BoundedRegexFactory(regexMatchSteps))
                .build();
    }

    /** A validator with the default limits. */
    public SchemaValidator() {
        this(GenerationLimits.defaults().regexMatchSteps());
    }

    /**
     * Validates {@code instance} against {@code schema}.
     *
     * @param schema   a JSON Schema (object or boolean); null means "no schema", which accepts all
     * @param instance the value to check; a Java null is treated as JSON null
     */
    public Validation validate(JsonNode schema, JsonNode instance) {
        if (schema == null || schema.isMissingNode()) {
            return new Validation(Validation.Verdict.VALID, List.of(), "");
        }
        JsonNode value = instance == null ? tools.jackson.databind.node.NullNode.getInstance() : instance;
        Compiled compiled = compiled(schema);
        if (compiled.schema == null) {
            return new Validation(Validation.Verdict.BROKEN_SCHEMA, List.of(compiled.error), compiled.dialect);
        }
        try {
            List<Error> errors = compiled.schema.validate(value, ctx -> ctx.executionConfig(b -> b
                    .formatAssertionsEnabled(formatAssertions)
                    .maxEvaluationSteps(MAX_EVALUATION_STEPS)
                    .maxEvaluationDepth(MAX_EVALUATION_DEPTH)));
            if (errors.isEmpty()) {
                return new Validation(Validation.Verdict.VALID, List.of(), compiled.dialect);
            }
            List<String> messages = new ArrayList<>();
            for (Error error : errors) {
                if (messages.size() == MAX_ERRORS) {
                    messages.add("... " + (errors.size() - MAX_ERRORS) + " more");
                    break;
                }
                messages.add(error.toString());
            }
            return new Validation(Validation.Verdict.INVALID, messages, compiled.dialect);
        } catch (BoundedRegexFactory.RegexBudgetExceeded e) {
            return new Validation(Validation.Verdict.UNDECIDED, List.of(e.getMessage()), compiled.dialect);
        } catch (com.networknt.schema.ValidationLimitExceededException e) {
            return new Validation(Validation.Verdict.UNDECIDED,
                    List.of("validation limit exceeded: " + e.getLimitKind()), compiled.dialect);
        } catch (com.networknt.schema.SchemaException e) {
            return new Validation(Validation.Verdict.BROKEN_SCHEMA, List.of("schema error: " + describe(e)),
                    compiled.dialect);
        } catch (RuntimeException | StackOverflowError e) {
            return new Validation(Validation.Verdict.UNDECIDED, List.of("validator failed on this instance: "
                    + describe(e)), compiled.dialect);
        }
    }

    private Compiled compiled(JsonNode schema) {
        Identity id = new Identity(schema);
        Compiled same = byIdentity.get(id);
        if (same != null) {
            return same;
        }
        Compiled hit = cache.get(schema);
        if (hit == null) {
            hit = compile(schema);
            if (cache.size() >= CACHE_CAP) {
                cache.clear();
            }
            cache.put(schema.deepCopy(), hit);
        }
        if (byIdentity.size() >= CACHE_CAP) {
            byIdentity.clear();
        }
        byIdentity.put(id, hit);
        return hit;
    }

    /** A schema compared by reference (the caller does not mutate a schema it passed in). */
    private static final class Identity {
        private final JsonNode node;

        Identity(JsonNode node) {
            this.node = node;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Identity other && other.node == node;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(node);
        }
    }

    private Compiled compile(JsonNode schema) {
        String firstError = null;
        String firstDialect = "";
        for (SpecificationVersion version : candidates(schema)) {
            try {
                Schema compiled = registry(version).getSchema(schema);
                compiled.initializeValidators();
                return new Compiled(compiled, dialectName(version), null);
            } catch (RuntimeException | StackOverflowError e) {
                if (firstError == null) {
                    firstError = "schema error: " + describe(e);
                    firstDialect = dialectName(version);
                }
            }
        }
        return new Compiled(null, firstDialect, firstError);
    }

    private static List<SpecificationVersion> candidates(JsonNode schema) {
        List<SpecificationVersion> order = new ArrayList<>();
        JsonNode declared = schema.path("$schema");
        if (declared.isString()) {
            SpecificationVersion.fromDialectId(declared.asString()).ifPresent(order::add);
        }
        if (order.isEmpty()) {
            DialectSniffer sniff = DialectSniffer.sniff(schema);
            if (sniff.draft4Style()) {
                order.add(SpecificationVersion.DRAFT_4);
            } else if (sniff.draft7Style()) {
                order.add(SpecificationVersion.DRAFT_7);
            }
        }
        for (SpecificationVersion fallback : List.of(SpecificationVersion.DRAFT_2020_12,
                SpecificationVersion.DRAFT_7, SpecificationVersion.DRAFT_4)) {
            if (!order.contains(fallback)) {
                order.add(fallback);
            }
        }
        return order;
    }

    private SchemaRegistry registry(SpecificationVersion version) {
        return registries.computeIfAbsent(version, v ->
                SchemaRegistry.withDefaultDialect(v, builder -> builder.schemaRegistryConfig(config)
                        .schemaLoader(loader -> loader.fetchRemoteResources(false))));
    }

    private static String dialectName(SpecificationVersion version) {
        switch (version) {
            case DRAFT_4: return "draft-04";
            case DRAFT_6: return "draft-06";
            case DRAFT_7: return "draft-07";
            case DRAFT_2019_09: return "draft2019-09";
            default: return "draft2020-12";
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        String text = e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }

    private record Compiled(Schema schema, String dialect, String error) {}
}
