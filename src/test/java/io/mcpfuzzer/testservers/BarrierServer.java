package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;

/**
 * An MCP stdio server for drop/timeout decisions ({@link SdkStyleServer} framing), chosen by argument 0:
 * <ul>
 *   <li>{@code reorder-drop}: like the TypeScript MCP SDK it silently ignores every message that is
 *       not strictly valid JSON-RPC (see {@link RootCauseServer} {@code drop-invalid}), and it answers
 *       out of order: {@code ping} at once on the reader thread, every other request {@value #AFTER_PING_MS}
 *       ms after the next ping was answered (or after {@value #DELAY_MS} ms when no ping comes), so a ping
 *       sent after a request is answered first however loaded the machine is;</li>
 *   <li>{@code slow-tool}: answers in order, except a {@code tools/call} with valid arguments (a
 *       string {@code text}), which a worker answers after {@value #SLOW_MS} ms while pings and other
 *       requests are answered at once (a server that handles requests concurrently); invalid
 *       arguments are rejected at once with -32602.</li>
 * </ul>
 * One tool, {@code lookup(text: string)}. Writes are serialized.
 */
public final class BarrierServer extends SdkStyleServer {
    public static final int DELAY_MS = 300;
    /** reorder-drop: how long after answering a ping the requests it overtook are answered. */
    public static final int AFTER_PING_MS = 0;
    public static final int SLOW_MS = 2_500;

    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "worker");
        t.setDaemon(true);
        return t;
    });
    private final String mode;
    /** reorder-drop: answers held until the next ping has been answered. */
    private final List<Runnable> held = new ArrayList<>();

    private BarrierServer(String mode) {
        super(mode.equals("reorder-drop"));
        this.mode = mode;
    }

    public static void main(String[] args) throws Exception {
        new BarrierServer(args[0]).serve();
    }

    @Override
    protected void onRequest(JsonNode id, String method, JsonNode params) {
        if (method.equals("ping")) {
            send(Rpc.result(id, Json.object()));
            List<Runnable> due;
            synchronized (held) {
                due = new ArrayList<>(held);
                held.clear();
            }
            due.forEach(task -> later(AFTER_PING_MS, task));
        } else if (mode.equals("reorder-drop") && !method.equals("initialize")) {
            Runnable once = once(() -> answer(id, method, params));
            synchronized (held) {
                held.add(once);
            }
            later(DELAY_MS, once);
        } else if (method.equals("tools/call") && params.path("arguments").path("text").isString()) {
            later(SLOW_MS, () -> answer(id, method, params));
        } else {
            answer(id, method, params);
        }
    }

    private void answer(JsonNode id, String method, JsonNode params) {
        send(switch (method) {
            case "initialize" -> Rpc.result(id, Rpc.initializeResult(
                    params.path("protocolVersion").asString("2025-11-25"), "barrier-" + mode));
            case "tools/list" -> Rpc.result(id, textTools("lookup"));
            case "tools/call" -> params.path("arguments").path("text").isString()
                    ? Rpc.result(id, Rpc.toolText("found", false))
                    : Rpc.error(id, -32602, "text must be a string");
            default -> Rpc.error(id, -32601, "Method not found");
        });
    }

    /** The task, run at most once whoever calls it first. */
    private static Runnable once(Runnable task) {
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        return () -> {
            if (done.compareAndSet(false, true)) {
                task.run();
            }
        };
    }

    private void later(int millis, Runnable task) {
        workers.execute(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                return;
            }
            task.run();
        });
    }
}
