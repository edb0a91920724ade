package io.mcpfuzzer.bench;

/**
 * The worst-case server texts of the linear-time work (about 100,000 characters each), for
 * {@link HostileTextBench}. Same shapes as the test suite's {@code testsupport.HostileText}.
 */
final class HostileInputs {
    static final int SIZE = 100_000;

    private HostileInputs() {}

    /** The named worst case. */
    static String of(String name) {
        switch (name) {
            case "newlines": return "\n".repeat(SIZE);
            case "spaces": return " ".repeat(SIZE);
            case "percent": return "%41".repeat(SIZE / 3);
            case "entities": return "&#65;".repeat(SIZE / 5);
            case "path2500": return " /tmp/x" + "/a".repeat(2_500) + " ";
            case "pathLong": return " /home" + "/a".repeat(SIZE / 2);
            case "brackets": return "[".repeat(SIZE);
            case "atRuns": return "\n at ".repeat(SIZE / 5);
            case "words": return "send read ignore ".repeat(SIZE / 17);
            default: throw new IllegalArgumentException(name);
        }
    }
}
