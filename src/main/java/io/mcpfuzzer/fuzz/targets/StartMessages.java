package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.jsonrpc.ConnectionLog;
import io.mcpfuzzer.process.ProcessStartException;
import java.util.List;

/**
 * The text of a start-up failure: what happened, what to do, and what the server printed
 * (stdout lines that were not JSON-RPC, the stderr tail). Stateless.
 */
final class StartMessages {
    /** At most this many stdout lines are quoted. */
    static final int STDOUT_LINES = 10;

    private StartMessages() {}

    static String of(ProcessStartException e) {
        return e.getMessage()
                + (e.hint().isBlank() ? "" : "\nhint: " + e.hint())
                + section(e.reason() == ProcessStartException.Reason.EARLY_EXIT ? "output" : "evidence", e.evidence());
    }

    /** What bubblewrap prints when it cannot run the program: not visible inside the sandbox. */
    private static final java.util.regex.Pattern BWRAP_EXEC = java.util.regex.Pattern.compile("(?m)^bwrap: execvp ");

    /** The hint for a program the bwrap sandbox could not run: /tmp is private there. */
    static final String BWRAP_HINT = "inside the bwrap sandbox /tmp is private: of it only the working directory, the"
            + " folders under /tmp that hold the command line's paths (a program found on PATH is not one), the fs"
            + " root and the fuzzer's state directory are visible; give the program's absolute path, run from the"
            + " directory that holds the server's files, or install it outside /tmp";

    /** Whether the stderr of a process that exited at start-up says the bwrap sandbox could not run it. */
    static boolean sandboxHidesProgram(String stderr) {
        return stderr != null && BWRAP_EXEC.matcher(stderr).find();
    }

    /** A missing program, working directory or tool never appears by itself: no retry. */
    static boolean permanent(ProcessStartException e) {
        return e.reason() != ProcessStartException.Reason.EARLY_EXIT;
    }

    private static final java.util.regex.Pattern AUTH = java.util.regex.Pattern.compile("\\(auth: |auth: 40[13]\\b");
    private static final java.util.regex.Pattern TLS = java.util.regex.Pattern.compile(
            "SSL|TLS|PKIX|[Cc]ertificate|[Hh]andshake");
    private static final java.util.regex.Pattern HOST = java.util.regex.Pattern.compile(
            "UnknownHost|[Uu]nresolved|[Nn]ame or service not known|[Nn]o such host");
    private static final java.util.regex.Pattern VERSION = java.util.regex.Pattern.compile(
            "server chose protocol version");

    /**
     * The hint for an HTTP start failure that will not go away by itself (credentials refused, TLS,
     * an unknown host name, a protocol version we do not speak), or null when another attempt may
     * succeed (refused or dropped connection, timeout). Matches our own transport messages.
     */
    static String httpHint(String message) {
        if (AUTH.matcher(message).find()) {
            return "the server refused the request as unauthenticated: give credentials with --header "
                    + "'Authorization: Bearer TOKEN', --auth-config FILE or --auth-env";
        }
        if (TLS.matcher(message).find()) {
            return "TLS failed: check the scheme (http:// or https://) and that the server's certificate is trusted "
                    + "(a private CA: --cacert CA.pem; for testing only: --insecure)";
        }
        if (HOST.matcher(message).find()) {
            return "the host name does not resolve: check the URL";
        }
        if (VERSION.matcher(message).find()) {
            return "the server does not speak a protocol version this client supports (see --spec-schema-version)";
        }
        return null;
    }

    /** The server's first stdout lines that were not JSON-RPC (at most {@link #STDOUT_LINES}), or "". */
    static String stdout(ConnectionLog log) {
        List<ConnectionLog.Entry> lines = log.samples("not_json");
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (ConnectionLog.Entry line : lines.subList(0, Math.min(STDOUT_LINES, lines.size()))) {
            b.append(printable(line.text())).append('\n');
        }
        long more = log.notJsonCount() - Math.min(lines.size(), STDOUT_LINES);
        if (more > 0) {
            b.append("(").append(more).append(" more line(s) not shown)\n");
        }
        return section(TargetStartException.UNPARSEABLE_STDOUT, b.toString());
    }

    /** At most this many JSON-RPC messages of the server's own are quoted. */
    static final int MESSAGES = 5;
    /** Section title of the messages the server sent during start-up. */
    static final String MESSAGES_SENT = "messages the server sent (up to " + MESSAGES + " of the first it sent)";

    /**
     * The last kept (the log keeps the first few of each kind) of the server's JSON-RPC messages, at most
     * {@link #MESSAGES}, that were neither answers nor lines of
     * noise: requests, notifications and invalid messages, where a server that fails at start-up may say why
     * (twilio's MCP server logs "Invalid AccountSid" as a request and exits); or "".
     */
    static String messages(ConnectionLog log) {
        List<ConnectionLog.Entry> sent = log.samples(java.util.Set.of("server_request", "notification", "invalid"));
        if (sent.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (ConnectionLog.Entry m : sent.subList(Math.max(0, sent.size() - MESSAGES), sent.size())) {
            b.append(printable(m.text() == null ? m.note() : m.text())).append('\n');
        }
        return section(MESSAGES_SENT, b.toString());
    }

    /** {@code text} cut to 300 characters, with control characters (escape sequences) shown as {@code ?}. */
    static String printable(String text) {
        String cut = text == null ? "" : text.length() > 300 ? text.substring(0, 300) + "..." : text;
        StringBuilder b = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> b.appendCodePoint(c == '\t' || !Character.isISOControl(c) ? c : '?'));
        return b.toString();
    }

    /** {@code "\n--- title ---\ntext"}, or "" when {@code text} is blank. */
    static String section(String title, String text) {
        return text == null || text.isBlank() ? "" : "\n--- " + title + " ---\n" + text.stripTrailing();
    }
}
