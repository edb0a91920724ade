package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.oracle.Finding;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Canaries land where an escape from the sandbox root would; the sandbox itself stays on. */
class CanaryFilesTest {
    @TempDir
    Path work;

    /** A vulnerable file tool: joins the path to its root without containment. */
    private static String vulnerableRead(Path root, String arg) {
        return read(resolve(root, arg));
    }

    /** A safe file tool: decodes first, then refuses anything outside its root. */
    private static String sandboxedRead(Path root, String arg) {
        Path target = resolve(root, arg);
        return target.startsWith(root) ? read(target) : "error: access denied outside " + root.getFileName();
    }

    private static Path resolve(Path root, String arg) {
        String p = URLDecoder.decode(arg, StandardCharsets.UTF_8).replace('\\', '/');
        return p.startsWith("file:") ? Path.of(java.net.URI.create(p)) : root.resolve(p).normalize();
    }

    private static String read(Path target) {
        try {
            return Files.readString(target, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "error: " + e.getMessage();
        }
    }

    @Test
    void traversalIsConfirmedForAVulnerableToolOnly() throws Exception {
        Path root = Files.createDirectories(work.resolve("fsroot"));
        List<Path> planted = new ArrayList<>();
        try (CanaryFiles canaries = CanaryFiles.plant(root)) {
            canaries.canaries().forEach(c -> planted.add(c.file()));
            assertThat(canaries.canaries()).extracting(CanaryFiles.Canary::location).containsExactly("sibling", "temp");
            assertThat(canaries.canaries().get(0).file().getParent()).isEqualTo(root.toAbsolutePath().getParent());
            assertThat(canaries.payloadPaths()).anyMatch(p -> p.startsWith("../mcpf-canary-"));

            List<Finding> vulnerable = new ArrayList<>();
            List<Finding> safe = new ArrayList<>();
            for (String p : canaries.payloadPaths()) {
                vulnerable.addAll(canaries.scan("read_file", p, vulnerableRead(root, p)));
                safe.addAll(canaries.scan("read_file", p, sandboxedRead(root, p)));
            }
            assertThat(vulnerable).extracting(Finding::checkId).containsOnly("MCPF-RESP-003");
            assertThat(vulnerable).extracting(f -> f.evidence().get("canary_location")).contains("sibling", "temp");
            assertThat(safe).isEmpty();

            String blob = Base64.getEncoder().encodeToString(Files.readAllBytes(planted.get(1)));
            assertThat(canaries.scan("read_resource", "{}", "{\"blob\":\"" + blob + "\"}"))
                    .extracting(f -> f.evidence().get("secret_encoding")).containsExactly("base64");

            assertThat(canaries.tampered("write_file")).isEmpty();
            Files.writeString(planted.get(0), "overwritten", StandardCharsets.UTF_8);
            assertThat(canaries.tampered("write_file")).extracting(f -> f.evidence().get("state")).containsExactly("modified");
        }
        assertThat(planted).allSatisfy(p -> assertThat(p).doesNotExist());
        assertThat(planted.get(1).getParent()).doesNotExist();
    }
}
