package io.mcpfuzzer.transport.http.oauth;

import tools.jackson.databind.JsonNode;

/** One-line descriptions of OAuth error bodies (RFC 6749 section 5.2), bounded and without secrets. Stateless. */
final class OAuthErrors {
    private OAuthErrors() {}

    /** {@code error: description} from an error document, each part at most 200 characters. */
    static String describe(JsonNode doc) {
        if (doc == null) {
            return "";
        }
        String error = doc.path("error").isString() ? doc.path("error").asString() : "";
        String desc = doc.path("error_description").isString() ? doc.path("error_description").asString() : "";
        if (error.isEmpty() && desc.isEmpty()) {
            return "";
        }
        return "(" + Urls.excerpt(error) + (desc.isEmpty() ? "" : ": " + Urls.excerpt(desc)) + ")";
    }
}
