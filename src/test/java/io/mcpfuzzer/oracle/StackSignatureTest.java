package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Direct tests of {@link StackSignature}: formats, frame count and the exact scan window. */
class StackSignatureTest {
    private static final String JAVA_TRACE = "java.lang.IllegalStateException: boom 0x7f3a\n"
            + "\tat a.B.c(B.java:1)\n\tat a.B.d(B.java:2)\n\tat a.B.e(B.java:3)\n\tat a.B.f(B.java:4)\n";
    private static final String JAVA_SIG = "java:java.lang.IllegalStateException|a.B.c(B.java:1)|a.B.d(B.java:2)|a.B.e(B.java:3)";

    @Test
    void javaTraceKeepsTypeAndThreeFrames() {
        assertThat(StackSignature.of(JAVA_TRACE, "exit:1")).isEqualTo(JAVA_SIG);
    }

    @Test
    void pythonTraceIsBucketedByTypeAndFrames() {
        String trace = "Traceback (most recent call last):\n  File \"/srv/s.py\", line 9, in handle\n"
                + "ValueError: planted crash\n";
        assertThat(StackSignature.of(trace, "exit:1")).startsWith("python:ValueError");
    }

    @Test
    void noTraceGivesTheFallback() {
        assertThat(StackSignature.of("just a log line\n", "exit:3")).isEqualTo("exit:3");
        assertThat(StackSignature.of(null, "exit:3")).isEqualTo("exit:3");
        assertThat(StackSignature.of("  ", "signal:9")).isEqualTo("signal:9");
    }

    @Test
    void onlyTheLastMaxScanCharactersAreRead() {
        String filler = "\n" + "y".repeat(StackSignature.MAX_SCAN - JAVA_TRACE.length() - 1);
        String atLimit = JAVA_TRACE + filler;
        assertThat(atLimit).hasSize(StackSignature.MAX_SCAN);
        assertThat(StackSignature.of(atLimit, "exit:1")).isEqualTo(JAVA_SIG);
        // one more character pushes the trace's first character out of the window
        String overLimit = JAVA_TRACE + filler + "y";
        assertThat(StackSignature.of(overLimit, "exit:1"))
                .isEqualTo(JAVA_SIG.replace("java:java.lang", "java:ava.lang"));
    }
}
