package io.mcpfuzzer.process;

/**
 * Receives lifecycle events. Called synchronously on the thread that caused the event (a caller of
 * the manager, the watchdog, or an exit-notification thread); must be quick and must not call back
 * into blocking manager methods. Exceptions are logged and ignored.
 */
@FunctionalInterface
public interface ProcessObserver {
    void onEvent(ProcessEvent event);
}
