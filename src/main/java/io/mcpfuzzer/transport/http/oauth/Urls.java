package io.mcpfuzzer.transport.http.oauth;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** URL helpers of the OAuth client: origins, canonical resource URIs, safe parsing. Stateless. */
final class Urls {
    private Urls() {}

    /** An absolute http(s) URI with a host, or null for anything else (including unparsable text). */
    static URI httpUri(String text) {
        if (text == null || text.length() > 8192) {
            return null;
        }
        try {
            URI u = new URI(text.strip());
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && u.getHost() != null ? u : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** {@code ref} (untrusted text) resolved against {@code base}, or null when it is no URI reference. */
    static String resolve(URI base, String ref) {
        if (ref == null || ref.length() > 8192) {
            return null;
        }
        try {
            return base.resolve(new URI(ref.strip())).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** {@code scheme://host[:port]}, lower-case scheme and host. */
    static String origin(URI u) {
        String scheme = u.getScheme().toLowerCase(Locale.ROOT);
        return scheme + "://" + u.getRawAuthority().substring(u.getRawAuthority().indexOf('@') + 1)
                .toLowerCase(Locale.ROOT);
    }

    /** The server URL as an RFC 8707 resource: no user info, query or fragment. */
    static String canonical(URI u) {
        String path = u.getRawPath() == null ? "" : u.getRawPath();
        return origin(u) + path;
    }

    static String stripTrailingSlash(String path) {
        return path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
    }

    /** Whether {@code resource} is the server's URL or a parent path of it on the same origin. */
    static boolean covers(String resource, URI server) {
        URI r = httpUri(resource);
        if (r == null || r.getFragment() != null || !origin(r).equals(origin(server))) {
            return false;
        }
        String rp = stripTrailingSlash(r.getRawPath() == null || r.getRawPath().isEmpty() ? "/" : r.getRawPath());
        String sp = server.getRawPath() == null || server.getRawPath().isEmpty() ? "/" : server.getRawPath();
        return rp.equals("/") || sp.equals(rp) || sp.startsWith(rp + "/") || stripTrailingSlash(sp).equals(rp);
    }

    /** At most 200 characters of untrusted text, for messages. */
    static String excerpt(String s) {
        return s == null ? "null" : s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
