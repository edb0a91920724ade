package io.mcpfuzzer.mcp;

import io.mcpfuzzer.jsonrpc.ClientAnswers;
import java.time.Duration;

/**
 * How our client presents itself and how long it waits for session steps. Immutable.
 *
 * @param protocolVersion version offered in {@code initialize}
 * @param clientName      {@code clientInfo.name}
 * @param clientVersion   {@code clientInfo.version}
 * @param answers         answers to server-initiated requests (also decides declared capabilities)
 * @param stepTimeout     deadline for initialize and each list page
 * @param maxPages        page cap per listing
 */
public record ClientOptions(String protocolVersion, String clientName, String clientVersion, ClientAnswers answers,
        Duration stepTimeout, int maxPages) {

    public static ClientOptions defaults() {
        return new ClientOptions(ProtocolVersions.LATEST, "mcp-fuzzer", io.mcpfuzzer.common.Version.get(),
                ClientAnswers.defaults(), Duration.ofSeconds(30), 100);
    }

    public ClientOptions withProtocolVersion(String version) {
        return new ClientOptions(version, clientName, clientVersion, answers, stepTimeout, maxPages);
    }

    public ClientOptions withAnswers(ClientAnswers newAnswers) {
        return new ClientOptions(protocolVersion, clientName, clientVersion, newAnswers, stepTimeout, maxPages);
    }

    public ClientOptions withStepTimeout(Duration timeout) {
        return new ClientOptions(protocolVersion, clientName, clientVersion, answers, timeout, maxPages);
    }
}
