package io.mcpfuzzer.generate;

import io.mcpfuzzer.generate.regex.RegexGenerator;
import io.mcpfuzzer.generate.regex.UnsupportedRegexException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;

/**
 * Mutable state of one value generation: the randomness, the budgets and the problems found.
 * Confined to one thread and one call.
 */
final class GenContext {
    final JsonNode root;
    final SplittableRandom random;
    final GenerationLimits limits;
    final RefResolver refs;
    final RealisticHints hints;
    /** Words about the value's owner (the tool name, split), lower case; "" when unknown. */
    final String about;
    /**
     * The description of the array whose items are being generated, for items that have none ("Array of note
     * filenames (must have .md extension)"); null inside an object's properties, which speak for themselves.
     */
    String itemsDescription;

    /** {@code body}'s value, computed with {@link #itemsDescription} set to {@code description}, then restored. */
    <T> T withItemsDescription(String description, java.util.function.Supplier<T> body) {
        String outer = itemsDescription;
        itemsDescription = description;
        try {
            return body.get();
        } finally {
            itemsDescription = outer;
        }
    }
    /** Harvested ids this generation may use (never null; an empty pool changes nothing). */
    final IdChoice ids;
    /** Values the server named in its error answers, this generation may use (never null). */
    final HintChoice named;
    private final List<GenerationProblem> problems = new ArrayList<>();
    private final Set<String> problemKeys = new HashSet<>();
    private final Map<String, Object> regexes = new HashMap<>();
    private final long deadlineNanos;
    private int steps;
    private int nodes;
    private long chars;
    private boolean exhausted;

    GenContext(JsonNode root, SplittableRandom random, GenerationLimits limits) {
        this(root, random, limits, RealisticHints.none());
    }

    GenContext(JsonNode root, SplittableRandom random, GenerationLimits limits, RealisticHints hints) {
        this(root, random, limits, hints, "");
    }

    GenContext(JsonNode root, SplittableRandom random, GenerationLimits limits, RealisticHints hints, String about) {
        this(root, random, limits, hints, about, null);
    }

    GenContext(JsonNode root, SplittableRandom random, GenerationLimits limits, RealisticHints hints, String about,
            IdChoice ids) {
        this(root, random, limits, hints, about, ids, null);
    }

    GenContext(JsonNode root, SplittableRandom random, GenerationLimits limits, RealisticHints hints, String about,
            IdChoice ids, HintChoice named) {
        this.ids = ids == null ? new IdChoice(IdPool.Snapshot.empty(), null) : ids;
        this.named = named == null ? HintChoice.none() : named;
        this.hints = hints;
        this.about = about == null ? "" : about;
        this.root = root;
        this.random = random;
        this.limits = limits;
        this.refs = new RefResolver(root);
        this.deadlineNanos = System.nanoTime() + limits.timeBudget().toNanos();
    }

    void problem(GenerationProblem.Kind kind, String pointer, String detail) {
        if (problems.size() < 50 && problemKeys.add(kind + "|" + pointer + "|" + detail)) {
            problems.add(new GenerationProblem(kind, pointer, detail));
        }
    }

    List<GenerationProblem> problems() {
        return List.copyOf(problems);
    }

    /** Counts one unit of work; false once any budget is exhausted (reported once). */
    boolean step(String pointer) {
        if (exhausted) {
            return false;
        }
        steps++;
        if (steps > limits.maxSteps()) {
            return exhaust(pointer, "step budget of " + limits.maxSteps() + " exhausted");
        }
        if ((steps & 127) == 0 && System.nanoTime() > deadlineNanos) {
            return exhaust(pointer, "time budget of " + limits.timeBudget().toMillis() + " ms exhausted");
        }
        return true;
    }

    /** Records a produced node; false when the node cap is hit. */
    boolean node(String pointer) {
        if (++nodes > limits.maxNodes()) {
            return exhaust(pointer, "node cap of " + limits.maxNodes() + " reached");
        }
        return !exhausted;
    }

    /** Records produced string characters; false when the character cap is hit. */
    boolean chars(String pointer, int count) {
        chars += count;
        if (chars > limits.maxChars()) {
            return exhaust(pointer, "character cap of " + limits.maxChars() + " reached");
        }
        return !exhausted;
    }

    boolean exhausted() {
        return exhausted;
    }

    /** Remaining string characters this value may still use. */
    int charsLeft() {
        return (int) Math.max(0, limits.maxChars() - chars);
    }

    private boolean exhaust(String pointer, String why) {
        if (!exhausted) {
            exhausted = true;
            problem(GenerationProblem.Kind.BUDGET_EXCEEDED, pointer, why);
        }
        return false;
    }

    /** Compiled generator for a pattern, or null (with a problem recorded) when unusable. */
    RegexGenerator regex(String pattern, String pointer) {
        Object cached = regexes.get(pattern);
        if (cached == null) {
            try {
                cached = RegexGenerator.compile(pattern, limits.regexMatchSteps());
            } catch (UnsupportedRegexException e) {
                cached = e.getMessage();
            }
            regexes.put(pattern, cached);
        }
        if (cached instanceof RegexGenerator generator) {
            return generator;
        }
        String why = (String) cached;
        problem("invalid regular expression".equals(why) ? GenerationProblem.Kind.INVALID_REGEX
                : GenerationProblem.Kind.UNSUPPORTED_REGEX, pointer, "pattern '" + pattern + "': " + why);
        return null;
    }
}
