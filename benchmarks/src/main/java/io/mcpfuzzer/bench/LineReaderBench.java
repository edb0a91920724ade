package io.mcpfuzzer.bench;

import io.mcpfuzzer.transport.stdio.BoundedLineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link BoundedLineReader} splitting a 10 MB in-memory buffer of JSON-RPC answer lines (20 to
 * 420 characters of text each). One operation reads the whole buffer; MB/s = 10 / (ms/op / 1000).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class LineReaderBench {
    static final int BUFFER_BYTES = 10 * 1024 * 1024;
    private static final int MAX_LINE_BYTES = 16 << 20;
    private byte[] buffer;

    @Setup
    public void setUp() {
        buffer = Samples.lines(BUFFER_BYTES);
    }

    /** Returns the number of lines read (so the work cannot be optimised away). */
    @Benchmark
    public long read10MbOfLines() throws IOException {
        BoundedLineReader reader = new BoundedLineReader(new ByteArrayInputStream(buffer), MAX_LINE_BYTES);
        long lines = 0;
        while (reader.next() instanceof BoundedLineReader.Text) {
            lines++;
        }
        return lines;
    }
}
