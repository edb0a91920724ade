package io.mcpfuzzer.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * One process's {@code /proc/<pid>/statm}, kept open and re-read from offset 0 (a positional read: the
 * kernel regenerates the file on every read). Measured here at C1: about 3 us of CPU per sample, against
 * 11 to 13 us to open, read and close the path each time ({@link StatmRss#kb}). The open file stays bound
 * to the process it was opened for: once that process is gone (reaped) every read fails with "No such
 * process", and that is reported as {@link #GONE}, never as a reason to open the path again, where a
 * process that reused the pid may be. A zombie still reads (zeros), as when the path is opened afresh.
 *
 * <p>Thread-safe: reads are positional and share no buffer. {@link #close} may race a read, which then
 * answers {@link #UNREAD}. A read by an interrupted thread is not tried ({@link #UNREAD}): a
 * {@link FileChannel} read on an interrupted thread closes the channel for every other reader.
 */
final class OpenStatm implements AutoCloseable {
    /** What {@link #kb} returns when the process is gone or its text has no resident page count. */
    static final long GONE = -1;
    /** What {@link #kb} returns when it did not read (closed, or interrupted): read the path afresh. */
    static final long UNREAD = -2;
    private static final int MAX_STATM_BYTES = 256;

    private final FileChannel channel;

    private OpenStatm(FileChannel channel) {
        this.channel = channel;
    }

    /** The open statm of {@code pid}, or null when it cannot be opened (vanished, unreadable, no page size). */
    static OpenStatm open(long pid) {
        if (StatmRss.PAGE_KB <= 0 || pid <= 0) {
            return null;
        }
        try {
            return new OpenStatm(FileChannel.open(Path.of("/proc/" + pid + "/statm")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Resident kB of the process (0 for a zombie), {@link #GONE} or {@link #UNREAD}. */
    long kb() {
        if (Thread.currentThread().isInterrupted()) {
            return UNREAD;
        }
        ByteBuffer buffer = ByteBuffer.allocate(MAX_STATM_BYTES);
        try {
            while (buffer.hasRemaining()) { // one read holds the whole line in practice
                int n = channel.read(buffer, buffer.position());
                if (n <= 0 || buffer.get(buffer.position() - 1) == '\n') {
                    break;
                }
            }
        } catch (ClosedChannelException e) { // closed by a refresh, by close, or by an interrupt meanwhile
            return UNREAD;
        } catch (IOException e) { // ESRCH: the process is gone; its pid may already be another's
            return GONE;
        } catch (RuntimeException e) {
            return UNREAD;
        }
        long pages = StatmRss.residentPages(buffer.array(), buffer.position());
        return pages < 0 ? GONE : pages * StatmRss.PAGE_KB;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // a /proc file has nothing to flush: nothing is lost
        }
    }
}
