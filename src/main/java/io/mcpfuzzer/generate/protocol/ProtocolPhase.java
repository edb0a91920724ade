package io.mcpfuzzer.generate.protocol;

/** How hostile generated protocol messages are: valid and plausible, or deliberately broken. */
public enum ProtocolPhase {
    /** Valid messages with varied but plausible content. */
    REALISTIC,
    /** Envelope, method and parameter violations, batches, deep and huge frames. */
    AGGRESSIVE
}
