package io.mcpfuzzer.oracle;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.List;

/**
 * Derives a crash bucket signature from a stderr tail: the exception type plus the top frames of
 * the last stack trace, in Python, Node, Java, Go and Rust formats. Line numbers are kept, memory
 * addresses and ids are not. Stateless; thread-safe.
 *
 * <p>Linear time on hostile stderr: only the last {@link #MAX_SCAN} characters are read, every
 * pattern is an RE2/J automaton (no backtracking, no recursion), and a format's patterns run only when
 * the text contains a literal each of its traces has.
 */
public final class StackSignature {
    /** Characters read from the end of the stderr tail. */
    public static final int MAX_SCAN = 100_000;
    private static final int FRAMES = 3;
    private static final Pattern JAVA_EXC = Pattern.compile("(?m)^(?:Exception in thread \"[^\"]*\" )?([\\w$.]+(?:Exception|Error))(?::|$)");
    private static final Pattern JAVA_FRAME = Pattern.compile("(?m)^\\s*at ([\\w$.<>]+)\\(([\\w$]+\\.\\w+:\\d+)\\)");
    private static final Pattern PY_FRAME = Pattern.compile("(?m)^\\s*File \"([^\"]+)\", line (\\d+), in (\\S+)");
    private static final Pattern PY_EXC = Pattern.compile("(?m)^(\\w+(?:\\.\\w+)*(?:Error|Exception|Exit|Interrupt)):");
    private static final Pattern NODE_EXC = Pattern.compile("(?m)^(\\w*Error)(?::|$)");
    private static final Pattern NODE_FRAME = Pattern.compile("(?m)^\\s+at (?:([\\w$.<>\\[\\] ]+) )?\\(?([^()\\s]+?):(\\d+):\\d+\\)?$");
    private static final Pattern GO_PANIC = Pattern.compile("(?m)^panic: ([^\\n\\r\\x{85}\\x{2028}\\x{2029}]*)");
    private static final Pattern GO_FRAME = Pattern.compile("(?m)^([\\w./*()]+)\\(.*\\)\\n\\s+(\\S+:\\d+)");
    private static final Pattern HEX_ADDRESS = Pattern.compile("0x[0-9a-f]+");
    private static final Pattern RUST_PANIC = Pattern.compile("thread '[^']*' panicked at ([^:\\n]+:\\d+)");

    private StackSignature() {}

    /** Signature text, or {@code "exit:<code>"}-style fallback given by the caller when no trace is found. */
    public static String of(String stderr, String fallback) {
        if (stderr == null || stderr.isBlank()) {
            return fallback;
        }
        String tail = stderr.length() > MAX_SCAN ? stderr.substring(stderr.length() - MAX_SCAN) : stderr;
        String sig = java(tail);
        if (sig == null) {
            sig = python(tail);
        }
        if (sig == null) {
            sig = rust(tail);
        }
        if (sig == null) {
            sig = go(tail);
        }
        if (sig == null) {
            sig = node(tail);
        }
        return sig == null ? fallback : sig;
    }

    private static String java(String s) {
        if (!s.contains("Exception") && !s.contains("Error")) {
            return null;
        }
        Matcher exc = JAVA_EXC.matcher(s);
        String type = null;
        int at = 0;
        while (exc.find()) {
            type = exc.group(1);
            at = exc.start();
        }
        if (type == null) {
            return null;
        }
        List<String> frames = new ArrayList<>();
        Matcher f = JAVA_FRAME.matcher(s);
        boolean found = f.find(at);
        while (found && frames.size() < FRAMES) {
            frames.add(f.group(1) + "(" + f.group(2) + ")");
            found = f.find();
        }
        return frames.isEmpty() ? null : "java:" + type + "|" + String.join("|", frames);
    }

    private static String python(String s) {
        if (!s.contains("File \"")) {
            return null;
        }
        Matcher f = PY_FRAME.matcher(s);
        List<String> frames = new ArrayList<>();
        while (f.find()) {
            String file = f.group(1);
            frames.add(file.substring(file.lastIndexOf('/') + 1) + ":" + f.group(2) + ":" + f.group(3));
        }
        if (frames.isEmpty()) {
            return null;
        }
        Matcher e = PY_EXC.matcher(s);
        String type = "Exception";
        while (e.find()) {
            type = e.group(1);
        }
        List<String> top = frames.subList(Math.max(0, frames.size() - FRAMES), frames.size());
        return "python:" + type + "|" + String.join("|", top);
    }

    private static String node(String s) {
        if (!s.contains("Error")) {
            return null;
        }
        Matcher e = NODE_EXC.matcher(s);
        if (!e.find()) {
            return null;
        }
        String type = e.group(1);
        Matcher f = NODE_FRAME.matcher(s);
        List<String> frames = new ArrayList<>();
        boolean found = f.find(e.start());
        while (found && frames.size() < FRAMES) {
            String file = f.group(2);
            frames.add((f.group(1) == null ? "" : f.group(1).trim() + "@") + file.substring(file.lastIndexOf('/') + 1) + ":" + f.group(3));
            found = f.find();
        }
        return frames.isEmpty() ? null : "node:" + type + "|" + String.join("|", frames);
    }

    private static String go(String s) {
        if (!s.contains("panic: ")) {
            return null;
        }
        Matcher p = GO_PANIC.matcher(s);
        if (!p.find()) {
            return null;
        }
        Matcher f = GO_FRAME.matcher(s);
        List<String> frames = new ArrayList<>();
        boolean found = f.find(p.start());
        while (found && frames.size() < FRAMES) {
            String loc = f.group(2);
            frames.add(f.group(1) + "@" + loc.substring(loc.lastIndexOf('/') + 1));
            found = f.find();
        }
        String panic = p.group(1);
        String msg = HEX_ADDRESS.matcher(panic.length() > 80 ? panic.substring(0, 80) : panic).replaceAll("0x?");
        return "go:" + msg + (frames.isEmpty() ? "" : "|" + String.join("|", frames));
    }

    private static String rust(String s) {
        if (!s.contains("' panicked at")) {
            return null;
        }
        Matcher m = RUST_PANIC.matcher(s);
        return m.find() ? "rust:panic@" + m.group(1) : null;
    }
}
