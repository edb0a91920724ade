package io.mcpfuzzer.transport.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** Origin comparison (RFC 6454: scheme, host, effective port) and credential-free URL rendering. */
public final class Origins {
    private Origins() {}

    /**
     * True when both URIs have the same scheme, host and effective port (80/443 defaults). A missing or
     * malformed host never matches; userinfo is ignored. An https to http change is a different origin.
     */
    public static boolean sameOrigin(URI a, URI b) {
        if (a == null || b == null || a.getHost() == null || b.getHost() == null
                || a.getScheme() == null || b.getScheme() == null) {
            return false;
        }
        String sa = a.getScheme().toLowerCase(Locale.ROOT);
        String sb = b.getScheme().toLowerCase(Locale.ROOT);
        return sa.equals(sb)
                && a.getHost().toLowerCase(Locale.ROOT).equals(b.getHost().toLowerCase(Locale.ROOT))
                && port(a) == port(b);
    }

    /** Effective port: explicit, else 443 for https/wss, 80 otherwise. */
    public static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        String s = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return s.equals("https") || s.equals("wss") ? 443 : 80;
    }

    /** The URI without userinfo and fragment (what is actually requested). */
    public static URI withoutUserInfo(URI uri) {
        try {
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), uri.getQuery(), null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid URL", e);
        }
    }

    /**
     * Text for reports: no userinfo, and a query (which may carry keys or session ids) shown as {@code ?...}.
     */
    public static String display(URI uri) {
        StringBuilder out = new StringBuilder();
        out.append(uri.getScheme()).append("://").append(uri.getHost());
        if (uri.getPort() != -1) {
            out.append(':').append(uri.getPort());
        }
        if (uri.getRawPath() != null) {
            out.append(uri.getRawPath());
        }
        if (uri.getRawQuery() != null) {
            out.append("?...");
        }
        return out.toString();
    }

    /**
     * Parses and checks a target URL: http or https with a host.
     *
     * @throws IllegalArgumentException with a message free of credentials
     */
    public static URI parseTarget(String url) {
        URI uri;
        try {
            uri = new URI(url == null ? "" : url.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("invalid URL (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("URL must start with http:// or https://");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("URL has no host: " + display(uri));
        }
        return uri;
    }
}
