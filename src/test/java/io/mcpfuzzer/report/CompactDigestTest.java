package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** {@link CompactDigest#ofString} digests in chunks: the figures must equal those of the whole text's bytes. */
class CompactDigestTest {
    private static final int C = CompactDigest.CHUNK_CHARS;

    @Test
    void chunkedStringDigestEqualsTheWholeBytesAtEveryChunkBoundary() throws Exception {
        String pair = "\uD83D\uDE00"; // one code point, two chars
        String[] texts = {"", "a", "x".repeat(C - 1), "x".repeat(C), "x".repeat(C + 1),
            "x".repeat(C - 1) + pair + "y", "x".repeat(C - 2) + pair + "y", "x".repeat(C) + pair,
            "x".repeat(C - 1) + "\uD83D" + "y".repeat(C), "x".repeat(C - 1) + "\uDE00\uD83D" + "z",
            ("é" + pair + "ab").repeat(3 * C / 4 + 7)};
        for (String t : texts) {
            byte[] whole = t.getBytes(StandardCharsets.UTF_8);
            CompactDigest d = CompactDigest.ofString(t, 100);
            assertThat(d.size()).as("size of %d chars", t.length()).isEqualTo(whole.length);
            assertThat(d.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(whole)));
            assertThat(d.complete()).isEqualTo(whole.length <= 100);
            String prefix = new String(whole, 0, Math.min(100, whole.length), StandardCharsets.UTF_8);
            assertThat(prefix).startsWith(d.prefix());
        }
    }
}
