package io.mcpfuzzer.generate.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.common.Json;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

class MalformedFramesTest {
    private static final int LONG = 4096;
    private final Map<String, MalformedFrame> frames = MalformedFrames.catalogue(LONG).stream()
            .collect(Collectors.toMap(MalformedFrame::label, Function.identity()));

    private byte[] bytes(String label) {
        assertThat(frames).containsKey(label);
        return frames.get(label).bytes();
    }

    private static boolean validUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void labelsAreUniqueAndTheCatalogueHasTheRequiredEntries() {
        List<MalformedFrame> all = MalformedFrames.catalogue(LONG);
        assertThat(all).extracting(MalformedFrame::label).doesNotHaveDuplicates().contains("invalid-utf8",
                "truncated-json", "embedded-crlf", "nan-number", "infinity-number", "duplicate-keys", "utf8-bom",
                "empty-line", "whitespace-only", "nul-byte", "very-long-line", "trailing-garbage");
        assertThat(all).allSatisfy(f -> assertThat(f.description()).isNotBlank());
        assertThat(MalformedFrames.catalogue(LONG)).isEqualTo(all);
    }

    @Test
    void invalidUtf8FramesReallyAreInvalidAndTheOthersAreValid() {
        for (String label : List.of("invalid-utf8", "overlong-utf8", "utf8-surrogate")) {
            assertThat(validUtf8(bytes(label))).as(label).isFalse();
        }
        assertThat(validUtf8(bytes("truncated-json"))).isTrue();
        assertThat(validUtf8(bytes("utf8-bom"))).isTrue();
    }

    @Test
    void brokenJsonFramesDoNotParse() {
        for (String label : List.of("truncated-json", "unterminated-string", "nan-number", "infinity-number",
                "trailing-garbage", "two-messages-one-line", "single-quotes", "trailing-comma", "comment",
                "nul-byte", "very-long-line", "unclosed-nesting", "not-json")) {
            assertThatThrownBy(() -> Json.parse(text(bytes(label)))).as(label).isInstanceOf(JacksonException.class);
        }
        String garbage = text(bytes("trailing-garbage"));
        assertThat(Json.parse(garbage.substring(0, garbage.indexOf("garbage"))).get("method").asString())
                .isEqualTo("ping");
    }

    @Test
    void duplicateKeysParseLenientlyButFailStrictDetection() {
        String dup = text(bytes("duplicate-keys"));
        assertThat(Json.parse(dup).get("method").asString()).isEqualTo("tools/list");
        JsonMapper strict = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        assertThatThrownBy(() -> strict.readTree(dup)).isInstanceOf(JacksonException.class);
    }

    @Test
    void framingFramesHaveTheAdvertisedShape() {
        byte[] bom = bytes("utf8-bom");
        assertThat(Arrays.copyOf(bom, 3)).containsExactly(0xEF, 0xBB, 0xBF);
        assertThat(Json.parse(text(Arrays.copyOfRange(bom, 3, bom.length))).get("method").asString()).isEqualTo("ping");
        assertThat(bytes("empty-line")).isEmpty();
        assertThat(text(bytes("whitespace-only"))).isNotEmpty().isBlank();
        assertThat(bytes("nul-byte")).contains(0);
        assertThat(bytes("nul-prefix")[0]).isZero();
        assertThat(bytes("very-long-line")).hasSize(LONG).doesNotContain('\n');
        String crlf = text(bytes("embedded-crlf"));
        assertThat(crlf).contains("\r\n");
        for (String line : crlf.split("\r\n")) {
            assertThatThrownBy(() -> Json.parse(line)).isInstanceOf(JacksonException.class);
        }
        byte[] utf16 = bytes("utf16-encoded");
        assertThat(Json.parse(new String(utf16, 2, utf16.length - 2, StandardCharsets.UTF_16LE)).get("method")
                .asString()).isEqualTo("ping");
        assertThat(frames.values()).filteredOn(f -> !f.label().equals("embedded-crlf"))
                .allSatisfy(f -> assertThat(f.bytes()).as(f.label()).doesNotContain('\n'));
    }

    @Test
    void lineBytesAddsOneNewlineAndBytesAreCopies() {
        MalformedFrame empty = frames.get("empty-line");
        assertThat(empty.lineBytes()).containsExactly('\n');
        byte[] copy = frames.get("not-json").bytes();
        copy[0] = 'X';
        assertThat(frames.get("not-json").bytes()[0]).isEqualTo((byte) 'G');
        assertThatThrownBy(() -> MalformedFrames.catalogue(0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(MalformedFrames.catalogue()).filteredOn(f -> f.label().equals("very-long-line"))
                .singleElement().extracting(MalformedFrame::length).isEqualTo(MalformedFrames.DEFAULT_LONG_LINE);
    }
}
