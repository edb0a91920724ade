package io.mcpfuzzer.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testservers.EchoToolsServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Child JVMs start from jars with a class-data sharing archive that the JVM really maps. */
@Timeout(180)
class ChildJvmTest {
    @Test
    void aFixtureStartsWithTheArchiveRequiredAndAnswers() throws Exception {
        ChildJvm.Launch launch = ChildJvm.launch();
        String archive = launch.sharingFlags().stream().filter(f -> f.startsWith("-XX:SharedArchiveFile="))
                .findFirst().orElseThrow(() -> new AssertionError("no archive: " + launch))
                .substring("-XX:SharedArchiveFile=".length());
        assertThat(Path.of(archive)).isRegularFile();
        assertThat(launch.classPath()).doesNotContain("test-classes" + java.io.File.pathSeparator);

        List<String> cmd = new ArrayList<>(JavaCommand.of(EchoToolsServer.class));
        cmd.replaceAll(f -> f.equals("-Xshare:auto") ? "-Xshare:on" : f); // an unusable archive is then fatal
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream();
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                        StandardCharsets.UTF_8))) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            assertThat(out.readLine()).as(String.join(" ", cmd)).contains("\"configure\"");
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(Path.of(archive).resolveSibling("dump.log"))).doesNotContain("Error");
    }
}
