package io.mcpfuzzer.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains a child's stderr on its own daemon thread into a {@link ByteRing}, so a chatty child never
 * blocks on a full pipe. Optionally hands each line (cut at {@value #MAX_LINE} bytes) to a listener
 * on the drain thread; listener failures are logged and ignored.
 */
final class StderrDrain implements Runnable {
    static final int MAX_LINE = 8 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(StderrDrain.class);

    private final InputStream in;
    private final ByteRing ring;
    private final Consumer<String> lineListener;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final CountDownLatch done = new CountDownLatch(1);
    private boolean lineTruncated;
    private boolean listenerFailed;

    StderrDrain(InputStream in, ByteRing ring, Consumer<String> lineListener) {
        this.in = in;
        this.ring = ring;
        this.lineListener = lineListener;
    }

    /** Starts the daemon thread. */
    static StderrDrain start(InputStream in, ByteRing ring, Consumer<String> listener, String name) {
        StderrDrain drain = new StderrDrain(in, ring, listener);
        Thread t = new Thread(drain, "stderr-drain-" + name);
        t.setDaemon(true);
        t.start();
        return drain;
    }

    @Override
    public void run() {
        byte[] chunk = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(chunk)) >= 0) {
                ring.write(chunk, 0, n);
                if (lineListener != null) {
                    split(chunk, n);
                }
            }
        } catch (IOException e) {
            LOG.debug("stderr drain ended: {}", e.toString());
        } finally {
            if (lineListener != null && line.size() > 0) {
                emit();
            }
            done.countDown();
        }
    }

    /** Waits up to {@code timeout} for end of stream; true when it was reached. */
    boolean awaitEof(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void split(byte[] chunk, int n) {
        for (int i = 0; i < n; i++) {
            byte b = chunk[i];
            if (b == '\n') {
                emit();
            } else if (line.size() < MAX_LINE) {
                line.write(b);
            } else {
                lineTruncated = true;
            }
        }
    }

    private void emit() {
        String text = line.toString(StandardCharsets.UTF_8);
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        if (lineTruncated) {
            text = text + " [line truncated]";
        }
        line.reset();
        lineTruncated = false;
        try {
            lineListener.accept(text);
        } catch (RuntimeException e) {
            if (!listenerFailed) {
                listenerFailed = true;
                LOG.debug("stderr line listener failed (further failures not logged)", e);
            }
        }
    }
}
