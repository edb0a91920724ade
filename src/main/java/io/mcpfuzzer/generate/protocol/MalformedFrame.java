package io.mcpfuzzer.generate.protocol;

import java.util.Arrays;
import java.util.Objects;

/**
 * One deliberately broken frame, as raw bytes. {@link #bytes()} is the frame body without a line
 * terminator; {@link #lineBytes()} adds the {@code \n} that newline-delimited transports (stdio)
 * need. Immutable (byte arrays are copied in and out).
 *
 * @param label       stable, unique label such as {@code invalid-utf8}
 * @param description one human sentence: what is wrong with the frame
 */
public record MalformedFrame(String label, String description, byte[] bytes) {
    public MalformedFrame {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(description, "description");
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The body followed by one {@code \n}. */
    public byte[] lineBytes() {
        byte[] out = Arrays.copyOf(bytes, bytes.length + 1);
        out[bytes.length] = '\n';
        return out;
    }

    public int length() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MalformedFrame f && f.label.equals(label) && Arrays.equals(f.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return label.hashCode() * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "MalformedFrame[" + label + ", " + bytes.length + " bytes]";
    }
}
