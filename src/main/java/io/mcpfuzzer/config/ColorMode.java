package io.mcpfuzzer.config;

/**
 * {@code --color}: when the console may use ANSI colours. {@code auto} colours only on an
 * interactive terminal; {@code always} colours even into a pipe. {@code NO_COLOR} (set and not
 * empty) and {@code --no-color} mean no colour whatever this says.
 */
public enum ColorMode {
    AUTO, ALWAYS, NEVER
}
