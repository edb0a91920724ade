package io.mcpfuzzer.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Hostile variants of a discovered resource URI: traversal out of its folder and scheme,
 * encodings, other schemes, oversized and malformed URIs. Deterministic: the same URI always
 * gives the same list, in the same order.
 */
public final class ResourceMutations {
    /** A mutated URI and the label of the mutation. */
    public record Mutation(String uri, String label) {}

    private ResourceMutations() {}

    public static List<Mutation> of(String uri) {
        List<Mutation> out = new ArrayList<>();
        int schemeEnd = uri.indexOf("://");
        String scheme = schemeEnd > 0 ? uri.substring(0, schemeEnd) : "file";
        String rest = schemeEnd > 0 ? uri.substring(schemeEnd + 3) : uri;
        int slash = uri.lastIndexOf('/');
        String folder = slash > schemeEnd + 2 ? uri.substring(0, slash + 1) : uri + "/";
        out.add(new Mutation(folder + "../../../../../../etc/passwd", "traversal_dotdot"));
        out.add(new Mutation(folder + "..%2f..%2f..%2f..%2f..%2fetc%2fpasswd", "traversal_encoded"));
        out.add(new Mutation(folder + "%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "traversal_dot_encoded"));
        out.add(new Mutation(folder + "....//....//....//etc/passwd", "traversal_nested"));
        out.add(new Mutation(folder + "..\\..\\..\\..\\windows\\win.ini", "traversal_backslash"));
        out.add(new Mutation(folder + "../outside.txt", "traversal_sibling"));
        out.add(new Mutation("file:///etc/passwd", "scheme_escape_file"));
        out.add(new Mutation("file:///proc/self/environ", "scheme_escape_environ"));
        out.add(new Mutation(scheme + ":///etc/passwd", "absolute_in_scheme"));
        out.add(new Mutation("http://127.0.0.1:1/", "ssrf_loopback"));
        out.add(new Mutation(uri + "%00.txt", "nul_byte"));
        out.add(new Mutation(uri + "?" + "a".repeat(100_000), "oversized_query"));
        out.add(new Mutation(scheme + "://" + rest.replace("/", "/\u202e"), "bidi_override"));
        out.add(new Mutation("", "empty"));
        out.add(new Mutation("not a uri at all", "not_a_uri"));
        return out;
    }

    /** True for labels whose success means the read escaped the advertised scope. */
    public static boolean isEscape(String label) {
        return label.startsWith("traversal") || label.startsWith("scheme_escape") || label.equals("absolute_in_scheme");
    }
}
