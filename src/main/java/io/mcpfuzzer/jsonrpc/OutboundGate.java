package io.mcpfuzzer.jsonrpc;

import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The outbound policy of one {@link RpcConnection}: what every frame passes before it is written. A
 * policy that throws or returns null blocks the frame (fail closed). Thread-safe: the policy may be
 * replaced at any time; each decision reads it once.
 */
final class OutboundGate {
    private static final Logger LOG = LoggerFactory.getLogger(OutboundGate.class);

    private volatile OutboundPolicy policy = OutboundPolicy.SEND_ALL;

    /** Null means {@link OutboundPolicy#SEND_ALL}. */
    void set(OutboundPolicy p) {
        this.policy = p == null ? OutboundPolicy.SEND_ALL : p;
    }

    /** The frame parsed for the policy, or null when every frame is sent as is (no parse needed). */
    JsonNode parse(String frame) {
        return policy == OutboundPolicy.SEND_ALL ? null : StrictJson.parseOrNull(frame);
    }

    /** The policy's decision on a frame ({@code message} its parse, or null). */
    Outbound decide(JsonNode message, String text, boolean raw) {
        OutboundPolicy p = policy;
        if (p == OutboundPolicy.SEND_ALL) {
            return Outbound.SEND;
        }
        try {
            Outbound d = p.check(message, text, raw);
            return d == null ? Outbound.block("outbound policy gave no decision") : d;
        } catch (RuntimeException e) {
            LOG.warn("outbound policy failed, frame not sent: {}", e.toString());
            return Outbound.block("outbound policy failed: " + e);
        }
    }

    /**
     * The decision on raw bytes, decoded as a peer might (UTF-16 after its byte-order mark, else UTF-8); a
     * policy that would rewrite them blocks them (raw bytes are sent exactly or not at all).
     */
    Outbound decideRaw(byte[] bytes) {
        if (policy == OutboundPolicy.SEND_ALL) {
            return Outbound.SEND;
        }
        boolean utf16 = bytes.length >= 2 && ((bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE)
                || (bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF));
        String text = new String(bytes, utf16 ? StandardCharsets.UTF_16 : StandardCharsets.UTF_8);
        Outbound decision = decide(StrictJson.parseOrNull(text.strip()), text, true);
        return decision.rewritten() ? Outbound.block("raw frame would need rewriting (" + decision.reason() + ")")
                : decision;
    }
}
