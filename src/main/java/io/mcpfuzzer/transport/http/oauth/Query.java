package io.mcpfuzzer.transport.http.oauth;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Parses an URL query ({@code a=b&c=d}) into decoded names and values; first occurrence wins. Stateless. */
final class Query {
    private static final int MAX_LENGTH = 16 * 1024;

    private Query() {}

    static Map<String, String> parse(String rawQuery) {
        Map<String, String> out = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.length() > MAX_LENGTH) {
            return out;
        }
        for (String part : rawQuery.split("&")) {
            int eq = part.indexOf('=');
            String name = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            try {
                out.putIfAbsent(URLDecoder.decode(name, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                out.putIfAbsent(name, value); // a malformed escape stays as sent; state/code checks then fail clearly
            }
        }
        return out;
    }
}
