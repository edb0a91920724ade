package io.mcpfuzzer.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;

class ReplyErrorCodeTest {
    private static Reply errorWithCode(String code) {
        return new Reply(Reply.Status.ERROR, Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":" + code
                + ",\"message\":\"m\"}}"), null, 0, null);
    }

    @Test
    void aCodeBeyondIntIsNoCodeRatherThanAnException() {
        assertThat(errorWithCode("123456789012345678901234567890").errorCode()).isNull();
        assertThat(errorWithCode("9223372036854775807").errorCode()).isNull();
        assertThat(errorWithCode("-32603.5").errorCode()).isNull();
        assertThat(errorWithCode("\"-32603\"").errorCode()).isNull();
    }

    @Test
    void anOrdinaryCodeIsRead() {
        assertThat(errorWithCode("-32603").errorCode()).isEqualTo(-32603);
    }
}
