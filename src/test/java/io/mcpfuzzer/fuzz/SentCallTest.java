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

    /** git-mcp-server's git_add: the empty path that made the input invalid went out as the fs root, a valid path. */
    @Test
    void anInvalidValueTheGateReplacedLeavesTheValidityUnknown() {
        var generated = Json.parse("{\"path\":\"/srv/repo\",\"paths\":[\"\",\"/srv/repo/a.csv\"],\"update\":true}");
        var sentArgs = Json.parse("{\"path\":\"/srv/repo\",\"paths\":[\"/srv/repo\",\"/srv/repo/a.csv\"],\"update\":true}");
        var message = Json.object().put("jsonrpc", "2.0").put("method", "tools/call");
        message.putObject("params").put("name", "git_add").set("arguments", sentArgs);
        Reply reply = new Reply(Reply.Status.RESULT, null, null, 0, null, Outbound.rewrite(message, "confined"));

        RunEngine.Call emptied = new RunEngine.Call("tool", "git_add", 4, "coverage", generated, null, false,
                "string.empty@/paths/0", s -> null);
        RunEngine.Call extra = new RunEngine.Call("tool", "git_add", 5, "coverage", generated, null, false,
                "object.extra_property", s -> null);
        RunEngine.Call elsewhere = new RunEngine.Call("tool", "git_add", 6, "coverage", generated, null, false,
                "string.too_long@/paths/1", s -> null);

        assertThat(SentCall.asSent(emptied, reply).valid()).isNull();
        assertThat(SentCall.asSent(emptied, reply).strategy()).isEqualTo("string.empty@/paths/0+confined");
        assertThat(SentCall.asSent(extra, reply).valid()).as("no pointer: the fault is kept").isFalse();
        assertThat(SentCall.asSent(elsewhere, reply).valid()).as("the faulty value went out as generated").isFalse();
    }
}
