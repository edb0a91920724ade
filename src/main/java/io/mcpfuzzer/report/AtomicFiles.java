package io.mcpfuzzer.report;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes whole files so that a reader never sees a partial one: the content goes to a temporary
 * file in the target's own directory, is forced to disk, and is then renamed over the target
 * (atomically where the file system supports it, else a plain replacing rename).
 *
 * <p>Thread-safe: concurrent writers of the same target each use their own temporary file; the
 * last rename wins and every visible version is complete. On failure the temporary file is
 * removed and an existing target is left untouched. Parent directories are created.
 */
public final class AtomicFiles {
    /** Writes the content of a file through a stream; the stream must not be closed by the callee. */
    @FunctionalInterface
    public interface StreamWriter {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {}

    /** Replaces {@code target} with {@code text} encoded as UTF-8. */
    public static Path writeString(Path target, String text) throws IOException {
        return write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces {@code target} with {@code bytes}. */
    public static Path write(Path target, byte[] bytes) throws IOException {
        return write(target, out -> out.write(bytes));
    }

    /** Replaces {@code target} with whatever {@code writer} streams (for large documents). */
    public static Path write(Path target, StreamWriter writer) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + absolute.getFileName() + ".", ".tmp");
        boolean done = false;
        try {
            // A FileOutputStream, not a FileChannel: a channel is closed by an interrupt, and reports
            // must still be written by a thread interrupted by Ctrl-C.
            try (java.io.FileOutputStream file = new java.io.FileOutputStream(temp.toFile())) {
                BufferedOutputStream buffered = new BufferedOutputStream(file, 64 * 1024);
                writer.writeTo(new FilterOutputStream(buffered) {
                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        out.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        flush(); // the channel is closed here, not by the callee
                    }
                });
                buffered.flush();
                file.getFD().sync();
            }
            move(temp, absolute);
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(temp);
            }
        }
        syncDirectory(dir);
        return absolute;
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Makes the rename durable where the platform allows fsync on a directory; best effort. */
    private static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not supported on this platform (for example Windows): the rename itself is done
        }
    }
}
