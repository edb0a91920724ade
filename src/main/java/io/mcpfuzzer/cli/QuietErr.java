package io.mcpfuzzer.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The stderr of {@code --quiet}: passes every line except the fuzzer's own warnings and notices
 * ({@code mcp-fuzzer: warning: ...}, {@code mcp-fuzzer demo: ...}), so only errors remain. Works
 * line by line; a line longer than {@link #MAX_LINE} bytes is passed on as it is. Thread-safe
 * (synchronized).
 */
final class QuietErr extends OutputStream {
    static final int MAX_LINE = 64 * 1024;
    private static final String[] DROPPED = {"mcp-fuzzer: warning: ", "mcp-fuzzer demo: "};

    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean passing;

    private QuietErr(PrintStream target) {
        this.target = target;
    }

    static PrintStream wrap(PrintStream err) {
        return new PrintStream(new QuietErr(err), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        if (passing) {
            target.write(b);
            passing = b != '\n';
            return;
        }
        line.write(b);
        if (b == '\n') {
            emit();
        } else if (line.size() > MAX_LINE) {
            target.write(line.toByteArray(), 0, line.size());
            line.reset();
            passing = true;
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        target.flush();
    }

    private void emit() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        for (String prefix : DROPPED) {
            if (text.startsWith(prefix)) {
                return;
            }
        }
        target.print(text);
    }
}
