package io.mcpfuzzer.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a process that exited during start-up printed: the stdout it left unread in the pipe and its
 * stderr tail, as the evidence of a {@link ProcessStartException}. Stateless.
 */
final class StartOutput {
    /** At most this many bytes of stdout are quoted. */
    static final int MAX_STDOUT_BYTES = 4096;

    private StartOutput() {}

    /**
     * @param stdout the exited process's stdout; only bytes already buffered are read (never blocks
     *               on a pipe that a surviving grandchild keeps open)
     * @param stderrTail the stderr tail, possibly empty
     */
    static String describe(InputStream stdout, String stderrTail) {
        String out = available(stdout);
        StringBuilder b = new StringBuilder();
        // "standard output", not the short name: start-up failures are classified on their text
        b.append(out.isBlank() ? "(nothing on standard output)\n" : "standard output:\n" + out.stripTrailing() + "\n");
        b.append(stderrTail == null || stderrTail.isBlank() ? "(nothing on standard error)"
                : "standard error:\n" + stderrTail.stripTrailing());
        return b.toString();
    }

    private static String available(InputStream in) {
        byte[] buf = new byte[MAX_STDOUT_BYTES];
        int n = 0;
        try {
            while (n < buf.length) {
                int ready = in.available();
                if (ready <= 0) {
                    break;
                }
                int read = in.read(buf, n, Math.min(ready, buf.length - n));
                if (read < 0) {
                    break;
                }
                n += read;
            }
        } catch (IOException e) {
            return "(stdout unreadable: " + e.getMessage() + ")";
        }
        return new String(buf, 0, n, StandardCharsets.UTF_8);
    }
}
