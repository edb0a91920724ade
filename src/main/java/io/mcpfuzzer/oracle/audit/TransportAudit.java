package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Cleartext-transport check on the endpoint string (MCPF-HTTP-001), without any network access (host
 * names are never resolved). Loopback hosts are clean; private-network addresses, single-label and
 * {@code .local}/{@code .internal} names get LOW (traffic may still cross a shared network); any other
 * host gets MEDIUM. Evidence and detail carry the endpoint without user info, query or fragment.
 * Stateless and thread-safe.
 */
public final class TransportAudit {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private TransportAudit() {}

    /** Findings for the endpoint; empty for null, non-URL (stdio command) or non-http endpoints. */
    public static List<Finding> check(String endpoint) {
        List<Finding> out = new ArrayList<>();
        URI uri = parse(endpoint);
        if (uri == null || uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase("http") || uri.getHost() == null) {
            return out;
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (isLoopback(host)) {
            return out;
        }
        boolean privateNet = isPrivate(host);
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("endpoint", redact(endpoint));
        ev.put("scheme", "http");
        ev.put("host_class", privateNet ? "private_network" : "public_or_unknown");
        out.add(AuditCheck.INSECURE_TRANSPORT.finding(privateNet ? Severity.LOW : Severity.MEDIUM, redact(endpoint),
                "MCP endpoint uses cleartext HTTP (" + redact(endpoint)
                        + "); credentials and tool traffic are not protected in transit.", ev, "http"));
        return out;
    }

    /** scheme://host[:port]/path of a URL, without user info, query or fragment; the input if not a URL. */
    public static String redact(String endpoint) {
        URI uri = parse(endpoint);
        if (uri == null || uri.getScheme() == null || uri.getHost() == null) {
            return endpoint == null ? "" : endpoint.replaceAll("//[^/@\\s]*@", "//");
        }
        String host = uri.getHost();
        return uri.getScheme() + "://" + host + (uri.getPort() >= 0 ? ":" + uri.getPort() : "")
                + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    /** Loopback name or literal ({@code localhost}, {@code *.localhost}, 127/8, ::1). */
    public static boolean isLoopback(String host) {
        String h = strip(host);
        if (h.equals("localhost") || h.endsWith(".localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        var m = IPV4.matcher(h);
        return m.matches() && Integer.parseInt(m.group(1)) == 127;
    }

    static boolean isPrivate(String host) {
        String h = strip(host);
        var m = IPV4.matcher(h);
        if (m.matches()) {
            int a = Integer.parseInt(m.group(1));
            int b = Integer.parseInt(m.group(2));
            return a == 10 || (a == 172 && b >= 16 && b <= 31) || (a == 192 && b == 168) || (a == 169 && b == 254)
                    || (a == 100 && b >= 64 && b <= 127);
        }
        if (h.contains(":")) {
            return h.startsWith("fc") || h.startsWith("fd") || h.startsWith("fe80");
        }
        return !h.contains(".") || h.endsWith(".local") || h.endsWith(".internal") || h.endsWith(".lan")
                || h.equals("host.docker.internal");
    }

    private static String strip(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    private static URI parse(String endpoint) {
        if (endpoint == null || endpoint.isBlank()) {
            return null;
        }
        try {
            return new URI(endpoint.trim());
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }
}
