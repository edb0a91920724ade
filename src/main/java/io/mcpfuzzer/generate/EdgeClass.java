package io.mcpfuzzer.generate;

import tools.jackson.databind.JsonNode;

/**
 * One edge class of one location: its name ({@code number.zero}, {@code string.bidi.rlo}, ...) and
 * the value that stands for it. Immutable (the value must not be mutated; callers copy it).
 *
 * @param name  dotted class name, stable across runs and versions
 * @param value the value to put at the location; null means "leave the location out"
 */
record EdgeClass(String name, JsonNode value) {}
