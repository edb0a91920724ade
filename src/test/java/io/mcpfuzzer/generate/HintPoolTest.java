package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Noun keys, matching and the bounds of {@link HintPool}. */
class HintPoolTest {
    @Test
    void oneNounHasManyNames() {
        for (String name : List.of("schema", "schemas", "schemaName", "schema_name", "Schemas", "SCHEMA")) {
            assertThat(HintNouns.key(name)).as(name).isEqualTo("schema");
        }
        assertThat(HintNouns.key("object types")).isEqualTo("object_type");
        assertThat(HintNouns.key("categories")).isEqualTo("category");
        assertThat(HintNouns.key("indexes")).isEqualTo("index");
        assertThat(HintNouns.key("status")).isEqualTo("status");
        assertThat(HintNouns.key("name")).isEqualTo("name");
        assertThat(HintNouns.generic(HintNouns.key("values"))).isTrue();
        assertThat(HintNouns.matches("schema", "target_schema")).isTrue();
        assertThat(HintNouns.matches("object_type", "type")).isTrue();
        assertThat(HintNouns.matches("object_type", "file_type")).isFalse();
        assertThat(HintNouns.matches("schema", "schemata")).isFalse();
    }

    @Test
    void parametersNamedAfterTheNounGetItsValues() {
        HintPool pool = new HintPool();
        pool.add(new ErrorHint("schema", List.of("main", "sales")));
        pool.add(new ErrorHint("table", List.of("users")));
        HintPool.Snapshot s = pool.snapshot();
        for (String name : List.of("schema", "schemas", "schemaName", "schema_name", "targetSchema")) {
            assertThat(s.candidates(name)).as(name).containsExactly("main", "sales");
        }
        assertThat(s.candidates("tables")).containsExactly("users");
        assertThat(s.candidates("query")).isEmpty();
        assertThat(s.candidates("value")).isEmpty();
        assertThat(s.candidates(null)).isEmpty();
    }

    @Test
    void bounded() {
        HintPool pool = new HintPool();
        for (int n = 0; n < HintPool.MAX_NOUNS + 10; n++) {
            pool.add(new ErrorHint("noun" + n, List.of("v")));
        }
        List<String> many = new ArrayList<>();
        for (int v = 0; v < HintPool.MAX_PER_NOUN + 5; v++) {
            many.add("v" + v);
        }
        pool.add(new ErrorHint("noun0", many));
        HintPool.Snapshot s = pool.snapshot();
        assertThat(s.byNoun()).hasSize(HintPool.MAX_NOUNS).doesNotContainKey("noun" + HintPool.MAX_NOUNS);
        assertThat(s.byNoun().get("noun0")).hasSize(HintPool.MAX_PER_NOUN).doesNotContain("v", "v4").endsWith("v36");
    }

    @Test
    void plusLeavesTheSnapshotAsItWas() {
        HintPool pool = new HintPool();
        pool.add(new ErrorHint("schema", List.of("main")));
        HintPool.Snapshot before = pool.snapshot();
        HintPool.Snapshot after = before.plus(List.of(new ErrorHint("schema", List.of("sales", "main")),
                new ErrorHint("table", List.of("users"))));
        assertThat(before.byNoun()).containsOnlyKeys("schema");
        assertThat(after.byNoun().get("schema")).containsExactly("main", "sales");
        assertThat(after.byNoun()).containsKey("table");
        assertThat(HintPool.Snapshot.empty().plus(List.of())).isSameAs(HintPool.Snapshot.empty());
    }
}
