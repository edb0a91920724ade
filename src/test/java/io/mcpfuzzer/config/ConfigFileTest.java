package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void readsKeysWithPositionsAndFlattensOutputSection() throws IOException {
        Path p = write("a.yaml", "runs: 3\n\noutput:\n  directory: out\nallow_hosts:\n  - x\n");
        ConfigFile f = ConfigFile.read(p);
        assertThat(f.entries().keySet()).containsExactly("runs", "output.directory", "allow_hosts");
        assertThat(f.entries().get("output.directory").line()).isEqualTo(4);
        assertThat(f.entries().get("output.directory").column()).isEqualTo(3);
        assertThat(f.entries().get("allow_hosts").value().isArray()).isTrue();
        assertThat(f.sha256()).matches("[0-9a-f]{64}");
    }

    @Test
    void emptyAndCommentOnlyFilesAreEmpty() throws IOException {
        assertThat(ConfigFile.read(write("e.yml", "")).entries()).isEmpty();
        assertThat(ConfigFile.read(write("c.yml", "# nothing\n")).entries()).isEmpty();
    }

    @Test
    void yamlScalarsKeepCoreSchemaTypes() throws IOException {
        ConfigFile f = ConfigFile.read(write("t.yaml", "a: no\nb: 0755\nc: 2025-11-25\nd: true\n"));
        assertThat(f.entries().get("a").value().isString()).isTrue();
        assertThat(f.entries().get("c").value().stringValue()).isEqualTo("2025-11-25");
        assertThat(f.entries().get("d").value().isBoolean()).isTrue();
    }

    @Test
    void rejectsNonMappingTopLevel() throws IOException {
        Path p = write("l.yaml", "- a\n- b\n");
        assertThatThrownBy(() -> ConfigFile.read(p)).isInstanceOf(ConfigException.class)
                .hasMessageContaining(p + ":1:1: the top level must be a mapping");
    }

    @Test
    void syntaxErrorsAndDuplicatesCarryALine() throws IOException {
        Path bad = write("s.yaml", "runs: 3\nmode: [tools\n");
        assertThatThrownBy(() -> ConfigFile.read(bad)).hasMessageContaining(bad + ":").hasMessageContaining("invalid YAML");
        Path dup = write("d.yaml", "runs: 3\nruns: 4\n");
        assertThatThrownBy(() -> ConfigFile.read(dup)).hasMessageContaining(dup + ":2:")
                .hasMessageContaining("runs");
    }

    @Test
    void rejectsMissingFilesAndOtherExtensions() throws IOException {
        assertThatThrownBy(() -> ConfigFile.read(dir.resolve("missing.yaml")))
                .hasMessageContaining("configuration file not found");
        Path json = write("c.json", "{}");
        assertThatThrownBy(() -> ConfigFile.read(json)).hasMessageContaining("only .yml and .yaml");
    }

    @Test
    void rejectsInvalidUtf8() throws IOException {
        Path p = dir.resolve("bin.yaml");
        Files.write(p, new byte[] {'r', 'u', 'n', 's', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'});
        assertThatThrownBy(() -> ConfigFile.read(p)).hasMessageContaining("not valid UTF-8");
    }

    @Test
    void rejectsOversizedFiles() throws IOException {
        Path big = write("big.yaml", "# " + "x".repeat((int) ConfigFile.MAX_BYTES) + "\n");
        assertThatThrownBy(() -> ConfigFile.read(big)).hasMessageContaining("larger than");
    }
}
