package io.mcpfuzzer.transport.http.oauth;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A metadata document as the server sent it, unvalidated, and the URL it came from: what the discoveries read
 * before they judge it, and what the auth audit reviews (it must see flawed metadata the client would refuse).
 *
 * @param url  where it was read
 * @param json the body, a JSON object
 */
public record MetadataDocument(URI url, JsonNode json) {

    /** The first document of {@link #fetch} over {@code urls} in order, or null. */
    static MetadataDocument first(OAuthHttp http, List<URI> urls, List<String> tried) {
        for (URI url : urls) {
            MetadataDocument d = fetch(http, url, tried);
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    /**
     * One GET of {@code url}.
     *
     * @param tried receives {@code "<url> -> <status or failure>"}, or null
     * @return the document when the answer is 2xx with a JSON object body, else null
     */
    static MetadataDocument fetch(OAuthHttp http, URI url, List<String> tried) {
        OAuthHttp.Resp r;
        try {
            r = http.get(url, Map.of());
        } catch (IOException e) {
            note(tried, url, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            return null; // the next location may answer; the caller reports when none does
        }
        note(tried, url, String.valueOf(r.status()));
        if (!r.ok()) {
            return null;
        }
        JsonNode doc = r.json();
        if (doc == null) {
            note(tried, url, "body is not a JSON object");
        }
        return doc == null ? null : new MetadataDocument(url, doc);
    }

    private static void note(List<String> tried, URI url, String what) {
        if (tried != null) {
            tried.add(url + " -> " + what);
        }
    }
}
