package io.mcpfuzzer.transport.stdio;

import io.mcpfuzzer.transport.FrameListener;
import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MCP stdio transport (spec "Transports / stdio"): newline-delimited UTF-8 JSON on the child's
 * stdin/stdout. Lines longer than the cap become {@link FrameListener#onOversized}; empty lines are
 * counted and skipped. Writes are serialised; one daemon reader thread delivers frames.
 * The process itself is owned by the caller: {@link #close()} closes our ends of the pipes only.
 */
public final class StdioTransport implements Transport {
    /** Default line cap: 16 MiB. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
    /**
     * Start of the message of a {@link TransportException} of kind {@value #STUCK_KIND}: a write did
     * not finish within the write deadline, the server no longer reads its input.
     */
    public static final String STOPPED_READING = "stopped reading: ";
    /** {@link TransportException#kind()} of a write that outlived the write deadline. */
    public static final String STUCK_KIND = "stopped_reading";
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);

    private final InputStream fromPeer;
    private final OutputStream toPeer;
    private final String description;
    private final int maxLineBytes;
    private final AtomicBoolean open = new AtomicBoolean();
    private final AtomicBoolean closedNotified = new AtomicBoolean();
    private final Object writeLock = new Object();
    private volatile FrameListener listener;
    private volatile WriteDeadline writeDeadline;

    public StdioTransport(InputStream fromPeer, OutputStream toPeer, String description, int maxLineBytes) {
        this.fromPeer = fromPeer;
        this.toPeer = toPeer;
        this.description = description;
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * Gives every write a deadline (call before {@link #start}): a write still blocked after
     * {@code deadline} (the server stopped reading and the pipe is full) runs {@code onStuck} once,
     * which must free the write (kill the server); the write then fails with a
     * {@link TransportException} of kind {@value #STUCK_KIND} whose message starts with
     * {@value #STOPPED_READING}. Without it a write may block for as long as the server lives.
     *
     * @return this
     */
    public StdioTransport writeDeadline(java.time.Duration deadline, Runnable onStuck) {
        this.writeDeadline = new WriteDeadline(deadline, onStuck, description);
        return this;
    }

    @Override
    public void start(FrameListener frameListener) {
        if (!open.compareAndSet(false, true)) {
            throw new IllegalStateException("already started");
        }
        this.listener = frameListener;
        Thread reader = new Thread(this::readLoop, "stdio-reader");
        reader.setDaemon(true);
        reader.start();
        WriteDeadline watch = writeDeadline;
        if (watch != null) {
            watch.start();
        }
    }

    private void readLoop() {
        BoundedLineReader reader = new BoundedLineReader(fromPeer, maxLineBytes);
        String reason = "stdout closed (EOF)";
        try {
            while (true) {
                BoundedLineReader.Line line = reader.next();
                if (line instanceof BoundedLineReader.Text text) {
                    if (!text.text().isBlank()) { // blank lines are not frames
                        if (LOG.isTraceEnabled()) {
                            LOG.trace("<- {}", cut(text.text()));
                        }
                        listener.onFrame(text.text());
                    }
                } else if (line instanceof BoundedLineReader.Oversized big) {
                    LOG.debug("{}: discarded an oversized line of {} bytes (cap {})", description, big.bytes(),
                            maxLineBytes);
                    listener.onOversized(big.bytes(), big.head(), big.tail());
                } else if (line instanceof BoundedLineReader.Eof eof) {
                    if (!eof.partial().isBlank()) {
                        listener.onFrame(eof.partial());
                    }
                    break;
                }
            }
        } catch (IOException e) {
            reason = "stdout read failed: " + e.getMessage();
        } catch (RuntimeException e) {
            LOG.warn("stdio listener failed", e);
            reason = "reader failed: " + e;
        }
        open.set(false);
        LOG.debug("{}: inbound side closed: {}", description, reason);
        if (closedNotified.compareAndSet(false, true)) {
            listener.onClosed(reason);
        }
    }

    @Override
    public void send(String frame) throws TransportException {
        send(frame, null);
    }

    /** Runs {@code beforeWrite} under the write lock, just before the line is written (null: none). */
    @Override
    public void send(String frame, Runnable beforeWrite) throws TransportException {
        byte[] bytes = frame.getBytes(StandardCharsets.UTF_8);
        byte[] line = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, line, 0, bytes.length);
        line[bytes.length] = '\n';
        write(line, beforeWrite);
    }

    @Override
    public void sendRaw(byte[] bytes) throws TransportException {
        write(bytes, null);
    }

    private void write(byte[] bytes, Runnable beforeWrite) throws TransportException {
        if (LOG.isTraceEnabled()) {
            LOG.trace("-> {} bytes", bytes.length);
        }
        WriteDeadline watch = writeDeadline;
        synchronized (writeLock) {
            if (watch != null && watch.fired()) {
                throw stuck(watch, bytes.length, null);
            }
            if (beforeWrite != null) {
                beforeWrite.run();
            }
            try {
                if (watch != null) {
                    watch.begin();
                }
                toPeer.write(bytes);
                toPeer.flush();
            } catch (IOException e) {
                if (watch != null && watch.fired()) {
                    throw stuck(watch, bytes.length, e);
                }
                throw new TransportException("closed", "cannot write to the server's stdin: " + e.getMessage(), e);
            } finally {
                if (watch != null) {
                    watch.end();
                }
            }
        }
    }

    private static TransportException stuck(WriteDeadline watch, int size, IOException cause) {
        return new TransportException(STUCK_KIND, STOPPED_READING + "writing " + size + " bytes to the server did not"
                + " finish within " + watch.deadlineMillis() + " ms; the server no longer reads its input", cause);
    }

    private static String cut(String s) {
        return s.length() > 500 ? s.substring(0, 500) + "..." : s;
    }

    /** Closes the server's stdin: the MCP spec's first step of a stdio shutdown. */
    public void closeStdin() {
        synchronized (writeLock) {
            try {
                toPeer.close();
            } catch (IOException e) {
                LOG.debug("closing stdin: {}", e.getMessage());
            }
        }
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public boolean isOpen() {
        return open.get();
    }

    @Override
    public void close() {
        closeStdin(); // waits for a write under way; the deadline watch still frees a stuck one
        WriteDeadline watch = writeDeadline;
        if (watch != null) {
            watch.stop();
        }
        try {
            fromPeer.close();
        } catch (IOException e) {
            LOG.debug("closing stdout: {}", e.getMessage());
        }
    }
}
