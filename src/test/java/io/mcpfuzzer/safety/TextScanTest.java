package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Frames that are not JSON: judged by their text, allowed as they are or blocked. */
class TextScanTest {
    @TempDir
    Path tmp;

    private ArgumentPolicy strict() {
        return new ArgumentPolicy(true, PathSandbox.create(tmp.resolve("root")), NetworkPolicy.denyExcept(List.of()));
    }

    @Test
    void harmlessMalformedFramesPass() {
        ArgumentPolicy p = strict();
        for (String frame : List.of("GET / HTTP/1.1", "/* hi */{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}",
                "{'jsonrpc':'2.0','id':1,'method':'ping'}", "[[[[[[", "{\"a\":NaN}", "http://127.0.0.1:8080/x",
                "")) {
            assertThat(p.decideText(frame).blocked()).as(frame).isFalse();
        }
    }

    @Test
    void pathsOutsideTheRootCommandsSecretsAndHostsBlock() {
        ArgumentPolicy p = strict();
        String root = PathSandbox.create(tmp.resolve("root")).root().toString();
        assertThat(p.decideText("{'path':'/var/log/x'}").rule()).isEqualTo("path-sandbox");
        assertThat(p.decideText("{\"p\":\"\\u002fvar\\u002flog\"").rule()).as("JSON escapes are decoded").isEqualTo("path-sandbox");
        assertThat(p.decideText("{\"p\":\"../secret\"").rule()).isEqualTo("path-sandbox");
        assertThat(p.decideText("{\"p\":\"" + root + "/etc/passwd\"").blocked()).as("confined paths are fine").isFalse();
        assertThat(p.decideText("x; rm -rf / y").rule()).isEqualTo("destructive-command");
        assertThat(p.decideText("cat etc/shadow").rule()).isEqualTo("sensitive-file");
        assertThat(p.decideText("{\"u\":\"https://example.com/a\"").rule()).isEqualTo("network-url");
        assertThat(p.decideText("{\"u\":\"file://share.example/a\"").rule()).isEqualTo("path-sandbox");
    }

    @Test
    void withoutAnFsRootOnlyTheRulesAndTheNetworkApply() {
        ArgumentPolicy p = new ArgumentPolicy(false, null, NetworkPolicy.denyExcept(List.of()));
        assertThat(p.decideText("{'path':'/var/log/x'}").blocked()).isFalse();
        assertThat(p.decideText("rm -rf /").blocked()).as("--no-safety").isFalse();
        assertThat(p.decideText("see https://example.com").rule()).as("--no-network stays in force").isEqualTo("network-url");
        assertThat(p.decideText("see file://share.example/a").rule()).isEqualTo("network-url");
        assertThat(ArgumentPolicy.allowAll().inactive()).isTrue();
    }

    @Test
    void resourceUrisOfCustomSchemesAreNotNetworkAddresses() {
        ArgumentPolicy p = new ArgumentPolicy(true, null, NetworkPolicy.denyExcept(List.of()));
        assertThat(p.decideUri("test://static/1").blocked()).isFalse();
        assertThat(p.decideUri("https://example.com/r").rule()).isEqualTo("network-url");
        assertThat(p.decideUri("file://share.example/r").rule()).isEqualTo("network-url");
        assertThat(p.decideUri("file:///etc/passwd").rule()).isEqualTo("sensitive-file");
        assertThat(p.decideUri("http://localhost:3000/r").blocked()).isFalse();
    }
}
