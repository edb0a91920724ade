package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.transport.http.oauth.OAuthHttp;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;

/**
 * The auth audit's view of the one bounded HTTP helper ({@link OAuthHttp}): one request to an allowed URL,
 * redirects never followed, the whole answer (headers and body) within {@code timeout}, at most
 * {@link #MAX_BODY} body bytes kept (the rest is not read), and a failure as an {@link Answer} with its reason
 * instead of an exception (a failed exchange is a check's evidence, never an error of the audit).
 * Thread-safe.
 */
final class AuthHttp {
    /** Most body bytes kept per answer. */
    static final int MAX_BODY = 256 * 1024;

    /**
     * One answer. {@code status} is -1 when there was none; then {@code error} says why (never null then).
     *
     * @param headers first value of each header, lower-case names; empty when there was no answer
     * @param body    the first {@link #MAX_BODY} bytes as UTF-8 (malformed bytes replaced)
     */
    record Answer(int status, Map<String, String> headers, String body, String error) {
        boolean ok() {
            return status >= 200 && status < 300;
        }

        /** First value of a header (name in any case), or null. */
        String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }

        static Answer failed(String why) {
            return new Answer(-1, Map.of(), "", why);
        }
    }

    private final OAuthHttp http;

    /** @param allowed which URLs may be contacted; others fail without a connection */
    AuthHttp(Duration timeout, Predicate<URI> allowed) {
        this(timeout, allowed, null);
    }

    /** @param sslContext the TLS trust of the target ({@code --cacert}, {@code --insecure}), or null for the JVM's */
    AuthHttp(Duration timeout, Predicate<URI> allowed, SSLContext sslContext) {
        this.http = new OAuthHttp(timeout, sslContext,
                new OAuthHttp.Limits(MAX_BODY, true, allowed, "mcp-fuzzer-auth-audit"));
    }

    /** The shared helper, for the OAuth client's discovery. */
    OAuthHttp oauthHttp() {
        return http;
    }

    Duration timeout() {
        return http.timeout();
    }

    Answer get(URI uri, Map<String, String> headers) {
        return exchange(() -> http.get(uri, headers));
    }

    Answer postForm(URI uri, Map<String, String> form, Map<String, String> headers) {
        return exchange(() -> http.postForm(uri, form, headers));
    }

    /** POST of a JSON text, with {@code Accept: application/json, text/event-stream} (MCP Streamable HTTP). */
    Answer postJson(URI uri, String json, Map<String, String> headers) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Accept", "application/json, text/event-stream");
        h.putAll(headers);
        return exchange(() -> http.postJson(uri, json, h));
    }

    Answer delete(URI uri, Map<String, String> headers) {
        return exchange(() -> http.delete(uri, headers));
    }

    /** {@code application/x-www-form-urlencoded} text of the pairs, in their order. */
    static String form(Map<String, String> pairs) {
        return OAuthHttp.form(pairs);
    }

    private interface Exchange {
        OAuthHttp.Resp run() throws IOException;
    }

    private static Answer exchange(Exchange e) {
        try {
            OAuthHttp.Resp r = e.run();
            return new Answer(r.status(), r.headers(), r.body(), null);
        } catch (IOException ex) {
            return Answer.failed(ex.getMessage() != null && (ex.getMessage().startsWith("not contacted")
                    || ex.getMessage().startsWith("no complete answer")) ? ex.getMessage()
                    : ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage()));
        }
    }
}
