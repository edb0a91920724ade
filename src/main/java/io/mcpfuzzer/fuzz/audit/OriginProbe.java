package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.audit.AuditCheck;
import io.mcpfuzzer.oracle.audit.TransportAudit;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import tools.jackson.databind.node.ObjectNode;

/**
 * Intrusive DNS-rebinding probe ({@code --security-audit-intrusive}, HTTP targets): POSTs an
 * {@code initialize} to the Streamable HTTP endpoint with a foreign {@code Origin} and judges the status.
 * The MCP spec (Transports, "Security Warning") says servers MUST validate Origin on all incoming
 * connections, and since 2025-11-25 answer an invalid one with HTTP 403.
 *
 * <p>2xx means accepted (MCPF-HTTP-002, high); 401 means authentication came first, so Origin handling
 * is unknown (MCPF-HTTP-003, info); anything else counts as rejected, and a rejected foreign origin is
 * retried with {@code Origin: null} (sandboxed iframes, file pages). {@code Access-Control-Allow-Origin}
 * echoing the foreign origin or {@code *} is MCPF-HTTP-004. Redirects are never followed (credentials
 * never leave the endpoint), the body is never read (an SSE stream would not end), and a session the
 * server opened is deleted again. Network errors make the result {@code ran=false}, never an exception.
 * Thread-safe; each call uses its own client.
 */
public final class OriginProbe {
    /** Default foreign origin: a reserved example domain. */
    public static final String FOREIGN_ORIGIN = "https://evil.example";

    /**
     * @param origin          foreign Origin to send
     * @param timeout         connect and response-headers deadline per request
     * @param headers         extra headers (for example Authorization) sent to the endpoint only
     * @param protocolVersion protocolVersion placed in the initialize params
     * @param sslContext      the target's TLS trust ({@code --cacert}, {@code --insecure}), or null for the JVM
     *                        default
     */
    public record Options(String origin, Duration timeout, Map<String, String> headers, String protocolVersion,
            SSLContext sslContext) {
        public Options {
            origin = origin == null ? FOREIGN_ORIGIN : origin;
            timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
            headers = headers == null ? Map.of() : Map.copyOf(headers);
            protocolVersion = protocolVersion == null ? "2025-11-25" : protocolVersion;
        }

        public Options(String origin, Duration timeout, Map<String, String> headers, String protocolVersion) {
            this(origin, timeout, headers, protocolVersion, null);
        }

        public static Options defaults() {
            return new Options(null, null, null, null);
        }
    }

    /**
     * @param ran      whether the server answered at least one probe (false: not HTTP, unreachable...)
     * @param statuses HTTP status per origin tried, in order
     * @param findings findings (possibly empty)
     * @param note     why the probe did not run or what it concluded, for logs
     */
    public record Result(boolean ran, Map<String, Integer> statuses, List<Finding> findings, String note) {}

    private OriginProbe() {}

    /** Runs the probe; see the class comment. Restores the interrupt flag if interrupted. */
    public static Result probe(String endpoint, Options options) {
        URI uri;
        try {
            uri = URI.create(endpoint == null ? "" : endpoint.trim());
        } catch (IllegalArgumentException e) {
            return new Result(false, Map.of(), List.of(), "not a URL");
        }
        if (uri.getScheme() == null || !uri.getScheme().matches("(?i)https?") || uri.getHost() == null) {
            return new Result(false, Map.of(), List.of(), "not an HTTP endpoint");
        }
        HttpClient.Builder builder = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(options.timeout());
        if (options.sslContext() != null) {
            builder.sslContext(options.sslContext());
        }
        HttpClient client = builder.build();
        Map<String, Integer> statuses = new LinkedHashMap<>();
        List<Finding> findings = new ArrayList<>();
        String target = TransportAudit.redact(endpoint);
        for (String origin : List.of(options.origin(), "null")) {
            Optional<HttpResponse<InputStream>> resp;
            try {
                resp = Optional.of(send(client, uri, origin, options));
            } catch (IOException e) {
                return new Result(!statuses.isEmpty(), statuses, findings,
                        "probe failed: " + e.getClass().getSimpleName());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Result(!statuses.isEmpty(), statuses, findings, "interrupted");
            }
            HttpResponse<InputStream> r = resp.get();
            closeQuietly(r.body());
            int status = r.statusCode();
            statuses.put(origin, status);
            cors(r, origin, target, findings);
            if (status >= 200 && status < 300) {
                deleteSession(client, uri, r, options);
                findings.add(AuditCheck.MISSING_ORIGIN_VALIDATION.finding(target, "Server accepted a foreign Origin ('"
                        + origin + "') with HTTP " + status + " instead of rejecting it with HTTP 403 (DNS rebinding "
                        + "protection missing).", evidence(origin, status, options), origin));
                break;
            }
            if (status == 401) {
                findings.add(AuditCheck.ORIGIN_INCONCLUSIVE.finding(target, "Origin validation could not be "
                        + "evaluated: the server answered HTTP 401 to the foreign-Origin probe, so authentication "
                        + "came first. Re-run with credentials that reach the MCP endpoint.",
                        evidence(origin, status, options), origin));
                break;
            }
        }
        return new Result(true, statuses, findings, findings.isEmpty() ? "foreign origins rejected" : "findings");
    }

    private static HttpResponse<InputStream> send(HttpClient client, URI uri, String origin, Options o)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(o.timeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Origin", origin)
                .POST(HttpRequest.BodyPublishers.ofString(initialize(o.protocolVersion()), StandardCharsets.UTF_8));
        o.headers().forEach(b::header);
        return client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    static String initialize(String version) {
        ObjectNode msg = Json.object();
        msg.put("jsonrpc", "2.0");
        msg.put("id", "mcp-fuzzer-origin-audit");
        msg.put("method", "initialize");
        ObjectNode params = msg.putObject("params");
        params.put("protocolVersion", version);
        params.putObject("capabilities");
        ObjectNode info = params.putObject("clientInfo");
        info.put("name", "mcp-fuzzer");
        info.put("version", "security-audit");
        return Json.write(msg);
    }

    private static void cors(HttpResponse<?> r, String origin, String target, List<Finding> findings) {
        Optional<String> acao = r.headers().firstValue("Access-Control-Allow-Origin");
        if (acao.isEmpty() || !(acao.get().trim().equals(origin) || acao.get().trim().equals("*"))) {
            return;
        }
        boolean credentials = r.headers().firstValue("Access-Control-Allow-Credentials")
                .map(v -> v.trim().equalsIgnoreCase("true")).orElse(false);
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("origin", origin);
        ev.put("access_control_allow_origin", acao.get().trim());
        ev.put("allow_credentials", credentials);
        ev.put("response_status", r.statusCode());
        findings.add(AuditCheck.CORS_REFLECTS_ORIGIN.finding(credentials ? Severity.HIGH : Severity.MEDIUM, target,
                "Server's CORS headers allow the foreign Origin '" + origin + "' (Access-Control-Allow-Origin: "
                        + acao.get().trim() + (credentials ? ", with credentials" : "") + ").", ev, "cors|" + origin));
    }

    private static Map<String, Object> evidence(String origin, int status, Options o) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("origin", origin);
        ev.put("response_status", status);
        ev.put("request_method", "POST");
        ev.put("protocol_version", o.protocolVersion());
        ev.put("authenticated_probe", !o.headers().isEmpty());
        return ev;
    }

    private static void deleteSession(HttpClient client, URI uri, HttpResponse<?> r, Options o) {
        Optional<String> session = r.headers().firstValue("Mcp-Session-Id");
        if (session.isEmpty()) {
            return;
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(o.timeout()).DELETE()
                .header("Mcp-Session-Id", session.get()).header("MCP-Protocol-Version", o.protocolVersion());
        o.headers().forEach(b::header);
        try {
            client.send(b.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // best effort: the session expires on the server side
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }
}
