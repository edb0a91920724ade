package io.mcpfuzzer.testservers;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Answers {@code initialize}, then never reads its stdin again (it sleeps until killed): a write
 * larger than the pipe buffer to it blocks for ever.
 */
public final class DeafAfterInitServer {
    private DeafAfterInitServer() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.contains("\"initialize\"")) {
                out.println("{\"jsonrpc\":\"2.0\",\"id\":" + idOf(line) + ",\"result\":{\"protocolVersion\":"
                        + "\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"deaf\","
                        + "\"version\":\"1\"}}}");
            } else if (line.contains("notifications/initialized")) {
                break;
            }
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    /** The raw id value of a request line written by our own client ({@code "id":N}). */
    private static String idOf(String line) {
        int at = line.indexOf("\"id\":") + 5;
        int end = at;
        while (end < line.length() && line.charAt(end) != ',' && line.charAt(end) != '}') {
            end++;
        }
        return line.substring(at, end);
    }
}
