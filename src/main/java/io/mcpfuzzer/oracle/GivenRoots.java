package io.mcpfuzzer.oracle;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The absolute paths the fuzzer gave the target at launch (its command line: server-filesystem's allowed
 * directory), and where the target resolves the fuzzer's own values below them. server-filesystem answers
 * {@code NaN} with {@code ENOENT: ..., open '/srv/root/NaN'}, {@code ../x.txt} with {@code Access denied - path
 * outside allowed directories: /srv/x.txt}, and an empty path's atomic write with a temporary
 * {@code /srv/root.5f3a.tmp}: each is the given directory plus what the fuzzer sent, not a leak. At most
 * {@value #MAX_ROOTS} roots are kept and values of at most {@value #MAX_VALUE} characters resolved. Thread-safe.
 */
final class GivenRoots {
    static final int MAX_ROOTS = 16;
    static final int MAX_VALUE = 256;
    /** Segments a path may have to be normalised (longer ones are left as they are). */
    static final int MAX_SEGMENTS = 64;

    private final List<String> roots = new CopyOnWriteArrayList<>();

    /** Remembers an absolute path given at launch (others are ignored). */
    void add(String path) {
        if (path == null || !path.startsWith("/") || roots.size() >= MAX_ROOTS) {
            return;
        }
        String root = normalize(path);
        if (root.length() > 1 && !roots.contains(root)) {
            roots.add(root);
        }
    }

    /** Gives {@code sink} each root's resolution of a relative value the fuzzer sent (nothing for others). */
    void resolve(String value, Consumer<String> sink) {
        if (roots.isEmpty() || value == null || value.isEmpty() || value.length() > MAX_VALUE
                || value.startsWith("/") || value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0) {
            return;
        }
        for (String root : roots) {
            sink.accept(normalize(root + "/" + value));
        }
    }

    /** True when {@code path} is a root's name with a dotted suffix ({@code /srv/root.5f3a.tmp}): a file beside it. */
    boolean besideARoot(String path) {
        if (path == null || roots.isEmpty()) {
            return false;
        }
        String p = normalize(path);
        for (String root : roots) {
            if (p.length() > root.length() + 1 && p.startsWith(root) && p.charAt(root.length()) == '.'
                    && p.indexOf('/', root.length()) < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code path} with empty and {@code .} segments dropped and {@code ..} applied (never above {@code /}), for an
     * absolute path; a relative path or one of more than {@value #MAX_SEGMENTS} segments is returned as it is.
     */
    static String normalize(String path) {
        if (path == null || !path.startsWith("/")) {
            return path;
        }
        Deque<String> kept = new ArrayDeque<>();
        int segments = 0;
        int from = 1;
        while (from <= path.length()) {
            int to = path.indexOf('/', from);
            if (to < 0) {
                to = path.length();
            }
            if (++segments > MAX_SEGMENTS) {
                return path;
            }
            String part = path.substring(from, to);
            if (part.equals("..")) {
                kept.pollLast();
            } else if (!part.isEmpty() && !part.equals(".")) {
                kept.addLast(part);
            }
            from = to + 1;
        }
        return kept.isEmpty() ? "/" : "/" + String.join("/", kept);
    }
}
