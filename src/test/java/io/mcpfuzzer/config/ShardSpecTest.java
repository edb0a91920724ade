package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --shard K/N, --shard-count N with JOB_COMPLETION_INDEX, and their rules. */
class ShardSpecTest {
    @Test
    void shardKofNIsOneBased() {
        assertThat(ShardSpec.resolve("2/4", null, Map.of())).isEqualTo(new ShardSpec(1, 4));
        assertThat(ShardSpec.resolve("3", 3, Map.of())).isEqualTo(new ShardSpec(2, 3));
        assertThat(ShardSpec.resolve(null, null, Map.of())).isEqualTo(ShardSpec.NONE);
    }

    @Test
    void shardCountReadsTheZeroBasedKubernetesIndex() {
        assertThat(ShardSpec.resolve(null, 5, Map.of("JOB_COMPLETION_INDEX", "0"))).isEqualTo(new ShardSpec(0, 5));
        assertThat(ShardSpec.resolve(null, 5, Map.of("JOB_COMPLETION_INDEX", "4"))).isEqualTo(new ShardSpec(4, 5));
    }

    @Test
    void rejectsWhatDoesNotFit() {
        assertThatThrownBy(() -> ShardSpec.resolve("0/3", null, Map.of())).hasMessageContaining("1..3");
        assertThatThrownBy(() -> ShardSpec.resolve("4/3", null, Map.of())).hasMessageContaining("1..3");
        assertThatThrownBy(() -> ShardSpec.resolve("2/3", 4, Map.of())).hasMessageContaining("disagrees");
        assertThatThrownBy(() -> ShardSpec.resolve("a/b", null, Map.of())).hasMessageContaining("whole number");
        assertThatThrownBy(() -> ShardSpec.resolve("2", null, Map.of())).hasMessageContaining("K/N");
        assertThatThrownBy(() -> ShardSpec.resolve(null, 3, Map.of())).hasMessageContaining("JOB_COMPLETION_INDEX");
        assertThatThrownBy(() -> ShardSpec.resolve(null, 3, Map.of("JOB_COMPLETION_INDEX", "3")))
                .hasMessageContaining("not below");
    }

    @Test
    void theSettingsCarryTheShardAndShardingNeedsASeed() {
        Settings s = new SettingsResolver(Map.of("JOB_COMPLETION_INDEX", "1")).argv(List.of())
                .commandLine(Options.ENDPOINT, "x").commandLine(Options.SHARD_COUNT, "3")
                .commandLine(Options.SEED, "7").resolve();
        assertThat(s.shard()).isEqualTo(new ShardSpec(1, 3));
        assertThatThrownBy(() -> new SettingsResolver(Map.of()).commandLine(Options.ENDPOINT, "x")
                .commandLine(Options.SHARD, "1/2").resolve()).isInstanceOf(ConfigException.class)
                .hasMessageContaining("seed");
    }
}
