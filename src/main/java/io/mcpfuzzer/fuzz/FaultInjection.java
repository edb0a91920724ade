package io.mcpfuzzer.fuzz;

import java.util.function.Consumer;

/**
 * Test-only fault injection: a test in this package sets {@link #hook} to make a named step of a
 * real campaign throw, proving that the {@link FaultGuard} keeps the run going. Null (off) unless a
 * test sets it; the hook is called from worker threads.
 *
 * <p>Steps: {@code campaign} (start of {@link Campaign#run}, outside every per-step guard),
 * {@code generate} (a tool input being generated), {@code inspector} (a per-answer check), {@code tools_done}
 * (the campaign thread, after the tools and their audit probes).
 */
final class FaultInjection {
    static volatile Consumer<String> hook;

    private FaultInjection() {}

    static void at(String step) {
        Consumer<String> h = hook;
        if (h != null) {
            h.accept(step);
        }
    }
}
