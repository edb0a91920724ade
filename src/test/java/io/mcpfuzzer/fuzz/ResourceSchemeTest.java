package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** resource_traversal is one cause per URI scheme (its read handler) and escape technique. */
class ResourceSchemeTest {
    @Test
    void theSchemeOfAResourceNamesItsHandler() {
        assertThat(ResourceFuzzer.scheme("file:///srv/readme.md")).isEqualTo("file");
        assertThat(ResourceFuzzer.scheme("Memory://knowledge-graph")).isEqualTo("memory");
        assertThat(ResourceFuzzer.scheme("/no/scheme")).isEmpty();
        assertThat(ResourceFuzzer.scheme("c:\\\\x")).isEqualTo("c");
        assertThat(ResourceFuzzer.scheme("weird name: x")).isEmpty();
        assertThat(ResourceFuzzer.scheme(null)).isEmpty();
    }
}
