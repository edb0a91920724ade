package io.mcpfuzzer.safety;

import java.util.Optional;
import tools.jackson.databind.node.StringNode;

/**
 * Judges a frame that is not JSON (malformed frames, truncated or lenient-JSON text) by scanning its
 * text; it can only be allowed as it is or blocked, never rewritten. Stateless, thread-safe; one
 * linear pass to unescape, one to split (only with an fs-root), then the {@link DangerRules} (linear too).
 *
 * <p>The text is first read the way a lenient peer might: JSON escapes ({@code \\uXXXX},
 * {@code \\/}, {@code \\\\}) are decoded. Then it is cut into tokens at whitespace, control
 * characters and {@code " ' ` , ; | & < > ( ) { } [ ] =} (only with an fs-root). With an fs-root, a token that is a
 * {@code file:} URI or shaped like a path ({@link PathDetector#hasPathShape}) and names something
 * (holds a letter or digit: {@code /} alone, {@code /*} are not paths) must already be confined,
 * else the frame is blocked ({@code path-sandbox}); confined tokens are then left out of the rule
 * scan. The blocking rules run on the rest as on any argument string, and {@code network-url}
 * under {@code --no-network}. Text longer than {@value #MAX_CHARS} characters is blocked
 * ({@code inspection-limit}).
 */
final class TextScan {
    static final int MAX_CHARS = 80 * 1024 * 1024;
    private static final String SEPARATORS = "\"'`,;|&<>(){}[]=";

    private TextScan() {}

    static PolicyDecision decide(String text, boolean rulesEnabled, PathSandbox sandbox, NetworkPolicy network) {
        StringNode original = StringNode.valueOf(text);
        if (text.length() > MAX_CHARS) {
            return PolicyDecision.block(original, "inspection-limit", "frame of more than " + MAX_CHARS + " characters");
        }
        String decoded = unescape(text);
        // without an fs-root no token is replaced: the text scanned is the decoded text itself
        PolicyDecision[] pathBlock = new PolicyDecision[1];
        String scanned = sandbox == null ? decoded : withoutConfinedPaths(decoded, sandbox, original, pathBlock);
        if (pathBlock[0] != null) {
            return pathBlock[0];
        }
        Optional<DangerRules.Hit> hit = DangerRules.firstHit(scanned, rulesEnabled, network, true);
        return hit.isPresent()
                ? PolicyDecision.block(original, hit.get().rule(), hit.get().rule() + " in frame text: " + hit.get().match())
                : PolicyDecision.allow(original);
    }

    /**
     * The decoded text with every confined path token replaced by {@code _}; null, with the block in
     * {@code pathBlock[0]}, when a path token is outside the fs-root.
     */
    private static String withoutConfinedPaths(String decoded, PathSandbox sandbox, StringNode original,
            PolicyDecision[] pathBlock) {
        StringBuilder rest = new StringBuilder(decoded.length());
        int i = 0;
        int n = decoded.length();
        while (i < n) {
            char c = decoded.charAt(i);
            if (isSeparator(c)) {
                rest.append(c);
                i++;
                continue;
            }
            int end = i;
            while (end < n && !isSeparator(decoded.charAt(end))) {
                end++;
            }
            String token = decoded.substring(i, end);
            if (isPathToken(token)) {
                PathOutcome o = sandbox.confine(token);
                if (o.blocked() || o.rewritten()) {
                    pathBlock[0] = PolicyDecision.block(original, "path-sandbox", "path-sandbox in frame text: '"
                            + preview(token) + "' is outside the fs-root" + (o.blocked() ? " (" + o.blockedReason() + ")" : ""));
                    return null;
                }
                rest.append('_');
            } else {
                rest.append(token);
            }
            i = end;
        }
        return rest.toString();
    }

    private static boolean isSeparator(char c) {
        return Character.isWhitespace(c) || Character.isISOControl(c) || SEPARATORS.indexOf(c) >= 0;
    }

    private static boolean isPathToken(String token) {
        if (!PathDetector.isFileUri(token) && !PathDetector.hasPathShape(token)) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            if (Character.isLetterOrDigit(token.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** Decodes {@code \\uXXXX}, {@code \\/} and {@code \\\\}; anything else is kept as written. */
    static String unescape(String text) {
        if (text.indexOf('\\') < 0) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(i + 1);
                if (next == '/' || next == '\\') {
                    sb.append(next);
                    i++;
                    continue;
                }
                if (next == 'u' && i + 5 < text.length()) {
                    int v = hex4(text, i + 2);
                    if (v >= 0) {
                        sb.append((char) v);
                        i += 5;
                        continue;
                    }
                }
            }
            sb.append(c);
        }
        return sb.toString();
    }

    private static int hex4(String s, int from) {
        int v = 0;
        for (int k = from; k < from + 4; k++) {
            int d = Character.digit(s.charAt(k), 16);
            if (d < 0) {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }

    private static String preview(String s) {
        String one = s.replaceAll("\\p{Cntrl}", "?");
        return one.length() <= 80 ? one : one.substring(0, 80) + "...";
    }
}
