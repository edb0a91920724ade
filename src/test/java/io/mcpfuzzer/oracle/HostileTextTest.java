package io.mcpfuzzer.oracle;

import static io.mcpfuzzer.testsupport.HostileText.onSmallStack;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.HostileText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * The answer oracles (leak patterns, crash signatures, reflection) on 100,000-character worst cases, on a
 * small stack: no exception, and the right verdict (a leak at the end of a hostile run is still found,
 * a run alone is not a leak).
 */
class HostileTextTest {
    private static List<String> leakTypes(String text) {
        return onSmallStack(() -> LeakPatterns.find(text).stream().map(LeakPatterns.Leak::type).toList());
    }

    @Test
    void worstCaseRunsAloneAreNotLeaks() {
        for (Map.Entry<String, String> c : HostileText.cases().entrySet()) {
            List<String> types = leakTypes(c.getValue());
            switch (c.getKey()) {
                case "path_long", "windows_path_long" -> assertThat(types).as(c.getKey()).containsExactly("file_path");
                default -> assertThat(types).as(c.getKey()).isEmpty();
            }
        }
    }

    @Test
    void longPathsInAnAnswerAreStillRecognised() {
        String path = "/tmp/mcp-test" + "/a".repeat(2_500);
        assertThat(leakTypes("{\"content\":[{\"type\":\"text\",\"text\":\"Error: ENOENT " + path + "\"}]}"))
                .containsExactly("file_path");
        assertThat(leakTypes("see /a" + "/a".repeat(2_500) + " for details")).isEmpty();
    }

    @Test
    void leaksAfterHostileRunsAreFound() {
        assertThat(leakTypes("\n".repeat(100_000) + "\tat com.acme.Foo.bar(Foo.java:42)")).containsExactly("java_stack_trace");
        assertThat(leakTypes(" ".repeat(100_000) + "Traceback (most recent call last):")).containsExactly("python_traceback");
        assertThat(leakTypes("\n at ".repeat(20_000) + "\n    at handler (/srv/app/index.js:3:11)"))
                .containsExactly("node_stack_trace", "file_path");
        assertThat(leakTypes("ORA-1".repeat(20_000) + " ORA-00942: table or view does not exist")).containsExactly("sql_error");
        assertThat(leakTypes("panic: ".repeat(10_000) + "\ngoroutine 1 [running]:")).containsExactly("go_panic");
        assertThat(leakTypes("'".repeat(50_000) + "thread 'main' panicked at src/main.rs:4:5")).containsExactly("rust_panic");
        assertThat(leakTypes(" at A.b(".repeat(10_000) + "\n   at App.Run() in C:\\src\\App.cs:line 12"))
                .contains("dotnet_stack_trace");
        assertThat(leakTypes("you have an ERROR in your SQL syntax; check the manual")).containsExactly("sql_error");
    }

    @Test
    void crashSignaturesSurviveHostileStderr() {
        for (Map.Entry<String, String> c : HostileText.cases().entrySet()) {
            assertThat(onSmallStack(() -> StackSignature.of(c.getValue(), "exit:1"))).as(c.getKey()).isEqualTo("exit:1");
        }
        String trace = "Exception in thread \"main\" java.lang.IllegalStateException: boom\n"
                + "\tat com.acme.Foo.bar(Foo.java:42)\n\tat com.acme.Foo.main(Foo.java:7)\n";
        assertThat(onSmallStack(() -> StackSignature.of("\n".repeat(100_000) + trace, "exit:1")))
                .isEqualTo("java:java.lang.IllegalStateException|com.acme.Foo.bar(Foo.java:42)|com.acme.Foo.main(Foo.java:7)");
        assertThat(onSmallStack(() -> StackSignature.of("main.f(" + "(".repeat(100_000) + ")\n\t/x.go:1\n", "exit:2")))
                .isEqualTo("exit:2");
    }

    @Test
    void crashSignaturesAreUnchanged() {
        assertThat(StackSignature.of("Traceback (most recent call last):\n  File \"/srv/app/main.py\", line 10, in <module>\n"
                + "    main()\n  File \"/srv/app/main.py\", line 5, in main\n    raise ValueError('x')\nValueError: x\n", "-"))
                .isEqualTo("python:ValueError|main.py:10:<module>|main.py:5:main");
        assertThat(StackSignature.of("/srv/app/index.js:3\n\nTypeError: bad\n    at Object.<anonymous> (/srv/app/index.js:3:11)\n"
                + "    at Module._compile (node:internal/modules/cjs/loader:1256:14)\n"
                + "    at node:internal/main/run_main_module:23:47\n", "-"))
                .isEqualTo("node:TypeError|Object.<anonymous>@index.js:3|Module._compile@loader:1256|run_main_module:23");
        assertThat(StackSignature.of("panic: runtime error: invalid memory address 0xc000123\n\ngoroutine 1 [running]:\n"
                + "main.handler(0x0)\n\t/home/u/app/main.go:17 +0x1d\nmain.main()\n\t/home/u/app/main.go:9 +0x25\n", "-"))
                .isEqualTo("go:runtime error: invalid memory address 0x?|main.handler@main.go:17|main.main@main.go:9");
        assertThat(StackSignature.of("thread 'main' panicked at src/main.rs:4:5:\nexplicit panic\n", "-"))
                .isEqualTo("rust:panic@src/main.rs:4");
    }

    @Test
    void reflectionWalksDeepInputsWithoutRecursion() {
        JsonNode deep = nested(3_000, Json.mapper().getNodeFactory().stringNode("<script>alert(1)</script>"));
        String answer = "{\"text\":\"you sent <script>alert(1)</script>\"}";
        assertThat(onSmallStack(() -> Reflection.findReflected(deep, answer))).isEqualTo("<script>alert(1)</script>");
        assertThat(onSmallStack(() -> Reflection.findReflected(deep, "{}"))).isNull();
    }

    private static JsonNode nested(int depth, JsonNode leaf) {
        JsonNode node = leaf;
        for (int i = 0; i < depth; i++) {
            ArrayNode a = Json.array();
            a.add(node);
            node = a;
        }
        return node;
    }
}
