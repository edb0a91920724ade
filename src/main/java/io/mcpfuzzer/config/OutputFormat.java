package io.mcpfuzzer.config;

/**
 * {@code --format}: what goes to stdout. {@code text}: the human summary. {@code json}: one JSON
 * document (the run's verdict, finding counts and report paths), with all human text on stderr,
 * so the output can be piped to {@code jq}.
 */
public enum OutputFormat {
    TEXT, JSON
}
