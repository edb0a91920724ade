package io.mcpfuzzer.transport.http;

/**
 * One dispatched server-sent event.
 *
 * @param type the {@code event} field, {@code "message"} when absent
 * @param data the {@code data} lines joined with {@code \n}; never blank (blank events are not dispatched)
 * @param id the last event id in effect when the event was dispatched; null when none was ever set
 */
public record SseEvent(String type, String data, String id) {}
