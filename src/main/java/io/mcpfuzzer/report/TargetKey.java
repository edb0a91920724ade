package io.mcpfuzzer.report;

import java.util.Set;

/**
 * The key of a per-target outcome bucket: {@code kind + ":" + target}, for example
 * {@code tool:echo} or {@code protocol:PingRequest}. A key without a known kind prefix is kept
 * whole with kind {@code target}.
 *
 * @param kind   surface ({@code tool}, {@code protocol}, {@code resource}, {@code prompt}, ...)
 * @param target tool name, message type, URI or prompt name (may itself contain colons)
 */
public record TargetKey(String kind, String target) {
    private static final Set<String> KINDS = Set.of("tool", "protocol", "resource", "prompt", "frame", "session", "audit");

    public TargetKey {
        kind = kind == null || kind.isEmpty() ? "target" : kind;
        target = target == null ? "" : target;
    }

    /** The bucket key for a kind and target. */
    public static String of(String kind, String target) {
        return new TargetKey(kind, target).toString();
    }

    /** Splits a bucket key made by {@link #of}; tolerant of keys made elsewhere. */
    public static TargetKey parse(String key) {
        String text = key == null ? "" : key;
        int colon = text.indexOf(':');
        if (colon > 0 && KINDS.contains(text.substring(0, colon))) {
            return new TargetKey(text.substring(0, colon), text.substring(colon + 1));
        }
        return new TargetKey("target", text);
    }

    @Override
    public String toString() {
        return kind + ":" + target;
    }
}
