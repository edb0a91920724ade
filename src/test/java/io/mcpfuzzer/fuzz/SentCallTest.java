package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Outbound;
import io.mcpfuzzer.jsonrpc.Reply;
import org.junit.jupiter.api.Test;

class SentCallTest {
    @Test
    void aRewrittenCallKeepsItsLivenessAndWireSize() {
        var frame = Json.parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{\"p\":\"/root/a\"}}");
        RunEngine.Call call = new RunEngine.Call("protocol", "notifications/x", 3, "aggressive", frame, null, false,
                "hostile", s -> null, RunEngine.Liveness.ANSWER_OPTIONAL, 77);
        var rewritten = Json.parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{\"p\":\"/sandbox/a\"}}");
        Reply reply = new Reply(Reply.Status.TIMEOUT, null, null, 0, null, Outbound.rewrite(rewritten, "confined"));

        RunEngine.Call sent = SentCall.asSent(call, reply);

        assertThat(sent.liveness()).isEqualTo(RunEngine.Liveness.ANSWER_OPTIONAL);
        assertThat(sent.inputBytes()).isEqualTo(77);
        assertThat(sent.strategy()).isEqualTo("hostile+confined");
        assertThat(sent.input()).isEqualTo(rewritten);
    }
}
