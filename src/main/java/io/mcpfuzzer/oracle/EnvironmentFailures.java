package io.mcpfuzzer.oracle;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * Internal-error answers (-32603) and tool errors that blame the target's environment rather than the input: the
 * network (a name that does not resolve, a refused or reset connection, TLS) or missing credentials
 * (401 or 403, an API key or token), as a server that needs an online service answers every call when
 * it is started offline or without its key. They are no finding: the fault is not in the server's
 * code and no input changes it. They are counted per target, so the run can say which targets were
 * cut short there (their code past that point was not reached). The first {@value #MAX_INPUT} characters
 * of a message are looked at for any of that wording, and of a longer message the last {@value #MAX_INPUT}
 * for a failed connection's only (errno names, node-fetch's reason): the end is the part an echo of the
 * input most easily fills. The classifier asks with the request's echoed values masked and only for text
 * that is no argument validation. Thread-safe.
 */
public final class EnvironmentFailures {
    static final int MAX_INPUT = 400;
    /** Targets counted; later ones only add to the total. */
    static final int MAX_TARGETS = 1_000;

    /**
     * The fetch API's failure (node: {@code TypeError: fetch failed}), not a git fetch: git-mcp-server's
     * {@code Git fetch failed: ... 'origin' does not appear to be a git repository} names a remote the repository
     * lacks (or one the input named); git's own network failure says {@code Could not resolve host}.
     */
    private static final String FETCH_FAILED = "(?<!git )fetch failed";

    // every alternative is wording of a failed connection or a refused credential, never a bare word a
    // bug's own message may carry ("reading 'apiKey'", "Forbidden characters", "invalid token", "at http.js:401")
    private static final Pattern BLAME = Pattern.compile("getaddrinfo|\\benotfound\\b|\\beai_again\\b|\\beconnrefused\\b"
            + "|\\beconnreset\\b|\\betimedout\\b|\\behostunreach\\b|\\benetunreach\\b|" + FETCH_FAILED + "|socket hang up"
            + "|network is unreachable|connection refused|unable to connect|name or service not known"
            + "|could not resolve host"
            // an upstream service down, or a circuit breaker opened by earlier failures (shadcn-ui-mcp-server); not a
            // bare "x service unavailable", which a server's own state bug may say
            + "|\\bservice (?:is )?temporarily unavailable\\b|\\b503[ :-]{0,3}service unavailable\\b"
            + "|\\bcircuit breaker is open\\b"
            + "|temporary failure in name resolution|unable to verify the first certificate|self[- ]signed certificate"
            + "|certificate has expired|certificate verify failed|unable to get local issuer certificate"
            + "|\\b(?:http|status(?: code)?)[ :]+40[13]\\b|\\b40[13] (?:unauthori[sz]ed|forbidden)\\b|\\bunauthori[sz]ed\\b"
            + "|\\b(?:bad|invalid|missing|no) credentials\\b|api[ _-]?key\\b[^.\\n]{0,40}\\b(?:required|missing|not set|invalid"
            + "|not configured|not provided)\\b|\\b(?:missing|invalid|no|requires?|provide) (?:an? |the |your )?(?:\\w+ )?api"
            + "[ _-]?key\\b|\\b(?:missing|invalid|expired|no) (?:\\w+ )?(?:access|auth|authentication) token\\b");

    /**
     * A browser the server drives that was never installed, or cannot start (Playwright, Puppeteer), or a file
     * system mounted read-only under the server (its own data file, as under {@code --sandbox bwrap}): blamed only
     * when the request did not name it (the text shows no {@code <input>}: an input-chosen executable or path is no
     * environment).
     */
    private static final Pattern BROWSER = Pattern.compile("executable doesn't exist at|download new browsers"
            + "|could not find (?:chrome|chromium|expected browser)\\b|failed to launch the browser process"
            // @playwright/mcp 0.0.86: "Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome"
            + "|\\b(?:chromium|chrome|browser) distribution '[^'\\n]{1,40}' is not found at"
            + "|\\bnpx playwright install\\b"
            // a file system mounted read-only (the --sandbox bwrap view, or a read-only container), writing the
            // server's own file: never one the request named (that text shows <input>)
            + "|\\berofs\\b|\\bread-only file system\\b");

    /** A failed connection, as node-fetch and libuv word it at the end of a message. */
    private static final Pattern TAIL_BLAME = Pattern.compile("getaddrinfo|\\b(?:enotfound|eai_again|econnrefused"
            + "|econnreset|etimedout|ehostunreach|enetunreach)\\b|" + FETCH_FAILED + "|socket hang up");

    private final Map<String, LongAdder> byTarget = new ConcurrentHashMap<>();
    private final LongAdder total = new LongAdder();
    private final AtomicReference<String> example = new AtomicReference<>();

    /**
     * True when {@code message} blames the network or missing credentials (null is false). A long message
     * is read at its start and, for a failed connection only, at its end, {@value #MAX_INPUT} characters each:
     * node-fetch puts the reason
     * after the URL ({@code request to <url> failed, reason: getaddrinfo ENOTFOUND gitlab.com}), and a URL
     * carrying a 64 KB argument pushed it out of a reading of the start alone.
     */
    public static boolean blames(String message) {
        if (message == null) {
            return false;
        }
        boolean whole = message.length() <= 2 * MAX_INPUT;
        String head = (whole ? message : message.substring(0, MAX_INPUT)).toLowerCase(Locale.ROOT);
        if (BLAME.matcher(head).find() || (BROWSER.matcher(head).find() && !message.contains("<input>"))) {
            return true;
        }
        return !whole && TAIL_BLAME.matcher(message.substring(message.length() - MAX_INPUT).toLowerCase(Locale.ROOT)).find();
    }

    /** True for an error answer with code -32603 whose message blames the network or credentials. */
    public static boolean blamesInternalError(Integer code, String message) {
        return Integer.valueOf(-32603).equals(code) && blames(message);
    }

    /**
     * True for a -32603 error answer, a tool error ({@code isError: true}) or an error written as a normal
     * result, whose text (the message, or the first content item's text) blames the network or credentials.
     */
    public static boolean blamedIn(io.mcpfuzzer.jsonrpc.Reply reply) {
        return blames(failureText(reply));
    }

    /**
     * The text of a -32603 answer, of a tool error (its first content item), or of an error written as a
     * normal result ({@link ErrorShapedText}); null for anything else.
     */
    static String failureText(io.mcpfuzzer.jsonrpc.Reply reply) {
        if (reply.status() == io.mcpfuzzer.jsonrpc.Reply.Status.ERROR) {
            return Integer.valueOf(-32603).equals(reply.errorCode()) ? reply.errorMessage() : null;
        }
        tools.jackson.databind.JsonNode result = reply.status() == io.mcpfuzzer.jsonrpc.Reply.Status.RESULT
                ? reply.result() : null;
        if (result == null) {
            return null;
        }
        if (!result.path("isError").asBoolean(false)) {
            return ErrorShapedText.find(result, null);
        }
        tools.jackson.databind.JsonNode text = result.path("content").path(0).path("text");
        return text.isString() ? text.asString() : null;
    }

    /** Counts one such answer to {@code target} ({@code kind:name}). */
    void record(String target, String message) {
        total.increment();
        String cut = Classifier.cut(message, 120);
        example.accumulateAndGet(cut, (a, b) -> a == null || b.compareTo(a) < 0 ? b : a); // the same whatever the order
        LongAdder count = byTarget.get(target);
        if (count == null && byTarget.size() < MAX_TARGETS) {
            count = byTarget.computeIfAbsent(target, t -> new LongAdder());
        }
        if (count != null) {
            count.increment();
        }
    }

    /** Answers counted so far. */
    public long total() {
        return total.sum();
    }

    /** Answers per target, sorted by target; a snapshot. */
    public Map<String, Long> byTarget() {
        Map<String, Long> out = new TreeMap<>();
        byTarget.forEach((t, n) -> out.put(t, n.sum()));
        return out;
    }

    /** The run's warning about them, or null when there were none. */
    public String warning() {
        long n = total();
        if (n == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%,d answer(s) of %d target(s) were errors that blame the network, "
                + "missing credentials, a missing browser or a read-only file system, not the input (for example: %s): "
                + "no finding was made of them, and what those targets do past that point was not reached; give the "
                + "server its network, credentials or browser to go deeper (under --sandbox bwrap only --fs-root and the "
                + "server's HOME and TMPDIR are writable)", n, byTarget.size(), example.get());
    }
}
