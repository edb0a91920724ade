package io.mcpfuzzer.fuzz.targets;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.Sent;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.safety.ArgumentPolicy;
import io.mcpfuzzer.safety.NetworkPolicy;
import io.mcpfuzzer.safety.PathSandbox;
import io.mcpfuzzer.safety.SafetyReport;
import io.mcpfuzzer.testservers.SpyServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The choke point on a real session ({@link SpyServer} as a child process, started by the stdio
 * factory with {@link OutboundSafety#install}): what it rewrites arrives rewritten, what it blocks
 * never reaches the server and comes back as {@code SAFETY_BLOCKED}, for every kind of frame.
 */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:OutboundSafetyTest")
class OutboundSafetyTest {
    private static final Duration T = Duration.ofSeconds(20);

    @TempDir
    Path base;
    private Path root;
    private Path log;
    private SafetyReport report;
    private StdioTargetFactory factory;
    private Target target;

    @BeforeEach
    void start() throws Exception {
        root = Files.createDirectories(base.resolve("root")).toRealPath();
        log = base.resolve("spy.log");
        Files.createDirectories(base.resolve("work"));
        report = new SafetyReport(List::of);
        ArgumentPolicy policy = new ArgumentPolicy(true, PathSandbox.create(root), NetworkPolicy.denyExcept(List.of()));
        OutboundSafety guard = new OutboundSafety(policy, report);
        factory = new StdioTargetFactory(JavaCommand.of(SpyServer.class, "--log", log.toString(), "--workdir",
                base.resolve("work").toString(), "--base", base.toString()), null, Map.of(), true,
                ClientOptions.defaults(), 1024 * 1024).sessionSetup(guard::install);
        target = factory.start();
    }

    @AfterEach
    void stop() {
        target.close();
        factory.close();
    }

    private McpSession session() {
        return target.session();
    }

    private String received() throws Exception {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Test
    void toolArgumentsAreConfinedOrBlockedAndTheCallerLearnsWhich() throws Exception {
        Reply confined = session().callTool("read_file", Json.object().put("path", "../../etc/hosts"), T);
        assertThat(confined.status()).isEqualTo(Reply.Status.RESULT);
        assertThat(confined.outbound().rewritten()).isTrue();
        assertThat(confined.outbound().message().at("/params/arguments/path").asString()).isEqualTo(root + "/etc/hosts");

        Reply blocked = session().callTool("run_command", Json.object().put("command", "x; rm -rf / --no-preserve-root"), T);
        assertThat(blocked.status()).isEqualTo(Reply.Status.SAFETY_BLOCKED);
        assertThat(blocked.detail()).contains("destructive-command");

        assertThat(received()).contains(root + "/etc/hosts").doesNotContain("../../etc/hosts").doesNotContain("rm -rf");
        assertThat(report.blockedCount()).isEqualTo(1);
        assertThat(report.rewriteCount()).isEqualTo(1);
        assertThat(report.toJson().at("/blocked/byTool/run_command").asInt()).isEqualTo(1);
    }

    @Test
    void theToolSchemaLearntFromTheListingMarksPathParameters() throws Exception {
        Reply before = session().callTool("archive", Json.object().put("target", "notes"), T);
        assertThat(before.outbound()).as("no schema known yet: 'target' is not a path word").isNull();
        session().listTools();
        Reply after = session().callTool("archive", Json.object().put("target", "notes"), T);
        assertThat(after.outbound().message().at("/params/arguments/target").asString()).isEqualTo(root + "/notes");
        assertThat(received()).contains("\"target\":\"" + root + "/notes\"");
    }

    @Test
    void resourceUrisFollowThePathAndNetworkPolicy() throws Exception {
        Reply file = session().rpc().request("resources/read", Json.object().put("uri", "file:///etc/hosts"), T);
        assertThat(file.outbound().message().at("/params/uri").asString()).isEqualTo("file://" + root + "/etc/hosts");
        Reply remote = session().rpc().request("resources/read", Json.object().put("uri", "https://example.com/x"), T);
        assertThat(remote.status()).isEqualTo(Reply.Status.SAFETY_BLOCKED);
        Reply share = session().rpc().request("resources/subscribe", Json.object().put("uri", "file://fileserver.example/s"), T);
        assertThat(share.status()).as("with an fs-root the host is dropped").isEqualTo(Reply.Status.RESULT);
        Reply custom = session().rpc().request("resources/read", Json.object().put("uri", "test://static/1"), T);
        assertThat(custom.status()).isEqualTo(Reply.Status.RESULT);
        assertThat(custom.outbound()).isNull();
        assertThat(received()).doesNotContain("example.com").doesNotContain("fileserver").contains("test://static/1");
    }

    @Test
    void promptArgumentsAndAnyOtherMethodAreChecked() throws Exception {
        ObjectNode prompt = Json.object().put("name", "fetch_page");
        prompt.putObject("arguments").put("url", "http://mcp-fuzzer-ssrf.invalid/");
        assertThat(session().rpc().request("prompts/get", prompt, T).status()).isEqualTo(Reply.Status.SAFETY_BLOCKED);
        Reply other = session().rpc().request("completion/complete", Json.object().put("value", "/etc/hosts"), T);
        assertThat(other.outbound().message().at("/params/value").asString()).isEqualTo(root + "/etc/hosts");
        Reply envelope = session().rpc().request("/etc/hosts", Json.object(), T);
        assertThat(envelope.status()).as("a method cannot be rewritten").isEqualTo(Reply.Status.SAFETY_BLOCKED);
        assertThat(received()).doesNotContain("mcp-fuzzer-ssrf").doesNotContain("\"/etc/hosts\"");
    }

    @Test
    void textAndRawFramesAreCheckedToo() throws Exception {
        RpcConnection rpc = session().rpc();
        Sent batch = rpc.write("[{\"jsonrpc\":\"2.0\",\"id\":\"b1\",\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"b2\",\"method\":\"tools/call\",\"params\":{\"name\":\"run_command\","
                + "\"arguments\":{\"command\":\"shutdown -h now\"}}}]");
        assertThat(batch.blocked()).isTrue();
        Sent duplicate = rpc.write("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"p\":\"/etc/hosts\",\"p\":\"ok\"}}");
        assertThat(duplicate.blocked()).as("a duplicate member is judged as text").isTrue();
        Sent trailing = rpc.write("{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}{\"params\":{\"u\":\"http://example.org\"}}");
        assertThat(trailing.blocked()).isTrue();
        assertThat(rpc.writeRaw("not json ../../../etc/hosts\n".getBytes(StandardCharsets.UTF_8)).blocked()).isTrue();
        assertThat(rpc.writeRaw("{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":{\"f\":\"/var/x\"}}\n"
                .getBytes(StandardCharsets.UTF_8)).blocked()).as("raw bytes are never rewritten").isTrue();
        byte[] utf16 = "{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":{\"f\":\"/var/y\"}}"
                .getBytes(StandardCharsets.UTF_16); // with its byte-order mark
        assertThat(rpc.writeRaw(utf16).blocked()).as("read as UTF-16 behind its byte-order mark").isTrue();
        Sent harmless = rpc.writeRaw("GET / HTTP/1.1\n".getBytes(StandardCharsets.UTF_8));
        assertThat(harmless.written()).isTrue();
        assertThat(session().rpc().request("ping", null, T).status()).isEqualTo(Reply.Status.RESULT);
        String got = received();
        assertThat(got).contains("GET / HTTP/1.1").doesNotContain("shutdown").doesNotContain("etc/hosts")
                .doesNotContain("example.org").doesNotContain("/var/x");
        JsonNode safety = report.toJson();
        assertThat(safety.at("/blocked/total").asInt()).isEqualTo(6);
    }
}
