package io.mcpfuzzer.generate.regex;

import com.networknt.schema.regex.RegularExpressions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Compiles JSON Schema ({@code ECMA-262}-flavoured) patterns to JDK patterns the same way the
 * schema validator does, with a small bounded cache. Thread-safe.
 */
public final class Patterns {
    private static final int CACHE_CAP = 512;
    private static final Map<String, Optional<Pattern>> CACHE = new ConcurrentHashMap<>();

    private Patterns() {}

    /** Compiled pattern, or empty when the pattern is not a valid regular expression. */
    public static Optional<Pattern> compile(String pattern) {
        Optional<Pattern> cached = CACHE.get(pattern);
        if (cached != null) {
            return cached;
        }
        Optional<Pattern> compiled;
        try {
            compiled = Optional.of(Pattern.compile(translate(pattern)));
        } catch (IllegalArgumentException | StackOverflowError e) {
            compiled = Optional.empty();
        }
        if (CACHE.size() >= CACHE_CAP) {
            CACHE.clear();
        }
        CACHE.put(pattern, compiled);
        return compiled;
    }

    /** The JDK regex text for an ECMA pattern ({@code $} anchors and long-form properties). */
    public static String translate(String pattern) {
        return RegularExpressions.replaceLongformCharacterProperties(
                RegularExpressions.replaceDollarAnchors(pattern));
    }
}
