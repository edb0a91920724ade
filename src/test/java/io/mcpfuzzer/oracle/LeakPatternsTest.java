package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Direct tests of {@link LeakPatterns}: one leak per kind, and its exact bounds. */
class LeakPatternsTest {
    private static final String JAVA_FRAME = " at a.B.c(B.java:42)";

    private static java.util.List<String> types(String text) {
        return LeakPatterns.find(text).stream().map(LeakPatterns.Leak::type).toList();
    }

    @Test
    void eachKindIsRecognised() {
        assertThat(types("boom\n\tat com.acme.Tool.run(Tool.java:17)")).containsExactly("java_stack_trace");
        assertThat(types("Traceback (most recent call last):\n  File \"/srv/app/x.py\", line 3, in f"))
                .contains("python_traceback", "file_path");
        assertThat(types("thread 'main' panicked at src/main.rs:2:5")).containsExactly("rust_panic");
        assertThat(types("could not open /home/alice/notes.txt")).containsExactly("file_path");
        assertThat(types("all good, 3 results")).isEmpty();
        assertThat(LeakPatterns.find(null)).isEmpty();
    }

    /** Answers are judged as raw JSON text, where a newline is the two characters backslash and n. */
    @Test
    void tracesAreRecognisedInJsonTextToo() {
        String node = "ReferenceError: x is not defined\\n    at Object.<anonymous> (/srv/app/tool.js:1:1)\\n"
                + "    at Module._compile (node:internal/modules/cjs/loader:1521:14)";
        assertThat(types(node)).contains("node_stack_trace");
        assertThat(types(node.replace("\\n", "\n"))).contains("node_stack_trace");
        assertThat(types("{\"text\":\"  File \\\"/srv/app/x.py\\\", line 3, in f\"}")).contains("python_traceback");
        assertThat(types("see the note\\nat /srv/x and then\\nlater :1:2)")).doesNotContain("node_stack_trace");
    }

    /** A Windows path in JSON text has escaped backslashes; a lone one before n, t, r... is a JSON escape. */
    @Test
    void windowsPathsAreToldFromJsonEscapes() {
        // @shopify/dev-mcp 1.16, learn_shopify_api: "reasons why it can't:" and two line breaks
        assertThat(types("{\"text\":\"Example reasons why it can't:\\n\\n- You cannot remove an item\\n- x\"}"))
                .doesNotContain("file_path");
        assertThat(types("{\"text\":\"see 'C:\\\\Users\\\\bob\\\\secrets.txt' for details\"}")).contains("file_path");
        assertThat(types("could not open C:\\Users\\Bob\\app\\secrets.txt")).contains("file_path");
        assertThat(types("could not open C:\\Users\\bob\\node_modules\\x.js")).contains("file_path");
        assertThat(types("{\"text\":\"Part A:\\nfoo\\nbar\"}")).doesNotContain("file_path");
    }

    @Test
    void aLeakEndingAtMaxScanIsFoundOneCharacterLaterItIsNot() {
        String atLimit = "x".repeat(LeakPatterns.MAX_SCAN - JAVA_FRAME.length()) + JAVA_FRAME;
        String overLimit = "x" + atLimit; // the closing parenthesis is now character MAX_SCAN + 1
        assertThat(atLimit).hasSize(LeakPatterns.MAX_SCAN);
        assertThat(types(atLimit)).containsExactly("java_stack_trace");
        assertThat(overLimit).hasSize(LeakPatterns.MAX_SCAN + 1);
        assertThat(types(overLimit)).isEmpty();
    }

    @Test
    void knownPathsAreSkippedUpToSixteenMatches() {
        assertThat(LeakPatterns.find(paths(15) + " /home/u/secret", p -> p.contains("known")))
                .extracting(LeakPatterns.Leak::type).containsExactly("file_path");
        assertThat(LeakPatterns.find(paths(16) + " /home/u/secret", p -> p.contains("known"))).isEmpty();
    }

    @Test
    void theKnownPathCheckGetsTheWholeToken() {
        java.util.List<String> seen = new java.util.ArrayList<>();
        LeakPatterns.find("open /home/u/a/b/c.txt failed", p -> seen.add(p));
        assertThat(seen).containsExactly("/home/u/a/b/c.txt");
    }

    private static String paths(int n) {
        return IntStream.range(0, n).mapToObj(i -> " /home/u/known" + i).collect(Collectors.joining());
    }
}
