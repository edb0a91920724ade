package io.mcpfuzzer.generate.protocol;

/**
 * Text-level JSON construction for frames the mapper must not or cannot write (duplicate keys,
 * nesting deeper than Jackson's write limit). Inputs are compact JSON object texts.
 */
final class RawJson {
    private RawJson() {}

    /** Appends {@code "key":rawValue} as the last member of a compact object text. */
    static String appendMember(String objectText, String key, String rawValue) {
        if (objectText.length() < 2 || objectText.charAt(0) != '{' || objectText.charAt(objectText.length() - 1) != '}') {
            throw new IllegalArgumentException("not an object text");
        }
        String body = objectText.substring(1, objectText.length() - 1);
        String member = quote(key) + ":" + rawValue;
        return "{" + (body.isEmpty() ? member : body + "," + member) + "}";
    }

    /** {@code depth} nested arrays ({@code [[...]]}) or objects ({@code {"a":{"a":{}}}}), innermost empty: exactly {@code depth >= 1} levels. */
    static String nested(int depth, boolean objects) {
        StringBuilder sb = new StringBuilder(depth * (objects ? 6 : 2) + 2);
        for (int i = 1; i < depth; i++) {
            sb.append(objects ? "{\"a\":" : "[");
        }
        sb.append(objects ? "{}" : "[]");
        for (int i = 1; i < depth; i++) {
            sb.append(objects ? '}' : ']');
        }
        return sb.toString();
    }

    /** A JSON string literal for plain ASCII keys (no escaping needed for the keys used here). */
    static String quote(String key) {
        return "\"" + key + "\"";
    }
}
