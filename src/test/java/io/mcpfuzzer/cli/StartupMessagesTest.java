package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the command line says when the target cannot start, in-process against real programs. */
@Timeout(180)
class StartupMessagesTest {
    @TempDir
    Path dir;

    private CliRunTest.Outcome start(String endpoint) {
        return CliRunTest.run("--mode", "tools", "--endpoint", endpoint, "--runs", "1", "--timeout", "5",
                "--output-dir", dir.resolve("reports").toString());
    }

    /** A shell server that answers initialize, says why on stderr, runs {@code beforeExit}, then exits with 4. */
    private Path answersThenExits(String name, String beforeExit) throws java.io.IOException {
        Path script = dir.resolve(name);
        Files.writeString(script, """
                #!/bin/sh
                read -r line
                id=${line#*\\"id\\":}
                id=${id%%[!0-9]*}
                printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},\
                "serverInfo":{"name":"x","version":"1"}}}\\n' "$id"
                echo "lost my database connection" >&2
                """ + beforeExit + "exit 4\n");
        assertThat(script.toFile().setExecutable(true)).isTrue();
        return script;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aDirectoryIsSaidToBeADirectoryOnceWithoutRetry() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("server-dir"));
        CliRunTest.Outcome o = start(folder.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("is a directory, not a program").contains("not retried")
                .doesNotContain("not found");
        assertThat(count(o.err(), "is a directory")).isEqualTo(1);
    }

    @Test
    void aFileWithoutExecutePermissionIsSaidToBeOne() throws Exception {
        Path script = Files.writeString(dir.resolve("server.py"), "print('hi')\n");
        CliRunTest.Outcome o = start(script.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("is a file without execute permission").contains("python3 " + script);
    }

    @Test
    void aProgramThatPrintsGarbageAndExitsShowsWhatItPrinted() {
        CliRunTest.Outcome o = start("sh -c 'echo this is not json-rpc; echo cannot open config >&2; exit 3'");

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("exited during start-up with code 3").contains("this is not json-rpc")
                .contains("cannot open config");
        assertThat(count(o.err(), "cannot open config")).isEqualTo(1);
    }

    @Test
    void aProgramThatSaysWhyInAJsonRpcMessageAndExitsShowsIt() {
        // @twilio-alpha/mcp 0.7 logs its start-up error as a request ("method":"log" with an id), then exits
        CliRunTest.Outcome o = start("sh -c 'echo \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"method\\\":\\\"log\\\","
                + "\\\"params\\\":{\\\"message\\\":\\\"Error: Invalid AccountSid\\\"},\\\"id\\\":\\\"u1\\\"}\"; exit 1'");

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("exited during start-up with code 1").contains("messages the server sent")
                .contains("Invalid AccountSid");
    }

    @Test
    void aProgramTheBwrapSandboxCannotSeeIsExplainedOnceWithoutRetry() {
        // what bubblewrap prints when the program lies in the private /tmp (a symlink's target left out)
        CliRunTest.Outcome o = start("sh -c 'echo \"bwrap: execvp /tmp/proj/node_modules/.bin/server: No such file or"
                + " directory\" >&2; exit 1'");

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("not retried").contains("/tmp is private").contains("bwrap: execvp")
                .doesNotContain("run the command by hand");
        assertThat(count(o.err(), "/tmp is private")).isEqualTo(1);
    }

    @Test
    void aServerThatAnswersInitializeAndExitsAtOnceFailedToStart() throws Exception {
        // shell built-ins only: the exit must fall in the 300 ms start-up window even on a loaded machine
        Path script = answersThenExits("answers-then-exits.sh", "");

        CliRunTest.Outcome o = start(script.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        // within the start-up window it is an early exit; on a loaded machine its exit may be seen later, when
        // tools/list finds it gone (below): either way the run fails and says why
        assertThat(o.err()).containsAnyOf("exited during start-up with code 4", "(exit code 4)")
                .contains("lost my database connection");
    }

    /** A server that exits a second after answering initialize: past the start-up window, not past discovery. */
    @Test
    void aServerGoneBeforeToolsListFailsTheRun() throws Exception {
        Path script = answersThenExits("answers-then-dies.sh", "sleep 1\n");

        CliRunTest.Outcome o = start(script.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("went away before answering tools/list").contains("(exit code 4)")
                .contains("lost my database connection");
    }

    @Test
    void a401IsNotRetriedAndSaysHowToAuthenticate() throws Exception {
        AtomicInteger posts = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10);
        server.createContext("/mcp", ex -> {
            if ("POST".equals(ex.getRequestMethod())) {
                posts.incrementAndGet();
            }
            ex.getRequestBody().readAllBytes();
            byte[] body = "{\"error\":\"unauthorized\"}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(401, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try {
            CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--protocol", "streamablehttp", "--endpoint",
                    "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp", "--runs", "1", "--timeout", "5",
                    "--output-dir", dir.toString());

            assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
            assertThat(o.err()).contains("not retried").contains("--auth-env");
            // the endpoint's random port may hold "401" too (port 34012 failed CI so)
            String said = o.err().replace(":" + server.getAddress().getPort(), ":PORT");
            assertThat(count(said, "401")).as(said).isEqualTo(1);
            assertThat(posts.get()).isEqualTo(1);
        } finally {
            server.stop(0);
        }
    }
}
