package io.mcpfuzzer.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * Canonical key of a JSON-RPC id that keeps its JSON type: the number 1 and the string "1" are
 * different ids (JSON-RPC 2.0 section 5: the response id must be the same as the request's).
 */
public final class RpcId {
    private RpcId() {}

    /** Key for an id node; null or missing ids give {@code null}. */
    public static String key(JsonNode id) {
        if (id == null || id.isMissingNode() || id.isNull()) {
            return null;
        }
        if (id.isString()) {
            return "s:" + id.asString();
        }
        if (id.isIntegralNumber()) { // the same digits as its BigInteger, without building one
            return "n:" + (id.canConvertToLong() ? Long.toString(id.longValue()) : id.bigIntegerValue().toString());
        }
        if (id.isNumber()) {
            return "n:" + id.decimalValue().stripTrailingZeros().toPlainString();
        }
        return "x:" + id;
    }
}
