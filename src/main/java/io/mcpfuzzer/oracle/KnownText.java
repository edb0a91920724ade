package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.LongHashSet;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * What one target already knows without any leak: the strings the fuzzer sent it in this session,
 * and what the server itself publishes (its listings, and answers to realistic calls that took no
 * input, such as {@code list_allowed_directories}). Oracles consult it so that an answer showing
 * the fuzzer's own input, data stored earlier in the session, or a folder the server advertises is
 * not reported as a leak or a reflection.
 *
 * <p>Memory is a set of 64-bit hashes, capped at {@value #MAX_ENTRIES} entries (later entries are
 * counted in {@link #dropped()}, not stored: a full memory only makes the oracles report more, never
 * less). Strings are hashed on at most {@value #MAX_HASHED} characters; a path is looked up through
 * at most {@value #MAX_SEGMENTS} of its prefixes and suffixes, so every operation is linear in its
 * bounded input. Thread-safe: workers record and consult it concurrently.
 *
 * <p>Path rules: a path is known when it, or an ancestor of at least two segments, was sent or
 * published ({@code /srv/data} published makes {@code /srv/data/a/b.txt} known), or when a suffix of at
 * least two segments equals a sent relative path with its leading {@code ../} and {@code ./} removed
 * (the server resolved {@code ../../etc/ssh/sshd_config} to {@code /etc/ssh/sshd_config}). A sent absolute path is
 * known in its normalised form too ({@code /tmp/a/../etc/hosts} as {@code /tmp/etc/hosts}), and so is a sent
 * relative value resolved below a path given at launch, or a file beside it ({@link GivenRoots}).
 *
 * <p>Command evidence: the tokens {@link CommandEvidence#tokens} finds in a sent or published text
 * ({@code uid=0(root) gid=0(root)} in a tool description, say) are remembered, so an answer showing
 * them again proves no execution ({@link View#knownEvidence}).
 */
public final class KnownText {
    /** Most hashes kept. */
    public static final int MAX_ENTRIES = 200_000;
    /** Characters of one string that are hashed (longer strings hash their prefix and length). */
    public static final int MAX_HASHED = 4_096;
    /** Shortest string remembered; shorter ones are too common to tell anything. */
    public static final int MIN_LENGTH = 4;
    /** Most path segments looked at per path. */
    public static final int MAX_SEGMENTS = 32;
    private static final int MAX_NODES = 10_000;
    private static final int MAX_PUBLISHED_SCAN = 400_000;

    private final LongHashSet hashes = new LongHashSet(4_096);
    private final GivenRoots roots = new GivenRoots();
    private final AtomicLong dropped = new AtomicLong();

    /** Remembers every string (values and keys) of an input sent to the target; null is ignored. */
    public void recordSent(JsonNode input) {
        strings(input, s -> {
            add('S', s);
            paths(s, this::add);
            roots.resolve(s, p -> paths(p, this::add)); // also cut where an answer's path scanner stops
            evidence(s);
        });
    }

    /** Remembers one raw string sent (a protocol frame's text, a URI); null is ignored. */
    public void recordSent(String text) {
        if (text != null) {
            add('S', text);
            paths(text, this::add);
            evidence(text);
        }
    }

    /**
     * Remembers the paths and URIs in text the server publishes (listings, answers to input-free
     * realistic calls). Only the first {@value #MAX_PUBLISHED_SCAN} characters are read.
     */
    public void recordPublished(String text) {
        if (text == null) {
            return;
        }
        evidence(text.substring(0, Math.min(text.length(), MAX_PUBLISHED_SCAN)));
        pathTokens(text, token -> paths(token, this::add));
    }

    /**
     * Remembers the paths in a text the fuzzer gave the target outside its requests (its command line, an
     * environment value the user set, its working directory) as known themselves, not their contents: a
     * server that names its database file is no leak, one that shows {@code .env} beside it still is.
     */
    public void recordGivenExact(String text) {
        if (text == null) {
            return;
        }
        pathTokens(text, token -> {
            add('X', pathKey(token));
            roots.add(pathKey(token));
        });
    }

    /** Each run of path characters holding a slash in the first {@value #MAX_PUBLISHED_SCAN} characters. */
    private static void pathTokens(String text, java.util.function.Consumer<String> sink) {
        int end = Math.min(text.length(), MAX_PUBLISHED_SCAN);
        int start = -1;
        for (int i = 0; i <= end; i++) {
            boolean escape = i < end && text.charAt(i) == '\\'; // JSON text: "\n/srv/x" starts at the slash
            boolean pathChar = i < end && !escape && isPathChar(text.charAt(i));
            if (pathChar && start < 0) {
                start = i;
            } else if (!pathChar && start >= 0) {
                String token = text.substring(start, i);
                if (token.indexOf('/') >= 0) {
                    sink.accept(token);
                }
                start = -1;
            }
            if (escape) {
                i++;
            }
        }
    }

    /**
     * Remembers one value the server handed out (an id harvested from its answer), so that it counts
     * as known text like what the fuzzer sent: an answer showing it is no leak and no reflection.
     */
    public void recordPublishedValue(String value) {
        recordSent(value);
    }

    /** Hashes not stored because the memory was full. */
    public long dropped() {
        return dropped.get();
    }

    /** A view for judging one call: this memory plus the strings of the call's own input. */
    public View view(JsonNode currentInput) {
        Set<Long> local = new HashSet<>();
        strings(currentInput, s -> {
            local.add(hash('S', s));
            paths(s, (kind, p) -> local.add(hash(kind, p)));
            roots.resolve(s, r -> paths(r, (kind, p) -> local.add(hash(kind, p))));
        });
        return new View(local);
    }

    /** The memory as seen while judging one call. Confined to the judging thread. */
    public final class View {
        private final Set<Long> current;

        private View(Set<Long> current) {
            this.current = current;
        }

        /** True when {@code s} was sent in an earlier call (or published), whatever this call sent. */
        public boolean sentEarlier(String s) {
            return s != null && hashes.contains(hash('S', s));
        }

        /**
         * True when a path found in an answer comes from the fuzzer's input (this call or earlier) or
         * from what the server publishes (see the class comment). Windows paths are never known.
         */
        public boolean knownPath(String path) {
            if (path == null || path.isEmpty()) {
                return false;
            }
            String p = pathKey(path);
            if (known('P', p) || known('X', p) || known('S', path) || p.startsWith("/") && known('T', p.substring(1))) {
                return true;
            }
            String normal = GivenRoots.normalize(p); // "/a/b/../c" as the server resolved it
            if (!normal.equals(p) && known('P', normal) || roots.besideARoot(p)) {
                return true;
            }
            int segments = 0;
            for (int i = 1; i < p.length() && segments < MAX_SEGMENTS; i++) { // ancestors, from the root
                if (p.charAt(i) == '/') {
                    segments++;
                    if (segments >= 2 && known('P', p.substring(0, i))) {
                        return true;
                    }
                }
            }
            segments = 0;
            for (int i = p.length() - 1; i > 0 && segments < MAX_SEGMENTS; i--) { // resolved relative tails
                if (p.charAt(i) == '/') {
                    segments++;
                    String suffix = p.substring(i + 1);
                    if (suffix.indexOf('/') > 0 && known('T', suffix)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /**
         * True when a command-execution evidence token ({@link CommandEvidence}) was in a text the
         * fuzzer sent in an earlier call or the server publishes: it proves no execution. (This call's
         * own input is checked by {@link CommandEvidence#find} itself, by substring.)
         */
        public boolean knownEvidence(String token) {
            return token != null && known('E', token);
        }

        private boolean known(char kind, String s) {
            long h = hash(kind, s);
            return current.contains(h) || hashes.contains(h);
        }
    }

    /** Remembers the command-execution evidence tokens a text carries ({@link CommandEvidence#tokens}). */
    private void evidence(String text) {
        CommandEvidence.tokens(text).forEach(t -> add('E', t));
    }

    private interface Sink {
        void add(char kind, String s);
    }

    private void add(char kind, String s) {
        if (s.length() < MIN_LENGTH) {
            return;
        }
        if (hashes.size() >= MAX_ENTRIES) {
            dropped.incrementAndGet();
            return;
        }
        hashes.add(hash(kind, s));
    }

    /**
     * The path forms of a string that looks like a path: {@code P} the absolute path (URI scheme
     * removed, trailing slash removed), {@code T} the relative tail without leading {@code ../},
     * {@code ./} and {@code /}.
     */
    private static void paths(String s, Sink sink) {
        if (s.indexOf('/') < 0 || s.length() > MAX_HASHED) {
            return;
        }
        String p = pathKey(s.strip());
        int run = 0;
        while (run < p.length() && isPathChar(p.charAt(run)) && p.charAt(run) != ':') {
            run++;
        }
        if (run < p.length()) { // "/a/b.log(x)": an answer's path scanner sees "/a/b.log"
            paths(p.substring(0, run), sink);
        }
        if (p.startsWith("/")) {
            sink.add('P', p);
            String normal = GivenRoots.normalize(p);
            if (!normal.equals(p)) {
                sink.add('P', normal);
            }
        }
        int from = 0;
        while (true) {
            if (p.startsWith("../", from)) {
                from += 3;
            } else if (p.startsWith("./", from) || p.startsWith("/", from)) {
                from += p.charAt(from) == '.' ? 2 : 1;
            } else {
                break;
            }
        }
        String tail = p.substring(from);
        if (tail.indexOf('/') > 0) {
            sink.add('T', tail);
            // and its folder: mcp-obsidian joins an absolute path below its vault and names the folder it lacks,
            // "Parent directory does not exist: /vault/tmp/data/vault" for "/tmp/data/vault/notes.txt"
            int slash = tail.lastIndexOf('/');
            if (tail.indexOf('/') < slash) {
                sink.add('T', tail.substring(0, slash));
            }
        }
    }

    /** A path as remembered and looked up: without a URI scheme and without a trailing slash ("/" stays). */
    private static String pathKey(String path) {
        String p = stripScheme(path);
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private static String stripScheme(String s) {
        int scheme = s.indexOf("://");
        if (scheme > 0 && scheme < 16) {
            String rest = s.substring(scheme + 3);
            int slash = rest.indexOf('/');
            return s.regionMatches(true, 0, "file", 0, 4) || slash < 0 ? rest : rest.substring(slash);
        }
        return s;
    }

    static boolean isPathChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || c == '/' || c == '.' || c == '_' || c == '-' || c == '@' || c == '+' || c == ':' || c == '~';
    }

    /** FNV-1a over the kind and at most {@value #MAX_HASHED} chars, mixed with the length. */
    static long hash(char kind, String s) {
        long h = 0xcbf29ce484222325L;
        h = (h ^ kind) * 0x100000001b3L;
        int n = Math.min(s.length(), MAX_HASHED);
        for (int i = 0; i < n; i++) {
            h = (h ^ s.charAt(i)) * 0x100000001b3L;
        }
        return h ^ ((long) s.length() * 0x9E3779B97F4A7C15L);
    }

    private interface StringSink {
        void accept(String s);
    }

    /** Every string value and object key of a tree, at most {@value #MAX_NODES} nodes, without recursion. */
    private static void strings(JsonNode root, StringSink sink) {
        if (root == null) {
            return;
        }
        Deque<JsonNode> stack = new ArrayDeque<>();
        stack.push(root);
        int budget = 0;
        while (!stack.isEmpty() && budget++ < MAX_NODES) {
            JsonNode node = stack.pop();
            if (node.isString()) {
                sink.accept(node.asString());
            } else if (node.isObject()) {
                node.propertyNames().forEach(sink::accept);
                node.forEach(stack::push);
            } else if (node.isArray()) {
                node.forEach(stack::push);
            }
        }
    }
}
