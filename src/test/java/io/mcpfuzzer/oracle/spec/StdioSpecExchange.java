package io.mcpfuzzer.oracle.spec;

import io.mcpfuzzer.common.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Test implementation of {@link SpecExchange} over a real child process speaking newline-delimited
 * JSON on stdio. Initialises the session in the constructor. Single-threaded use; a reader thread
 * queues inbound lines.
 */
final class StdioSpecExchange implements SpecExchange, AutoCloseable {
    private static final String EOF = "\u0000EOF";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> inbox = new LinkedBlockingQueue<>();
    private final List<String> unsolicited = new ArrayList<>();
    private final JsonNode initializeResult;
    private boolean closed;
    private int pings;

    StdioSpecExchange(List<String> command, String version) throws IOException {
        process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        stdin = process.getOutputStream();
        Thread reader = new Thread(this::readLoop, "fixture-reader");
        reader.setDaemon(true);
        reader.start();
        ObjectNode params = Json.object().put("protocolVersion", version);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "spec-guard-test").put("version", "1");
        JsonNode id = StringNode.valueOf("init-1");
        ProbeReply init = request(GuardContext.frame(id, "initialize", params), id, START_TIMEOUT);
        initializeResult = init.result();
        notify(GuardContext.frame(null, "notifications/initialized", null));
    }

    private void readLoop() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                inbox.add(line);
            }
        } catch (IOException e) {
            // the process went away; EOF below tells the waiting side
        } finally {
            inbox.add(EOF);
        }
    }

    @Override
    public ProbeReply request(String frameText, JsonNode id, Duration timeout) {
        return await(frameText, id, timeout, false);
    }

    private ProbeReply await(String frameText, JsonNode id, Duration timeout, boolean strict) {
        notify(frameText);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (closed) {
                return ProbeReply.closed("process exited");
            }
            String line;
            try {
                line = inbox.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ProbeReply.closed("interrupted");
            }
            if (line == null) {
                return ProbeReply.timeout();
            }
            if (line.equals(EOF)) {
                closed = true;
                continue;
            }
            ProbeReply reply = ProbeReply.answered(line);
            if (strict ? reply.id() != null && reply.id().equals(id) : matches(reply, id)) {
                return reply;
            }
            unsolicited.add(line);
        }
    }

    private static boolean matches(ProbeReply reply, JsonNode id) {
        JsonNode json = reply.json();
        if (json == null) {
            return false;
        }
        if (id == null && json.isArray()) {
            return true;
        }
        if (!json.isObject() || json.has("method") || !(json.has("result") || json.has("error"))) {
            return false;
        }
        JsonNode got = json.get("id");
        return got == null || got.isNull() || (id != null && GuardContext.idText(got).equals(GuardContext.idText(id)));
    }

    @Override
    public void notify(String frameText) {
        if (closed) {
            return;
        }
        try {
            stdin.write((frameText + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            closed = true;
        }
    }

    /** Writes raw bytes exactly as given (malformed frames). */
    void sendRaw(byte[] bytes) {
        if (closed) {
            return;
        }
        try {
            stdin.write(bytes);
            stdin.flush();
        } catch (IOException e) {
            closed = true;
        }
    }

    @Override
    public ProbeReply ping(Duration timeout) {
        JsonNode id = StringNode.valueOf("exchange-ping-" + (++pings));
        return await(GuardContext.frame(id, "ping", null), id, timeout, true);
    }

    @Override
    public List<String> drainUnsolicited() {
        List<String> out = new ArrayList<>(unsolicited);
        unsolicited.clear();
        List<String> rest = new ArrayList<>();
        inbox.drainTo(rest);
        for (String line : rest) {
            if (line.equals(EOF)) {
                closed = true;
            } else {
                out.add(line);
            }
        }
        return out;
    }

    @Override
    public JsonNode initializeResult() {
        return initializeResult;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Waits up to {@code timeout} for the process to exit; true if it did. */
    boolean exited(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        try {
            stdin.close();
        } catch (IOException e) {
            // already closed
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
