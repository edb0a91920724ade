package io.mcpfuzzer.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;

/** Shared bits for tests that start real processes. */
final class ProcessTestSupport {
    /** Short waits so that escalation tests do not idle; generous kill wait for a loaded machine. */
    static final StopPolicy FAST = new StopPolicy(Duration.ofMillis(300), Duration.ofMillis(500), Duration.ofSeconds(10));

    private ProcessTestSupport() {
    }

    static ProcessManager manager() {
        return ProcessManager.builder().stopPolicy(FAST).shutdownHook(false).build();
    }

    /** Waits (generously) for a pid file written by a fixture script and returns the pid. */
    static long awaitPidFile(Path file) {
        Awaitility.await("pid file " + file.getFileName()).atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50)).until(() -> readPid(file) > 0);
        return readPid(file);
    }

    private static long readPid(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).trim();
            return text.isEmpty() ? -1 : Long.parseLong(text);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** Collects events. */
    static final class Recorder implements ProcessObserver {
        final List<ProcessEvent> events = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(ProcessEvent event) {
            events.add(event);
        }

        List<EventType> types(long pid) {
            return events.stream().filter(e -> e.pid() == pid).map(ProcessEvent::type).toList();
        }

        List<EventType> types() {
            return events.stream().map(ProcessEvent::type).toList();
        }
    }
}
