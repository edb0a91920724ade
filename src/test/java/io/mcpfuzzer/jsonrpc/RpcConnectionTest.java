package io.mcpfuzzer.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.ScriptedServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON-RPC connection over the stdio transport, against a real child process. */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:RpcConnectionTest") // its methods run one after the other (a lock forces them into one thread)
class RpcConnectionTest {
    private Process process;
    private RpcConnection rpc;

    @BeforeEach
    void start() throws Exception {
        process = new ProcessBuilder(JavaCommand.of(ScriptedServer.class)).start();
        StdioTransport transport = new StdioTransport(process.getInputStream(), process.getOutputStream(), "scripted",
                1024 * 1024);
        ClientAnswers answers = ClientAnswers.defaults().withRoots(List.of("file:///sandbox/root"));
        rpc = new RpcConnection(transport, new ServerRequestHandler(answers));
        rpc.start();
        assertThat(rpc.request("initialize", Json.object(), Duration.ofSeconds(30)).status()).isEqualTo(Reply.Status.RESULT);
    }

    @AfterEach
    void stop() throws Exception {
        rpc.close();
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private Reply call(String tool, ObjectNode args, Duration timeout) {
        ObjectNode params = Json.object().put("name", tool);
        params.set("arguments", args);
        return rpc.request("tools/call", params, timeout);
    }

    @Test
    void aLateAnswerIsAnOrphanAndNeverGivenToAnotherRequest() throws Exception {
        Reply first = call("late", Json.object().put("delayMs", 1500).put("tag", "first"), Duration.ofMillis(200));
        assertThat(first.status()).isEqualTo(Reply.Status.TIMEOUT);
        Reply second = call("late", Json.object().put("delayMs", 2500).put("tag", "second"), Duration.ofSeconds(20));
        assertThat(second.status()).isEqualTo(Reply.Status.RESULT);
        assertThat(second.result().path("answer").asString()).isEqualTo("second");
        assertThat(rpc.log().orphanCount()).isEqualTo(1);
        assertThat(rpc.log().samples("orphan").get(0).note()).contains("late answer");
    }

    @Test
    void serverRequestsAreAnsweredPerTheSpec() {
        Reply reply = call("ask", Json.object(), Duration.ofSeconds(20));
        assertThat(reply.status()).isEqualTo(Reply.Status.RESULT);
        JsonNode answers = reply.result().get("answers");
        assertThat(answers.get(0).get("result").isEmpty()).isTrue();
        assertThat(answers.get(1).at("/result/roots/0/uri").asString()).isEqualTo("file:///sandbox/root");
        assertThat(answers.get(2).at("/result/role").asString()).isEqualTo("assistant");
        assertThat(answers.get(3).at("/result/action").asString()).isEqualTo("accept");
        assertThat(answers.get(3).at("/result/content/name").asString()).isEqualTo("Ada");
        assertThat(answers.get(4).at("/error/code").asInt()).isEqualTo(-32601);
        for (int i = 0; i < 5; i++) {
            assertThat(answers.get(i).get("id").asString()).isEqualTo("s" + i);
        }
    }

    @Test
    void garbageAndOversizedLinesAreEvidenceNotFatal() {
        Reply reply = call("garbage", Json.object(), Duration.ofSeconds(20));
        assertThat(reply.status()).isEqualTo(Reply.Status.OVERSIZED);
        assertThat(rpc.log().notJsonCount()).isEqualTo(1);
        assertThat(rpc.log().samples("not_json").get(0).text()).isEqualTo("this is not JSON");
        assertThat(rpc.log().oversizedCount()).isEqualTo(1);
        assertThat(rpc.isClosed()).isFalse();
        assertThat(rpc.request("ping", null, Duration.ofSeconds(10)).status()).isIn(Reply.Status.RESULT, Reply.Status.ERROR);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void anOversizedAnswerGoesToTheRequestItsIdNames(boolean idLast) throws Exception {
        java.util.concurrent.CompletableFuture<Reply> older = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> call("late", Json.object().put("delayMs", 2500).put("tag", "older"), Duration.ofSeconds(20)));
        Thread.sleep(300); // the older request is pending first
        Reply big = call("big", Json.object().put("delayMs", 100).put("idLast", idLast), Duration.ofSeconds(20));
        assertThat(big.status()).isEqualTo(Reply.Status.OVERSIZED);
        Reply first = older.get(30, TimeUnit.SECONDS);
        assertThat(first.status()).as("the oldest request is not the one answered").isEqualTo(Reply.Status.RESULT);
        assertThat(first.result().path("answer").asString()).isEqualTo("older");
    }

    @Test
    void aLateOversizedAnswerFailsNoOtherRequest() throws Exception {
        Reply timedOut = call("big", Json.object().put("delayMs", 1500).put("idLast", true), Duration.ofMillis(200));
        assertThat(timedOut.status()).isEqualTo(Reply.Status.TIMEOUT);
        Reply next = call("late", Json.object().put("delayMs", 3000).put("tag", "next"), Duration.ofSeconds(20));
        assertThat(next.status()).isEqualTo(Reply.Status.RESULT);
        assertThat(next.result().path("answer").asString()).isEqualTo("next");
        assertThat(rpc.log().samples("orphan").get(0).note()).contains("late oversized answer");
    }

    @Test
    void aTimedOutRequestAnsweredAfterItsDeadlineIsKnownAsLate() throws Exception {
        assertThat(rpc.takeLastTimeout()).isNull();
        Reply first = call("late", Json.object().put("delayMs", 800).put("tag", "slow"), Duration.ofMillis(100));
        assertThat(first.status()).isEqualTo(Reply.Status.TIMEOUT);
        String key = rpc.takeLastTimeout();
        assertThat(key).isNotNull();
        assertThat(rpc.takeLastTimeout()).as("taken once").isNull();
        assertThat(rpc.answeredLate(key)).as("not answered yet").isFalse();
        for (int i = 0; i < 200 && rpc.log().orphanCount() == 0; i++) {
            Thread.sleep(50);
        }
        assertThat(rpc.answeredLate(key)).isTrue();
        assertThat(rpc.answeredLate(null)).isFalse();
        assertThat(java.util.concurrent.CompletableFuture.supplyAsync(rpc::takeLastTimeout).get())
                .as("another thread had no timeout").isNull();
    }
}
