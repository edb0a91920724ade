package io.mcpfuzzer.bench;

import java.nio.charset.StandardCharsets;

/** Typical inputs for the micro-benchmarks: server answers, stderr tails, frames. Immutable. */
final class Samples {
    private Samples() {}

    static final String OK_ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":17,\"result\":{\"content\":[{\"type\":\"text\","
            + "\"text\":\"sample-421\"}],\"isError\":false}}";

    static final String JAVA_STDERR = """
            Exception in thread "main" java.lang.IllegalStateException: boom
            \tat com.example.server.Handler.call(Handler.java:42)
            \tat com.example.server.Dispatcher.dispatch(Dispatcher.java:118)
            \tat com.example.server.Main.loop(Main.java:77)
            \tat com.example.server.Main.main(Main.java:20)
            """;

    static final String PYTHON_STDERR = """
            Traceback (most recent call last):
              File "/srv/app/server.py", line 88, in handle
                result = tool(**args)
              File "/srv/app/tools/files.py", line 31, in read_file
                with open(path) as f:
            FileNotFoundError: [Errno 2] No such file or directory: '../../../etc/passwd'
            """;

    static final String NODE_STDERR = """
            /srv/app/dist/index.js:211
                throw new TypeError("Cannot read properties of undefined (reading 'text')");
            TypeError: Cannot read properties of undefined (reading 'text')
                at echo (/srv/app/dist/tools.js:14:22)
                at Server.handle (/srv/app/dist/server.js:98:11)
                at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
            """;

    /** An error answer whose message leaks a Java stack trace and a server path. */
    static final String LEAKY_ERROR = "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32603,\"message\":"
            + "\"Internal error: java.io.FileNotFoundException: /home/svc/data/../../etc/passwd (Permission denied)\\n"
            + "\\tat java.io.FileInputStream.open0(FileInputStream.java:219)\\n"
            + "\\tat com.example.server.Files.read(Files.java:57)\"}}";

    /** Ordinary prose-like text of about {@code chars} characters with no leak in it. */
    static String cleanText(int chars) {
        String words = "the quick brown fox jumps over the lazy dog while a server answers tools call 42 ok ";
        StringBuilder sb = new StringBuilder(chars + words.length());
        while (sb.length() < chars) {
            sb.append(words);
        }
        sb.setLength(chars);
        return sb.toString();
    }

    /** An answer frame whose text content is {@code chars} characters of clean text. */
    static String answerOfSize(int chars) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\""
                + cleanText(chars) + "\"}]}}";
    }

    /** About {@code bytes} bytes of newline-terminated JSON-RPC answer lines of varied length. */
    static byte[] lines(int bytes) {
        StringBuilder sb = new StringBuilder(bytes + 1024);
        int id = 0;
        while (sb.length() < bytes) {
            id++;
            sb.append("{\"jsonrpc\":\"2.0\",\"id\":").append(id)
                    .append(",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"")
                    .append(cleanText(20 + (id * 37) % 400)).append("\"}]}}\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
