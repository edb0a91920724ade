package io.mcpfuzzer.transport;

/** A transport could not send or connect. The message is for humans and carries no credentials. */
public class TransportException extends Exception {
    private final String kind;

    public TransportException(String kind, String message) {
        super(message);
        this.kind = kind;
    }

    public TransportException(String kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** Short stable word: {@code closed}, {@code connect}, {@code io}, {@code http_status}, {@code auth}. */
    public String kind() {
        return kind;
    }
}
