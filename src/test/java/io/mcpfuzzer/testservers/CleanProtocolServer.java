package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A strictly conforming MCP server over newline-delimited JSON-RPC on stdio, the control for
 * {@link PlantedProtocolServer}: same capabilities (tools, resources, prompts, logging,
 * completions), same surfaces, no bugs. Framing and request checks are {@link StrictStdioServer}'s;
 * batches are answered per element before 2025-06-18 and rejected with one -32600 from then on;
 * methods are checked by {@link CleanMethods}. Argument 0: the served folder. Single-threaded.
 */
public final class CleanProtocolServer extends StrictStdioServer {
    private final CleanMethods methods;

    private CleanProtocolServer(Path folder) {
        this.methods = new CleanMethods(folder);
    }

    public static void main(String[] args) throws Exception {
        new CleanProtocolServer(Path.of(args[0])).serve(System.in);
    }

    @Override
    protected void onBatch(ArrayNode batch) throws InterruptedException {
        if (batch.isEmpty() || methods.version().compareTo("2025-06-18") >= 0) {
            send(Rpc.error(null, -32600, batch.isEmpty() ? "Empty batch" : "Batches are not supported"));
            return;
        }
        ArrayNode answers = Json.array();
        for (JsonNode element : batch) {
            JsonNode answer = onMessage(element);
            if (answer != null) {
                answers.add(answer);
            }
        }
        if (!answers.isEmpty()) {
            send(answers);
        }
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        return methods.handle(method, id, params);
    }
}
