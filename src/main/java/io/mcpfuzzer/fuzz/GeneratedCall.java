package io.mcpfuzzer.fuzz;

import tools.jackson.databind.JsonNode;

/**
 * One generated input for a target.
 *
 * @param arguments what to send
 * @param valid     whether it validates against the declared schema (null when unknown)
 * @param strategy  generator strategy or attack family label, or null
 */
public record GeneratedCall(JsonNode arguments, Boolean valid, String strategy) {}
