package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.OutcomeCounts;
import io.mcpfuzzer.oracle.RunResult;
import java.io.Closeable;
import java.io.IOException;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.node.ObjectNode;

/**
 * Streams every finished run as one JSON line to {@code <out>/sessions/<sessionId>/runs.jsonl}.
 *
 * <p>Thread-safe: {@link #record} may be called from any number of threads; each line is
 * serialised outside the lock and written with one write under it, straight to the OS (no user
 * space buffer), so a crash or kill of the fuzzer leaves a file whose complete lines are all valid
 * JSON. Memory is bounded: runs are not kept, only counters (total and per target outcome buckets,
 * capped at {@value #MAX_TARGETS} targets). An I/O failure does not throw into the fuzzing threads:
 * recording continues to count, writing stops, and {@link #writeError()} reports the cause.
 * Inputs and answers are redacted before they are written, then bounded ({@link EvidenceCap}):
 * the input like any evidence value (with {@code input_raw}, its whole compact JSON text, when it
 * was cut for depth or entries), raw input and answer like any string, and the line as a document.
 */
public final class RunRecorder implements Closeable {
    public static final String FILE_NAME = "runs.jsonl";
    /** Most distinct per-target buckets kept; further targets are counted under {@value #OTHER}. */
    public static final int MAX_TARGETS = OutcomeCounts.MAX_TARGETS;
    public static final String OTHER = OutcomeCounts.OTHER;
    /** Lines longer than this (UTF-8 bytes) get their input and answer replaced by a digest. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    private final Object lock = new Object();
    private final Path file;
    private final FileOutputStream stream;
    private final Redactor redactor;
    private final int maxLineBytes;
    private final OutcomeCounts counts = new OutcomeCounts();
    private long sequence;
    private boolean closed;
    private IOException writeError;

    private RunRecorder(Path file, FileOutputStream stream, Redactor redactor, int maxLineBytes) {
        this.file = file;
        this.stream = stream;
        this.redactor = redactor;
        this.maxLineBytes = maxLineBytes;
    }

    /** Opens (appending) {@code <outputDir>/sessions/<safe sessionId>/runs.jsonl}. */
    public static RunRecorder open(Path outputDir, String sessionId, Redactor redactor) throws IOException {
        return open(outputDir, sessionId, redactor, DEFAULT_MAX_LINE_BYTES);
    }

    public static RunRecorder open(Path outputDir, String sessionId, Redactor redactor, int maxLineBytes)
            throws IOException {
        Path dir = outputDir.resolve("sessions").resolve(SafeFileName.of(sessionId));
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE_NAME);
        // a stream, not a FileChannel: an interrupted caller must not close the file for everyone
        FileOutputStream stream = new FileOutputStream(file.toFile(), true);
        return new RunRecorder(file, stream, redactor, Math.max(4096, maxLineBytes));
    }

    public Path file() {
        return file;
    }

    /**
     * Appends one run and counts it. Returns false when the recorder is closed (the run is then
     * neither written nor counted) or when writing has failed (the run is still counted).
     */
    public boolean record(RunResult run) {
        if (run == null) {
            return false;
        }
        ObjectNode node = toNode(redactor.redact(run));
        // serialised once, outside the lock; only the sequence number is added under it
        byte[] whole = closedLine(node);
        synchronized (lock) {
            if (closed) {
                return false;
            }
            count(run);
            long seq = sequence++;
            if (writeError != null) {
                return false;
            }
            try {
                byte[] tail = (",\"seq\":" + seq + "}\n").getBytes(StandardCharsets.US_ASCII);
                if (whole != null && (long) whole.length - 1 + tail.length <= maxLineBytes) {
                    byte[] line = java.util.Arrays.copyOf(whole, whole.length - 1 + tail.length);
                    System.arraycopy(tail, 0, line, whole.length - 1, tail.length);
                    stream.write(line);
                } else {
                    node.put("seq", seq);
                    stream.write(serialise(node));
                }
                return true;
            } catch (IOException e) {
                writeError = e;
                return false;
            }
        }
    }

    /**
     * The node's compact JSON as UTF-8, ending in its closing brace: replacing that brace by
     * {@code ,"seq":N}} gives exactly the text of the node with {@code seq} put last. Null if the
     * node is empty or the text does not end in a brace (the caller then writes the node the slow way).
     */
    private static byte[] closedLine(ObjectNode node) {
        String text = text(node);
        if (node.isEmpty() || !text.endsWith("}")) {
            return null;
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private byte[] serialise(ObjectNode node) {
        byte[] bytes = (ReportJson.line(node) + "\n").getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxLineBytes) {
            return bytes;
        }
        for (String field : new String[] {"input", "input" + ReportNodes.RAW_SUFFIX, "raw_input", "response"}) {
            if (node.hasNonNull(field)) {
                CompactDigest d = CompactDigest.of(node.get(field), 0);
                node.put(field, "[omitted: " + d.size() + " bytes, sha256 " + d.sha256() + "]");
            }
        }
        node.put("truncated", true);
        return (ReportJson.line(node) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private void count(RunResult run) {
        counts.add(TargetKey.of(run.kind(), run.target()), run.outcome());
    }

    private static ObjectNode toNode(RunResult r) {
        ObjectNode node = ReportJson.compact().createObjectNode();
        node.put("recorded_at", Instant.now().toString());
        node.put("kind", r.kind());
        node.put("target", r.target());
        node.put("run", r.run());
        node.put("phase", r.phase());
        if (r.input() == null) {
            node.putNull("input");
        } else {
            EvidenceCap.Capped input = EvidenceCap.value(r.input());
            node.set("input", input.node());
            if (input.structural()) {
                node.set("input" + ReportNodes.RAW_SUFFIX, EvidenceCap.rawText(r.input()));
            }
        }
        node.set("raw_input", EvidenceCap.string(r.rawInput()));
        if (r.inputValid() == null) {
            node.putNull("input_valid");
        } else {
            node.put("input_valid", r.inputValid());
        }
        node.put("outcome", r.outcome());
        node.put("latency_ms", r.latencyMs());
        if (r.errorCode() == null) {
            node.putNull("error_code");
        } else {
            node.put("error_code", r.errorCode());
        }
        node.set("response", EvidenceCap.string(r.response()));
        var findings = node.putArray("findings");
        r.findings().forEach(findings::add);
        return (ObjectNode) EvidenceCap.document(node);
    }

    /**
     * The line's compact JSON text, made here, outside the lock; an input that cannot be written is
     * replaced by a marker (and its raw text dropped) first.
     */
    private static String text(ObjectNode line) {
        try {
            return ReportJson.line(line);
        } catch (JacksonException e) {
            line.put("input", "[unwritable input: " + e.getOriginalMessage() + "]");
            line.remove("input" + ReportNodes.RAW_SUFFIX);
            return ReportJson.line(line);
        }
    }

    /** Number of runs recorded so far. */
    public long totalRuns() {
        synchronized (lock) {
            return counts.total();
        }
    }

    /** Snapshot: target key ({@link TargetKey}) to outcome to count, sorted. */
    public Map<String, Map<String, Long>> perTarget() {
        synchronized (lock) {
            return counts.perTarget();
        }
    }

    /** Snapshot: outcome to count over all targets, sorted. */
    public Map<String, Long> outcomes() {
        synchronized (lock) {
            return counts.outcomes();
        }
    }

    /** The first write failure, if any. */
    public Optional<IOException> writeError() {
        synchronized (lock) {
            return Optional.ofNullable(writeError);
        }
    }

    /** Forces the file to disk and closes it; later {@link #record} calls return false. Idempotent. */
    @Override
    public void close() throws IOException {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (writeError == null) {
                    stream.getFD().sync();
                }
            } finally {
                stream.close();
            }
        }
    }
}
