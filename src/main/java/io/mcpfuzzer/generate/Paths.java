package io.mcpfuzzer.generate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes a {@link Slot}'s location inside a mutable argument tree, creating missing
 * parents as valid values so that only the targeted location breaks the schema. Confined to one
 * generation.
 */
final class Paths {
    private final ValueGenerator generator;

    Paths(ValueGenerator generator) {
        this.generator = generator;
    }

    /** The current value at {@code slot}, or null when absent. */
    JsonNode get(JsonNode root, Slot slot) {
        if (slot.isRoot()) {
            return root;
        }
        JsonNode parent = get(root, slot.parent());
        if (parent == null) {
            return null;
        }
        if (slot.isItem()) {
            return parent.isArray() && !parent.isEmpty() ? parent.get(0) : null;
        }
        return parent.isObject() ? parent.get(slot.key()) : null;
    }

    /**
     * Sets {@code value} at {@code slot} (null value removes it) and returns the possibly new root.
     */
    JsonNode set(JsonNode root, Slot slot, JsonNode value) {
        if (slot.isRoot()) {
            return value;
        }
        JsonNode newRoot = root;
        if (slot.parent().isRoot() && !isContainerFor(root, slot)) {
            newRoot = slot.isItem() ? ValueGenerator.F.arrayNode() : ValueGenerator.F.objectNode();
        }
        JsonNode parent = container(newRoot, slot.parent(), slot);
        if (parent instanceof ObjectNode object) {
            if (value == null) {
                object.remove(slot.key());
            } else {
                object.set(slot.key(), value);
            }
        } else if (parent instanceof ArrayNode array) {
            if (value == null) {
                if (!array.isEmpty()) {
                    array.remove(0);
                }
            } else if (array.isEmpty()) {
                array.add(value);
            } else {
                array.set(0, value);
            }
        }
        return newRoot;
    }

    /** The container at {@code parentSlot} suitable for holding {@code child}, created if needed. */
    private JsonNode container(JsonNode root, Slot parentSlot, Slot child) {
        if (parentSlot.isRoot()) {
            return root;
        }
        JsonNode grand = container(root, parentSlot.parent(), parentSlot);
        JsonNode existing = parentSlot.isItem()
                ? (grand.isArray() && !grand.isEmpty() ? grand.get(0) : null)
                : grand.get(parentSlot.key());
        if (existing != null && isContainerFor(existing, child)) {
            return existing;
        }
        JsonNode made = generator.generate(parentSlot.schemas(),
                ContainerValues.repeat(parentSlot.pointer(), parentSlot.schemas().size()), parentSlot.key(), 1);
        if (!isContainerFor(made, child)) {
            made = child.isItem() ? ValueGenerator.F.arrayNode() : ValueGenerator.F.objectNode();
        }
        if (grand instanceof ObjectNode object) {
            object.set(parentSlot.key(), made);
        } else if (grand instanceof ArrayNode array) {
            if (array.isEmpty()) {
                array.add(made);
            } else {
                array.set(0, made);
            }
        }
        return made;
    }

    private static boolean isContainerFor(JsonNode node, Slot child) {
        return child.isItem() ? node.isArray() : node.isObject();
    }
}
