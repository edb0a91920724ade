package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunSpaceTest {
    private static final int MAX_RUNS = 1_000_000; // the largest --runs and --runs-per-type

    @Test
    void rangesAreDisjointAndAboveEveryCampaignRun() {
        assertThat(RunSpace.CAMPAIGN.first()).isZero();
        assertThat(RunSpace.INJECTION_PROBE.first()).isGreaterThan(MAX_RUNS);
        assertThat(RunSpace.ANNOTATION_PROBE.first() - RunSpace.INJECTION_PROBE.first()).isEqualTo(RunSpace.SIZE);
        assertThat((long) RunSpace.ANNOTATION_PROBE.first() + RunSpace.SIZE).isLessThanOrEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void anIndexTellsItsSourceAtTheExactBorders() {
        assertThat(RunSpace.of(MAX_RUNS)).isEqualTo(RunSpace.CAMPAIGN);
        assertThat(RunSpace.of(RunSpace.SIZE - 1)).isEqualTo(RunSpace.CAMPAIGN);
        assertThat(RunSpace.of(RunSpace.SIZE)).isEqualTo(RunSpace.INJECTION_PROBE);
        assertThat(RunSpace.of(RunSpace.ANNOTATION_PROBE.first() - 1)).isEqualTo(RunSpace.INJECTION_PROBE);
        assertThat(RunSpace.of(RunSpace.ANNOTATION_PROBE.first())).isEqualTo(RunSpace.ANNOTATION_PROBE);
        assertThat(RunSpace.of(AnnotationProbe.RUN_BASE)).isEqualTo(RunSpace.ANNOTATION_PROBE);
        assertThat(RunSpace.of(Integer.MAX_VALUE)).isEqualTo(RunSpace.ANNOTATION_PROBE);
        assertThat(RunSpace.of(-1)).isEqualTo(RunSpace.CAMPAIGN);
    }
}
