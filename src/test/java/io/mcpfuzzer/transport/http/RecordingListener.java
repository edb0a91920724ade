package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.FrameListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** Thread-safe listener that records everything; an optional hook sees each frame (on the reader thread). */
final class RecordingListener implements FrameListener {
    final List<String> frames = new CopyOnWriteArrayList<>();
    final List<String> problems = new CopyOnWriteArrayList<>();
    final List<Long> oversized = new CopyOnWriteArrayList<>();
    final List<String> closed = new CopyOnWriteArrayList<>();
    final AtomicInteger closedCalls = new AtomicInteger();
    volatile Consumer<String> hook = f -> { };

    @Override
    public void onFrame(String text) {
        frames.add(text);
        hook.accept(text);
    }

    @Override
    public void onOversized(long bytesSeen) {
        oversized.add(bytesSeen);
    }

    @Override
    public void onProblem(String kind, String detail) {
        problems.add(kind + ": " + detail);
    }

    @Override
    public void onClosed(String reason) {
        closedCalls.incrementAndGet();
        closed.add(reason);
    }

    boolean hasProblem(String kind) {
        return problems.stream().anyMatch(p -> p.startsWith(kind + ":"));
    }
}
