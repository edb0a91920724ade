package io.mcpfuzzer.cli;

import java.util.Optional;

/**
 * Warns when the JVM's file-name encoding ({@code sun.jnu.encoding}, from the locale: ASCII when no
 * {@code LANG} is set, as in {@code env -i} and many containers) cannot represent non-ASCII text:
 * then no path with such characters can be checked by the path sandbox, so every fuzzed input that
 * carries one in a path argument is blocked and never sent. Stateless.
 */
final class LocaleCheck {
    private LocaleCheck() {}

    /** The warning for this JVM, if any. */
    static Optional<String> warning() {
        return warning(System.getProperty("sun.jnu.encoding"));
    }

    /** The warning for a file-name encoding (null or UTF-8: none). */
    static Optional<String> warning(String fileNameEncoding) {
        if (fileNameEncoding == null || fileNameEncoding.replace("-", "").equalsIgnoreCase("UTF8")) {
            return Optional.empty();
        }
        return Optional.of(CommandBuilder.NAME + ": warning: the locale's file-name encoding is " + fileNameEncoding
                + ": paths with non-ASCII characters cannot be checked by the path sandbox, so inputs that carry them"
                + " in a path are blocked, never sent; run with a UTF-8 locale (e.g. LANG=C.UTF-8) to fuzz them");
    }
}
