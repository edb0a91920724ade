package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.ServerRequestHandler;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.mcp.McpException;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import io.mcpfuzzer.transport.TransportProtocol;
import io.mcpfuzzer.transport.http.AutoHttpTransport;
import io.mcpfuzzer.transport.http.HttpOptions;
import io.mcpfuzzer.transport.http.HttpTransports;
import io.mcpfuzzer.transport.http.StreamableHttpTransport;

/**
 * Connects to a remote MCP server over Streamable HTTP, legacy HTTP+SSE, or whichever it speaks
 * ({@code http}). A server that stops accepting connections after having answered ends the
 * session, which the campaign judges like a crash of a local process.
 */
public final class HttpTargetFactory implements TargetFactory {
    private final String url;
    private final TransportProtocol protocol;
    private final HttpOptions options;
    private final ClientOptions client;
    private volatile java.util.function.Consumer<McpSession> sessionSetup = s -> {};

    /** @param protocol which HTTP transport to speak; not {@code STDIO} (refused when a session starts) */
    public HttpTargetFactory(String url, TransportProtocol protocol, HttpOptions options, ClientOptions client) {
        this.url = url;
        this.protocol = java.util.Objects.requireNonNull(protocol, "protocol");
        this.options = options;
        this.client = client;
    }

    /**
     * Prepares every new session before its connection starts (the campaign installs the safety
     * choke point here: {@link OutboundSafety#install}). Returns this.
     */
    public HttpTargetFactory sessionSetup(java.util.function.Consumer<McpSession> setup) {
        this.sessionSetup = setup == null ? s -> {} : setup;
        return this;
    }

    @Override
    public Target start() throws TargetStartException {
        Transport transport;
        try {
            transport = HttpTransports.open(url, protocol, options);
        } catch (IllegalArgumentException e) {
            throw new TargetStartException(e.getMessage(), e, true);
        }
        RpcConnection rpc = new RpcConnection(transport, new ServerRequestHandler(client.answers()));
        McpSession session = new McpSession(rpc, client);
        sessionSetup.accept(session);
        try {
            rpc.start();
            String version = session.initialize().protocolVersion();
            if (transport instanceof StreamableHttpTransport streamable) {
                streamable.setProtocolVersion(version);
            } else if (transport instanceof AutoHttpTransport auto) {
                auto.setProtocolVersion(version);
            }
        } catch (TransportException | McpException e) {
            rpc.close();
            String message = "cannot initialize a session with " + transport.describe() + ": " + e.getMessage();
            String hint = StartMessages.httpHint(message);
            throw new TargetStartException(message + (hint == null ? "" : "\nhint: " + hint), e, hint != null);
        }
        return new HttpTarget(session);
    }

    @Override
    public java.util.Optional<RawHttpProbe> rawHttp() {
        try {
            return java.util.Optional.of(new RawHttpProbe(new io.mcpfuzzer.transport.http.RawHttpSender(
                    java.net.URI.create(url), options, java.time.Duration.ofSeconds(10), 64 * 1024)));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    @Override
    public String transport() {
        return protocol.wire();
    }

    @Override
    public String describe() {
        try {
            return HttpTransports.open(url, protocol, options).describe();
        } catch (IllegalArgumentException e) {
            return "(invalid URL)";
        }
    }

    /** One HTTP session. */
    private static final class HttpTarget implements Target {
        private final McpSession session;

        HttpTarget(McpSession session) {
            this.session = session;
        }

        @Override
        public McpSession session() {
            return session;
        }

        @Override
        public CrashInfo crashInfo() {
            String reason = session.rpc().closedReason();
            return CrashInfo.unknown(reason == null ? "" : "connection: " + reason);
        }

        @Override
        public String stderrTail() {
            return "";
        }

        @Override
        public void kill(String reason) {
            session.rpc().close();
        }

        @Override
        public long rssKb() {
            return -1;
        }

        @Override
        public void close() {
            session.rpc().close();
        }
    }
}
