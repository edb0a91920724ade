package io.mcpfuzzer.safety;

import java.util.Objects;

/**
 * One safety control and whether it is really in effect for a launch. Never claims more than
 * was verified: {@code inEffect} is true only when the mechanism was probed and applied.
 *
 * @param name     stable control name, e.g. {@code network}, {@code filesystem}, {@code command-shims}
 * @param inEffect true when the control is applied to the target
 * @param detail   how it is applied, or why it is not; never null
 */
public record Containment(String name, boolean inEffect, String detail) {
    public Containment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(detail, "detail");
    }

    static Containment on(String name, String detail) {
        return new Containment(name, true, detail);
    }

    static Containment off(String name, String detail) {
        return new Containment(name, false, detail);
    }

    /** {@code "network: in effect (detail)"} or {@code "network: NOT in effect (detail)"}. */
    public String describe() {
        return name + ": " + (inEffect ? "in effect" : "NOT in effect") + " (" + detail + ")";
    }
}
