package io.mcpfuzzer.generate.regex;

/** The pattern uses a construct outside the generator's subset (lookaround, backreference, ...). */
public final class UnsupportedRegexException extends Exception {
    private static final long serialVersionUID = 1L;

    public UnsupportedRegexException(String message) {
        super(message, null, false, false);
    }
}
