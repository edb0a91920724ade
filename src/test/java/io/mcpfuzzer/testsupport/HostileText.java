package io.mcpfuzzer.testsupport;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Worst-case server text for the linear-time tests: about 100,000 characters each (runs that made the
 * old backtracking patterns quadratic or recurse once per repetition), and a way to run a check on a
 * thread with a small stack, so that any recursion per character or per nesting level shows up as a
 * {@link StackOverflowError} instead of passing on the main thread's large stack.
 */
public final class HostileText {
    /** Characters in each worst case. */
    public static final int SIZE = 100_000;
    /** Stack of the checking thread: a quarter of the JVM's usual 1 MiB thread stack. */
    public static final long SMALL_STACK = 256 * 1024;

    private HostileText() {}

    /** Named worst cases, about {@link #SIZE} characters each. */
    public static Map<String, String> cases() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("newlines", "\n".repeat(SIZE));
        m.put("spaces", " ".repeat(SIZE));
        m.put("crlf_indented", "\r\n  ".repeat(SIZE / 4));
        m.put("percent_runs", "%41".repeat(SIZE / 3));
        m.put("entity_runs", "&#65;".repeat(SIZE / 5));
        m.put("hex_entity_runs", "&#x41;".repeat(SIZE / 6));
        m.put("u_escapes", "\\u0041".repeat(SIZE / 6));
        m.put("x_escapes", "\\x41".repeat(SIZE / 4));
        m.put("path_2500_segments", " /a" + "/a".repeat(2_500) + " ");
        m.put("path_long", " /home" + "/a".repeat(SIZE / 2));
        m.put("windows_path_long", " C:" + "\\a".repeat(SIZE / 2));
        m.put("brackets_3000", "[".repeat(3_000));
        m.put("brackets", "[".repeat(SIZE));
        m.put("parens", "(".repeat(SIZE));
        m.put("braces", "{".repeat(SIZE));
        m.put("at_runs", "\n at ".repeat(SIZE / 5));
        m.put("html_comment_opens", "<!--".repeat(SIZE / 4));
        m.put("ansi_opens", "\u001b[".repeat(SIZE / 2));
        m.put("osc_opens", "\u001b]".repeat(SIZE / 2));
        m.put("digits", "1".repeat(SIZE));
        m.put("base64", "QUFB".repeat(SIZE / 4));
        m.put("hex", "ab".repeat(SIZE / 2));
        m.put("words", "send read ignore ".repeat(SIZE / 17));
        m.put("quotes", "\"'".repeat(SIZE / 2));
        m.put("key_values", "a=b&".repeat(SIZE / 4));
        m.put("private_key_opens", "-----BEGIN PRIVATE KEY-----".repeat(SIZE / 27));
        return m;
    }

    /** Runs the check on a fresh thread with a {@link #SMALL_STACK} stack; rethrows what it threw. */
    public static <T> T onSmallStack(Callable<T> check) {
        return onStack(SMALL_STACK, check);
    }

    /** Runs the check on a fresh thread with the given stack size in bytes; rethrows what it threw. */
    public static <T> T onStack(long stackBytes, Callable<T> check) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(check.call());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "hostile-text-check", stackBytes);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        if (failure.get() != null) {
            throw new AssertionError("check failed on a " + stackBytes / 1024 + " KiB stack", failure.get());
        }
        return result.get();
    }
}
