package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SafeFileNameTest {
    @ParameterizedTest
    @ValueSource(strings = {"../../etc/passwd", "..", ".", "a/b\\c", "x\u0000y\u001b[2J", "C:\\Windows\\x",
            "/abs/path", "-rf", "name.", "\u202eexe.txt", "", "CON", "nul.txt", "tool with spaces"})
    void hostileNamesStayOneSafeComponentInsideTheDirectory(String raw) {
        String name = SafeFileName.of(raw);
        assertThat(name).matches("[A-Za-z0-9._-]+").doesNotStartWith(".").doesNotStartWith("-").doesNotEndWith(".").doesNotContain("..")
                .isNotIn(".", "..").doesNotMatch("(?i)(con|prn|aux|nul|com[0-9]|lpt[0-9])(\\..*)?").hasSizeLessThanOrEqualTo(100);
        Path dir = Path.of("/out/crashes");
        assertThat(dir.resolve(name).normalize().getParent()).isEqualTo(dir);
    }

    @Test
    void deterministicCappedAndDistinctForInputsThatSanitiseAlike() {
        assertThat(SafeFileName.of("echo_tool")).isEqualTo("echo_tool");
        assertThat(SafeFileName.of("a/b")).isEqualTo(SafeFileName.of("a/b")).isNotEqualTo(SafeFileName.of("a_b"));
        String longName = "x".repeat(500);
        assertThat(SafeFileName.of(longName, 40)).hasSize(40).isNotEqualTo(SafeFileName.of(longName + "y", 40));
    }

    @Test
    void allocatorAddsSuffixesForCaseInsensitiveCollisions() {
        SafeFileName.Allocator names = new SafeFileName.Allocator(50);
        assertThat(names.allocate("Echo", ".json")).isEqualTo("Echo.json");
        assertThat(names.allocate("echo", ".json")).isEqualTo("echo-2.json");
        assertThat(names.allocate("ECHO", ".json")).isEqualTo("ECHO-3.json");
        SafeFileName.Allocator again = new SafeFileName.Allocator(50);
        assertThat(again.allocate("Echo", ".json")).isEqualTo("Echo.json");
    }
}
