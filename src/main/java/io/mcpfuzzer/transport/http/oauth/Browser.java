package io.mcpfuzzer.transport.http.oauth;

import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Opens a URL in the desktop browser with the platform's opener ({@code open} on macOS, {@code xdg-open}
 * elsewhere, {@code rundll32} on Windows), without a shell. A failure is told to the user, who can still open
 * the printed URL. Stateless.
 */
final class Browser {
    private Browser() {}

    static void open(URI url, Consumer<String> userMessage) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String[] cmd = os.contains("mac") ? new String[] {"open", url.toString()}
                : os.contains("win") ? new String[] {"rundll32", "url.dll,FileProtocolHandler", url.toString()}
                : new String[] {"xdg-open", url.toString()};
        try {
            new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            userMessage.accept("Could not open a browser (" + cmd[0] + ": " + e.getMessage() + "); open the URL above");
        }
    }
}
