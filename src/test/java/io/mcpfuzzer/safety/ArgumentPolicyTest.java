package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class ArgumentPolicyTest {
    private static final NetworkPolicy NO_NET = NetworkPolicy.denyExcept(List.of("api.allowed.test"));
    private final ArgumentPolicy rulesOnly = new ArgumentPolicy(true, null, NetworkPolicy.open());

    @TempDir
    Path tmp;

    private static JsonNode args(String json) {
        return Json.parse(json);
    }

    private static JsonNode arg(String key, String value) {
        return Json.object().put(key, value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"rm -rf /", "ls; rm -rf ~", "x && sudo rm -r --no-preserve-root /", "$(rm -fr /home)",
        "shutdown -h now", "echo hi | reboot", "mkfs.ext4 /dev/sda1", "dd if=/dev/zero of=/dev/sda bs=1M",
        ":(){ :|:& };:", "cat x > /dev/sda", "sudo chmod -R 777 /", "`poweroff`", "init 0"})
    void destructiveCommandsAreBlocked(String payload) {
        PolicyDecision d = rulesOnly.decide("run", null, arg("command", payload));
        assertThat(d.verdict()).isEqualTo(PolicyAction.BLOCK);
        assertThat(d.rule()).isEqualTo("destructive-command");
        assertThat(d.reason()).startsWith("destructive-command at /command: ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"the shutdown was graceful", "rm file.txt", "farm -rf", "hello world", "format this text",
        "please reboot-proof the design", "dd if=a of=b", "grep -r pattern ."})
    void ordinaryTextIsAllowed(String text) {
        PolicyDecision d = rulesOnly.decide("run", null, arg("text", text));
        assertThat(d.verdict()).isEqualTo(PolicyAction.ALLOW);
        assertThat(d.arguments().path("text").asString()).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/etc/passwd", "../../../etc/shadow", "cat /etc/passwd", "~/.ssh/id_rsa",
        "..%2f..%2fetc%2fpasswd", "/proc/self/environ", "/root/.bashrc", "/home/u/.aws/credentials"})
    void sensitiveFilesAreBlockedWithoutFsRoot(String value) {
        PolicyDecision d = rulesOnly.decide("read", null, arg("name", value));
        assertThat(d.verdict()).isEqualTo(PolicyAction.BLOCK);
        assertThat(d.rule()).isEqualTo("sensitive-file");
    }

    @Test
    void urlsToRemoteHostsAreBlockedOnlyWhenNetworkIsOff() {
        ArgumentPolicy noNet = new ArgumentPolicy(true, null, NO_NET);
        assertThat(noNet.decide("fetch", null, arg("url", "see https://example.com/x")).rule()).isEqualTo("network-url");
        assertThat(noNet.decide("fetch", null, arg("url", "ftp://10.0.0.1/f")).blocked()).isTrue();
        assertThat(noNet.decide("fetch", null, arg("url", "http://127.0.0.1:8080/ok")).blocked()).isFalse();
        assertThat(noNet.decide("fetch", null, arg("url", "https://api.allowed.test/v1")).blocked()).isFalse();
        assertThat(rulesOnly.decide("fetch", null, arg("url", "https://example.com/x")).blocked()).isFalse();
    }

    @Test
    void pathArgumentsAreConfinedToFsRootAndOtherTextIsUntouched() {
        PathSandbox sandbox = PathSandbox.create(tmp.resolve("root"));
        String root = sandbox.root().toString();
        ArgumentPolicy p = new ArgumentPolicy(true, sandbox, NetworkPolicy.open());
        JsonNode in = args("""
                {"path":"../../outside","target":"/etc/passwd","uri":"file:///etc/passwd",
                 "query":"hello / world","fileContent":"some text","note":"../x is a sibling",
                 "outputDir":"out","list":{"files":["a.txt","/abs/b.txt"]},"n":3}""");
        String before = in.toString();
        PolicyDecision d = p.decide("write", null, in);
        assertThat(d.verdict()).isEqualTo(PolicyAction.REWRITE);
        JsonNode out = d.arguments();
        assertThat(out.path("path").asString()).isEqualTo(root + "/outside");
        assertThat(out.path("target").asString()).isEqualTo(root + "/etc/passwd");
        assertThat(out.path("uri").asString()).isEqualTo("file://" + root + "/etc/passwd");
        assertThat(out.path("query").asString()).isEqualTo("hello / world");
        assertThat(out.path("fileContent").asString()).isEqualTo("some text");
        assertThat(out.path("note").asString()).isEqualTo("../x is a sibling");
        assertThat(out.path("outputDir").asString()).isEqualTo(root + "/out");
        assertThat(out.path("list").path("files").get(1).asString()).isEqualTo(root + "/abs/b.txt");
        assertThat(out.path("n").asInt()).isEqualTo(3);
        assertThat(d.rewrites()).extracting(Rewrite::pointer).contains("/path", "/uri", "/list/files/0");
        assertThat(in.toString()).as("input is never modified").isEqualTo(before);
    }

    @Test
    void schemaFormatMarksAPath() {
        PathSandbox sandbox = PathSandbox.create(tmp.resolve("root"));
        ArgumentPolicy p = new ArgumentPolicy(true, sandbox, NetworkPolicy.open());
        JsonNode schema = args("{\"type\":\"object\",\"properties\":{\"where\":{\"type\":\"string\",\"format\":\"path\"}}}");
        PolicyDecision d = p.decide("t", schema, arg("where", "notes"));
        assertThat(d.arguments().path("where").asString()).isEqualTo(sandbox.root() + "/notes");
        assertThat(p.decide("t", null, arg("where", "notes")).verdict()).isEqualTo(PolicyAction.ALLOW);
    }

    @Test
    void aNumberOrBooleanWhereAPathIsExpectedIsBlockedUnlessTheSchemaTypesItSo() {
        PathSandbox sandbox = PathSandbox.create(tmp.resolve("root"));
        ArgumentPolicy p = new ArgumentPolicy(true, sandbox, NetworkPolicy.open());
        // git-mcp-server's git_clean: "directories" is a boolean flag, not a folder
        JsonNode flag = args("{\"type\":\"object\",\"properties\":{\"directories\":{\"type\":\"boolean\"},"
                + "\"dirs\":{\"type\":[\"integer\",\"null\"]},\"path\":{\"type\":\"string\"},"
                + "\"folder\":{\"type\":[\"string\",\"boolean\"]}}}");
        assertThat(p.decide("t", flag, args("{\"directories\":true}")).verdict()).isEqualTo(PolicyAction.ALLOW);
        assertThat(p.decide("t", flag, args("{\"dirs\":3}")).verdict()).isEqualTo(PolicyAction.ALLOW);
        // a string path property, a mixed type, or no schema: a server may take 42 as a relative name
        assertThat(p.decide("t", flag, args("{\"path\":42}")).blocked()).isTrue();
        assertThat(p.decide("t", flag, args("{\"folder\":true}")).blocked()).isTrue();
        assertThat(p.decide("t", null, args("{\"directories\":true}")).blocked()).isTrue();
        assertThat(p.decide("t", null, args("{\"paths\":[7]}")).blocked()).isTrue();
    }

    @Test
    void noSafetyTurnsRulesOffButKeepsAnExplicitFsRoot() {
        PathSandbox sandbox = PathSandbox.create(tmp.resolve("root"));
        ArgumentPolicy p = new ArgumentPolicy(false, sandbox, NO_NET);
        assertThat(p.decide("t", null, arg("cmd", "rm -rf /")).verdict()).isEqualTo(PolicyAction.ALLOW);
        assertThat(p.decide("t", null, arg("path", "/etc/passwd")).verdict()).isEqualTo(PolicyAction.REWRITE);
        assertThat(ArgumentPolicy.allowAll().decide("t", null, arg("cmd", "rm -rf /")).blocked()).isFalse();
    }

    @Test
    void hugeArgumentsFailClosed() {
        ArrayNode arr = Json.array();
        for (int i = 0; i < ArgumentPolicy.MAX_NODES + 10; i++) {
            arr.add(Json.object());
        }
        ObjectNode in = Json.object();
        in.set("a", arr);
        PolicyDecision d = rulesOnly.decide("t", null, in);
        assertThat(d.rule()).isEqualTo("inspection-limit");
    }

    @Test
    void deepNestingIsWalkedWithoutRecursion() {
        JsonNode deep = Json.object().put("cmd", "rm -rf /");
        for (int i = 0; i < 5_000; i++) {
            ArrayNode a = Json.array();
            a.add(deep);
            deep = a;
        }
        assertThat(rulesOnly.decide("t", null, deep).rule()).isEqualTo("destructive-command");
    }

    @Test
    void nullAndScalarArgumentsAreHandled() {
        assertThat(rulesOnly.decide("t", null, null).verdict()).isEqualTo(PolicyAction.ALLOW);
        assertThat(rulesOnly.decide("t", null, Json.parse("\"reboot\"")).blocked()).isTrue();
    }
}
