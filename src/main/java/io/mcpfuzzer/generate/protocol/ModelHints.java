package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * Names the server really offers, so that valid messages reach real handlers instead of "not
 * found" paths. Every field is optional (null means "invent a plausible one"). Immutable.
 *
 * @param toolName       a tool discovered with tools/list
 * @param toolArguments  valid arguments for that tool (copied before use)
 * @param resourceUri    a resource discovered with resources/list
 * @param promptName     a prompt discovered with prompts/list
 * @param taskId         a task id seen in a task result
 */
public record ModelHints(String toolName, ObjectNode toolArguments, String resourceUri, String promptName,
        String taskId) {

    /** No server knowledge: every name is invented. */
    public static ModelHints none() {
        return new ModelHints(null, null, null, null, null);
    }

    ObjectNode toolArgumentsCopy() {
        return toolArguments == null ? Json.object() : toolArguments.deepCopy();
    }
}
