package io.mcpfuzzer.config;

/** A stdio {@code --endpoint} command string that cannot be split into words (for example an unbalanced quote). */
public final class EndpointSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EndpointSyntaxException(String message) {
        super(message);
    }
}
