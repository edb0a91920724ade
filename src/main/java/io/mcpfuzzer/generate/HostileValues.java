package io.mcpfuzzer.generate;

import io.mcpfuzzer.generate.regex.BoundedMatcher;
import io.mcpfuzzer.generate.regex.Patterns;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The sampled (unbounded) aggressive values: payloads of the attack families and the
 * canary-carrying structural values. Each embeds the run's canary, so no two runs send the same
 * input. Stateless.
 */
final class HostileValues {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] EXTRA_KEYS = {"isAdmin", "admin", "role", "debug", "__fuzz_{C}", "$where",
        "__class__", "../{C}", "constructor", "sudo", "{C}", "exec"};
    private static final int MAX_NESTING = 400;

    private HostileValues() {}

    /**
     * A family payload, alone or wrapped around the current (valid) string value. Payloads
     * without a canary are mostly wrapped (around a realistic word when the field holds no string)
     * so that runs do not repeat.
     */
    static JsonNode payload(AggressiveStrategy family, JsonNode current, SplittableRandom r, String canary) {
        String payload = Payloads.render(family, r, canary);
        String base = current != null && current.isString() && !current.asString().isEmpty() ? current.asString() : null;
        if (base == null && !payload.contains(canary)) {
            base = Words.token(r) + (family == AggressiveStrategy.PATH_TRAVERSAL ? "/" : "");
        }
        if (base != null) {
            int mode = r.nextInt(payload.contains(canary) ? 4 : 3);
            if (mode == 1) {
                return F.stringNode(base + payload);
            }
            if (mode == 2) {
                return F.stringNode(payload + base);
            }
        }
        return F.stringNode(payload);
    }

    /** Adds a prototype-polluting key to an object, or a polluting string elsewhere. */
    static JsonNode prototypePollution(JsonNode current, SplittableRandom r, String canary) {
        if (current != null && current.isObject()) {
            ObjectNode copy = (ObjectNode) current.deepCopy();
            if (r.nextBoolean()) {
                copy.set("__proto__", F.objectNode().put("isAdmin", true).put(canary, true));
            } else {
                copy.set("constructor", F.objectNode().set("prototype", F.objectNode().put("polluted", canary)));
            }
            return copy;
        }
        return payload(AggressiveStrategy.PROTOTYPE_POLLUTION, current, r, canary);
    }

    /** The object with one undeclared property added. */
    static JsonNode extraProperty(JsonNode current, SplittableRandom r, String canary) {
        ObjectNode copy = current != null && current.isObject() ? (ObjectNode) current.deepCopy() : F.objectNode();
        String key = EXTRA_KEYS[r.nextInt(EXTRA_KEYS.length)].replace(Payloads.CANARY, canary);
        if (copy.has(key)) {
            key = "extra_" + canary;
        }
        AggressiveStrategy family = AggressiveStrategy.values()[r.nextInt(AggressiveStrategy.HOMOGLYPH.ordinal() + 1)];
        switch (r.nextInt(3)) {
            case 0: copy.put(key, true); break;
            case 1: copy.put(key, canary); break;
            default: copy.put(key, Payloads.render(family, r, canary));
        }
        return copy;
    }

    /** A long string (or array for array slots) past any declared maximum. */
    static JsonNode longValue(Slot slot, JsonNode current, SplittableRandom r, String canary, int charsLeft) {
        SchemaView v = slot.view();
        if (current != null && current.isArray() && !current.isEmpty()) {
            var array = F.arrayNode();
            int n = Math.max(v.maxItems == Integer.MAX_VALUE ? 0 : v.maxItems + 1, 1_000 * r.nextInt(1, 11));
            for (int i = 0; i < n && i < 10_000; i++) {
                array.add(current.get(0).deepCopy());
            }
            return array;
        }
        int[] sizes = {1_024, 4_096, 65_536, 100_000};
        int length = sizes[r.nextInt(sizes.length)];
        if (v.maxLength != Integer.MAX_VALUE && v.maxLength < length && r.nextBoolean()) {
            length = v.maxLength + 1 + r.nextInt(16);
        }
        length = Math.max(canary.length() + 1, Math.min(length, charsLeft));
        String unit = current != null && current.isString() && !current.asString().isEmpty()
                ? current.asString() : "A";
        StringBuilder b = new StringBuilder(length).append(canary);
        while (b.length() < length) {
            b.append(unit);
        }
        b.setLength(length);
        return F.stringNode(b.toString());
    }

    /** Arrays or objects nested 64..400 deep with the canary at the bottom. */
    static JsonNode deepNesting(SplittableRandom r, String canary) {
        int depth = r.nextInt(64, MAX_NESTING + 1);
        boolean arrays = r.nextBoolean();
        JsonNode node = F.stringNode(canary);
        for (int i = 0; i < depth; i++) {
            node = arrays ? F.arrayNode().add(node) : F.objectNode().set("a", node);
        }
        return node;
    }

    /** A near miss of the slot's enum/const: flipped case, padding, or an unknown value. */
    static JsonNode enumViolation(Slot slot, SplittableRandom r, String canary) {
        SchemaView v = slot.view();
        List<JsonNode> values = v.enumValues != null ? v.enumValues : List.of(v.constValue);
        JsonNode pick = values.get(r.nextInt(values.size()));
        if (pick.isString() && !pick.asString().isEmpty()) {
            String s = pick.asString();
            switch (r.nextInt(4)) {
                case 0:
                    String flipped = s.equals(s.toUpperCase(Locale.ROOT)) ? s.toLowerCase(Locale.ROOT) : s.toUpperCase(Locale.ROOT);
                    return F.stringNode(flipped.equals(s) ? s + "_" + canary : flipped);
                case 1: return F.stringNode(s + " ");
                case 2: return F.stringNode(s + canary);
                default: return F.stringNode(canary);
            }
        }
        if (pick.isNumber()) {
            return NumberValues.node(pick.decimalValue().add(java.math.BigDecimal.ONE));
        }
        return F.stringNode(canary);
    }

    /** A malformed value for the slot's format. */
    static JsonNode formatViolation(Slot slot, SplittableRandom r, String canary) {
        String[] options = invalidFormats(slot.view().format);
        String s = options[r.nextInt(options.length)].replace(Payloads.CANARY, canary);
        return F.stringNode(s.contains(canary) ? s : s + " " + canary);
    }

    /**
     * The malformed forms of {@code format} (null = none declared), each possibly holding the
     * {@link Payloads#CANARY} placeholder; never empty. A fresh array per call.
     */
    static String[] invalidFormats(String declared) {
        String format = declared == null ? "" : declared.toLowerCase(Locale.ROOT);
        String[] options;
        switch (format) {
            case "date": options = new String[] {"2024-13-40", "2024-02-30", "17/05/2024", "{C}"}; break;
            case "date-time": options = new String[] {"2024-13-40T25:70:99Z", "2024-05-17 10:00", "yesterday {C}"}; break;
            case "time": options = new String[] {"25:61:00Z", "10:00", "noon {C}"}; break;
            case "email": case "idn-email": options = new String[] {"{C}@", "@example.com", "a@b@c.com", "{C} <x@example.com>"}; break;
            case "uri": case "iri": case "uri-reference": options = new String[] {"http://[::1", "//{C}", "javascript:alert('{C}')", "ht tp://x/{C}"}; break;
            case "uuid": options = new String[] {"zzzzzzzz-{C}", "00000000-0000-0000-0000-00000000000g", "{C}"}; break;
            case "ipv4": options = new String[] {"999.1.1.1", "1.2.3", "127.0.0.1.{C}"}; break;
            case "ipv6": options = new String[] {":::1", "1::2::3", "fe80::{C}"}; break;
            case "hostname": case "idn-hostname": options = new String[] {"-bad-.example.com", "a..b", "{C}_x.example.com"}; break;
            default: options = new String[] {"{C}", "not-a-" + format + "-{C}"};
        }
        return options;
    }

    /** A string that breaks one of the slot's patterns (checked with a bounded matcher). */
    static JsonNode patternViolation(Slot slot, JsonNode current, SplittableRandom r, String canary, int budget) {
        String valid = current != null && current.isString() ? current.asString() : "";
        String[] candidates = {valid + "!" + canary, canary + "\n", " " + valid + " " + canary, "!" + canary,
            valid + "\u0000" + canary, "-" + canary + "-", "%" + canary};
        int start = r.nextInt(candidates.length);
        for (int i = 0; i < candidates.length; i++) {
            String c = candidates[(start + i) % candidates.length];
            for (String p : slot.view().patterns) {
                Pattern pattern = Patterns.compile(p).orElse(null);
                if (pattern == null || BoundedMatcher.find(pattern, c, budget) == BoundedMatcher.Outcome.NO_MATCH) {
                    return F.stringNode(c);
                }
            }
        }
        return F.stringNode(candidates[start]);
    }
}
