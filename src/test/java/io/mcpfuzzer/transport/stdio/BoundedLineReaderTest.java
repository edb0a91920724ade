package io.mcpfuzzer.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.transport.stdio.BoundedLineReader.Eof;
import io.mcpfuzzer.transport.stdio.BoundedLineReader.Line;
import io.mcpfuzzer.transport.stdio.BoundedLineReader.Oversized;
import io.mcpfuzzer.transport.stdio.BoundedLineReader.Text;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Lines as the stdio reader sees them, whether a line arrives whole in one read (the copy-free path)
 * or in pieces across reads, at the cap and one byte past it.
 */
class BoundedLineReaderTest {
    private static final int CAP = 100;

    @Test
    void linesInOneReadAndAcrossReadsAreTheSame() throws IOException {
        byte[] input = "{\"a\":1}\r\n\nsecond line\n\u00e9\u20ac\uD83D\uDE00\nlast".getBytes(StandardCharsets.UTF_8);
        List<String> expected = List.of("T:{\"a\":1}", "T:", "T:second line", "T:\u00e9\u20ac\uD83D\uDE00", "E:last");
        assertThat(readAll(new ByteArrayInputStream(input), CAP)).isEqualTo(expected);
        assertThat(readAll(trickle(input, 1), CAP)).isEqualTo(expected);
        assertThat(readAll(trickle(input, 3), CAP)).isEqualTo(expected);
    }

    @Test
    void theCapHoldsOnBothPaths() throws IOException {
        String atCap = "x".repeat(CAP);
        String pastCap = "y".repeat(CAP + 1);
        String pastCapWithCr = "z".repeat(CAP) + "\r"; // the CR counts: CAP + 1 bytes before the newline
        byte[] input = (atCap + "\n" + pastCap + "\n" + pastCapWithCr + "\nok\n").getBytes(StandardCharsets.UTF_8);
        List<String> expected = List.of("T:" + atCap, "O:" + (CAP + 1), "O:" + (CAP + 1), "T:ok", "E:");
        assertThat(readAll(new ByteArrayInputStream(input), CAP)).isEqualTo(expected);
        assertThat(readAll(trickle(input, 7), CAP)).isEqualTo(expected);
    }

    @Test
    void invalidUtf8BecomesReplacementCharacters() throws IOException {
        byte[] input = {'a', (byte) 0xff, (byte) 0xc3, '\n'};
        assertThat(readAll(new ByteArrayInputStream(input), CAP)).containsExactly("T:a\uFFFD\uFFFD", "E:");
    }

    @Test
    void randomFramesMatchAPlainSplitWhateverTheReadSizes() throws IOException {
        SplittableRandom random = new SplittableRandom(42);
        for (int round = 0; round < 200; round++) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            List<String> expected = new ArrayList<>();
            int lines = random.nextInt(1, 30);
            for (int i = 0; i < lines; i++) {
                int length = random.nextInt(0, CAP * 2);
                StringBuilder line = new StringBuilder();
                for (int k = 0; k < length; k++) {
                    line.append((char) random.nextInt('a', 'z' + 1));
                }
                boolean cr = random.nextInt(4) == 0 && length > 0;
                String body = line.toString();
                bytes.writeBytes((body + (cr ? "\r" : "") + "\n").getBytes(StandardCharsets.US_ASCII));
                int onWire = length + (cr ? 1 : 0);
                expected.add(onWire > CAP ? "O:" + onWire : "T:" + body);
            }
            expected.add("E:");
            byte[] input = bytes.toByteArray();
            assertThat(readAll(trickle(input, random.nextInt(1, 300)), CAP)).as("round %d", round)
                    .isEqualTo(expected);
        }
    }

    /**
     * Any bytes (multi-byte UTF-8 split anywhere, invalid bytes, CRs inside and before the newline, lines
     * at, under and over the cap, a last line without newline) in reads of any sizes, including whole 64 KiB
     * buffers (the copy-free path): the lines of a plain split of the bytes, with the oversized lines' head
     * and tail when the cap is at least {@link BoundedLineReader#EDGE} (below it the head depends on where
     * the reads end).
     */
    @Test
    void anyBytesInAnyReadsMatchAPlainSplit() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        int[] caps = {1, 3, 100, BoundedLineReader.EDGE, 300, 1000, 70_000};
        byte[][] pieces = {"a".getBytes(StandardCharsets.UTF_8), "\r".getBytes(StandardCharsets.UTF_8),
            "\u00e9".getBytes(StandardCharsets.UTF_8), "\u20ac".getBytes(StandardCharsets.UTF_8),
            "\uD83D\uDE00".getBytes(StandardCharsets.UTF_8), {(byte) 0xff}, {(byte) 0x80}, {(byte) 0xe2, (byte) 0x82}};
        for (int round = 0; round < 1_000; round++) {
            int cap = caps[random.nextInt(caps.length)];
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int lines = random.nextInt(0, 12);
            for (int i = 0; i <= lines; i++) {
                int target = random.nextInt(3) == 0 ? cap + random.nextInt(-2, 3) : random.nextInt(0, Math.min(cap * 2, 3_000) + 1);
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                while (line.size() < target) {
                    line.writeBytes(random.nextInt(4) == 0 ? pieces[random.nextInt(pieces.length)] : pieces[0]);
                }
                bytes.writeBytes(line.toByteArray());
                if (i < lines || random.nextBoolean()) {
                    bytes.write('\n');
                }
            }
            byte[] input = bytes.toByteArray();
            List<String> expected = plainSplit(input, cap);
            int most = random.nextBoolean() ? 70_000 : random.nextInt(1, 400);
            assertThat(readAllWithEdges(jumble(input, random.split(), most), cap, cap >= BoundedLineReader.EDGE))
                    .as("round %d, cap %d, reads of at most %d", round, cap, most).isEqualTo(expected);
        }
    }

    /** What the reader must give for {@code input}, as {@link #readAllWithEdges} lists it. */
    private static List<String> plainSplit(byte[] input, int cap) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (true) {
            int nl = start;
            while (nl < input.length && input[nl] != '\n') {
                nl++;
            }
            int length = nl - start;
            boolean last = nl == input.length;
            if (length > cap) {
                int edge = Math.min(BoundedLineReader.EDGE, length);
                out.add("O:" + length + "|" + (cap >= BoundedLineReader.EDGE
                        ? new String(input, start, edge, StandardCharsets.UTF_8) : "") + "|"
                        + withoutCr(input, nl - edge, edge));
                if (last) {
                    out.add("E:");
                }
            } else {
                out.add((last ? "E:" : "T:") + withoutCr(input, start, length));
            }
            if (last) {
                return out;
            }
            start = nl + 1;
        }
    }

    private static String withoutCr(byte[] bytes, int from, int length) {
        int n = length > 0 && bytes[from + length - 1] == '\r' ? length - 1 : length;
        return new String(bytes, from, n, StandardCharsets.UTF_8);
    }

    private static List<String> readAllWithEdges(InputStream in, int cap, boolean head) throws IOException {
        BoundedLineReader reader = new BoundedLineReader(in, cap);
        List<String> out = new ArrayList<>();
        while (true) {
            Line line = reader.next();
            if (line instanceof Text t) {
                out.add("T:" + t.text());
            } else if (line instanceof Oversized o) {
                out.add("O:" + o.bytes() + "|" + (head ? o.head() : "") + "|" + o.tail());
            } else {
                out.add("E:" + ((Eof) line).partial());
                return out;
            }
        }
    }

    private static List<String> readAll(InputStream in, int cap) throws IOException {
        BoundedLineReader reader = new BoundedLineReader(in, cap);
        List<String> out = new ArrayList<>();
        while (true) {
            Line line = reader.next();
            if (line instanceof Text t) {
                out.add("T:" + t.text());
            } else if (line instanceof Oversized o) {
                out.add("O:" + o.bytes());
            } else {
                out.add("E:" + ((Eof) line).partial());
                return out;
            }
        }
    }

    /** Hands out at most {@code step} bytes per read, as a pipe may. */
    private static InputStream trickle(byte[] data, int step) {
        return new Chunked(data, () -> step);
    }

    /** Hands out between 1 and {@code most} bytes per read, at random. */
    private static InputStream jumble(byte[] data, SplittableRandom random, int most) {
        return new Chunked(data, () -> random.nextInt(1, most + 1));
    }

    /** Hands out at most {@code size.getAsInt()} bytes per read. */
    private static final class Chunked extends InputStream {
        private final byte[] data;
        private final java.util.function.IntSupplier size;
        private int pos;

        Chunked(byte[] data, java.util.function.IntSupplier size) {
            this.data = data;
            this.size = size;
        }

        @Override
        public int read() {
            return pos < data.length ? data[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= data.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, size.getAsInt()), data.length - pos);
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
