package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON-RPC and MCP message builders shared by the protocol fixture servers. Stateless. */
final class Rpc {
    private Rpc() {}

    /** The id if it is one MCP allows (a string or an integer), else null. */
    static JsonNode validId(JsonNode id) {
        return id != null && (id.isString() || id.isIntegralNumber()) ? id : null;
    }

    static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode m = Json.object().put("jsonrpc", "2.0");
        m.set("id", id == null ? NullNode.getInstance() : id);
        m.set("result", result);
        return m;
    }

    static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode m = Json.object().put("jsonrpc", "2.0");
        m.set("id", id == null ? NullNode.getInstance() : id);
        m.putObject("error").put("code", code).put("message", message);
        return m;
    }

    /** Declares tools, resources, prompts, logging and completions. */
    static ObjectNode initializeResult(String version, String name) {
        ObjectNode r = Json.object().put("protocolVersion", version);
        ObjectNode caps = r.putObject("capabilities");
        caps.putObject("tools").put("listChanged", false);
        caps.putObject("resources");
        caps.putObject("prompts").put("listChanged", false);
        caps.putObject("logging");
        caps.putObject("completions");
        r.putObject("serverInfo").put("name", name).put("version", "1.0.0");
        return r;
    }

    /** A tools/list result with one tool, {@code add(a: integer, b: integer)}. */
    static ObjectNode addTool() {
        ObjectNode r = Json.object();
        ObjectNode tool = r.putArray("tools").addObject().put("name", "add").put("description", "Adds two integers.");
        ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
        ObjectNode props = schema.putObject("properties");
        props.putObject("a").put("type", "integer");
        props.putObject("b").put("type", "integer");
        schema.putArray("required").add("a").add("b");
        schema.put("additionalProperties", false);
        return r;
    }

    /** A prompts/list result with one prompt, {@code summarize(topic required, style optional)}. */
    static ObjectNode summarizePrompt() {
        ObjectNode r = Json.object();
        ObjectNode prompt = r.putArray("prompts").addObject().put("name", "summarize")
                .put("description", "Summarize a topic.");
        prompt.putArray("arguments").addObject().put("name", "topic").put("description", "what to summarize")
                .put("required", true);
        ((tools.jackson.databind.node.ArrayNode) prompt.get("arguments")).addObject().put("name", "style")
                .put("description", "short or long").put("required", false);
        return r;
    }

    static ObjectNode toolText(String text, boolean isError) {
        ObjectNode r = Json.object();
        r.putArray("content").addObject().put("type", "text").put("text", text);
        r.put("isError", isError);
        return r;
    }

    static ObjectNode textContents(String uri, String text) {
        ObjectNode r = Json.object();
        r.putArray("contents").addObject().put("uri", uri).put("mimeType", "text/plain").put("text", text);
        return r;
    }

    static ObjectNode promptMessages(String text) {
        ObjectNode r = Json.object().put("description", "A summary request");
        ObjectNode message = r.putArray("messages").addObject().put("role", "user");
        message.putObject("content").put("type", "text").put("text", text);
        return r;
    }
}
