package io.mcpfuzzer.transport.http.oauth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of a {@code Bearer} challenge in a {@code WWW-Authenticate} header (RFC 6750 section 3,
 * RFC 9728 section 5.1): {@code resource_metadata}, {@code scope}, {@code error}. A hand scanner (no regex) over
 * at most {@value #MAX_LENGTH} characters; malformed parts are skipped. Immutable.
 *
 * @param params lower-case parameter name to value (first occurrence wins)
 */
public record Challenge(Map<String, String> params) {
    static final int MAX_LENGTH = 8192;
    private static final Challenge NONE = new Challenge(Map.of());

    public static Challenge none() {
        return NONE;
    }

    /** Parses the header; null or an empty header gives {@link #none()}. */
    public static Challenge parse(String header) {
        if (header == null || header.isBlank()) {
            return NONE;
        }
        String s = header.length() > MAX_LENGTH ? header.substring(0, MAX_LENGTH) : header;
        int i = 0;
        int bearer = s.toLowerCase(Locale.ROOT).indexOf("bearer");
        if (bearer >= 0) {
            i = bearer + "bearer".length();
        }
        Map<String, String> out = new LinkedHashMap<>();
        int n = s.length();
        while (i < n) {
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == ',' || s.charAt(i) == '\t')) {
                i++;
            }
            int nameStart = i;
            while (i < n && s.charAt(i) != '=' && s.charAt(i) != ',' && s.charAt(i) != ' ') {
                i++;
            }
            String name = s.substring(nameStart, i).toLowerCase(Locale.ROOT);
            while (i < n && s.charAt(i) == ' ') {
                i++;
            }
            if (i >= n || s.charAt(i) != '=') {
                continue;
            }
            i++;
            while (i < n && s.charAt(i) == ' ') {
                i++;
            }
            StringBuilder value = new StringBuilder();
            if (i < n && s.charAt(i) == '"') {
                i++;
                while (i < n && s.charAt(i) != '"') {
                    if (s.charAt(i) == '\\' && i + 1 < n) {
                        i++;
                    }
                    value.append(s.charAt(i++));
                }
                i++;
            } else {
                while (i < n && s.charAt(i) != ',' && s.charAt(i) != ' ') {
                    value.append(s.charAt(i++));
                }
            }
            if (!name.isEmpty()) {
                out.putIfAbsent(name, value.toString());
            }
        }
        return new Challenge(Map.copyOf(out));
    }

    public String resourceMetadata() {
        return params.get("resource_metadata");
    }

    public String error() {
        return params.get("error");
    }

    /** The space-separated {@code scope} parameter as a list; empty when absent. */
    public List<String> scopes() {
        return Scopes.split(params.get("scope"));
    }

    public boolean insufficientScope() {
        return "insufficient_scope".equals(error());
    }
}
