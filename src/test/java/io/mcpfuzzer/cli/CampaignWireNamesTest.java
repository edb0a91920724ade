package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.config.SettingsResolver;
import io.mcpfuzzer.fuzz.CampaignConfig;
import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.fuzz.PhaseChoice;
import io.mcpfuzzer.fuzz.targets.HttpTargetFactory;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.transport.TransportProtocol;
import io.mcpfuzzer.transport.http.HttpOptions;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The typed campaign model keeps the exact strings users type and the reports write: every {@link FuzzMode},
 * {@link PhaseChoice} and {@link TransportProtocol} value is parsed from its spelling, reaches {@link CampaignConfig}
 * or the target factory as that value, and comes back as the same spelling in {@code run_summary.json} and in the
 * {@code run_info} header of {@code findings.json}.
 */
class CampaignWireNamesTest {
    /** The spellings of the Python tool and of our reports; written out so a renamed constant fails here. */
    private static final Map<FuzzMode, String> MODES = new EnumMap<>(Map.of(FuzzMode.TOOLS, "tools",
            FuzzMode.PROTOCOL, "protocol", FuzzMode.RESOURCES, "resources", FuzzMode.PROMPTS, "prompts",
            FuzzMode.ALL, "all"));
    private static final Map<PhaseChoice, String> PHASES = new EnumMap<>(Map.of(PhaseChoice.REALISTIC, "realistic",
            PhaseChoice.AGGRESSIVE, "aggressive", PhaseChoice.BOTH, "both"));

    private static final Map<TransportProtocol, String> TRANSPORTS = new EnumMap<>(Map.of(TransportProtocol.STDIO,
            "stdio", TransportProtocol.HTTP, "http", TransportProtocol.HTTPS, "https", TransportProtocol.SSE, "sse",
            TransportProtocol.STREAMABLEHTTP, "streamablehttp"));

    private static Settings settings(String mode, String phase, String protocolPhase) {
        return new SettingsResolver(Map.of()).seedSource(() -> 7L).commandLine(Options.MODE, mode)
                .commandLine(Options.PHASE, phase).commandLine(Options.PROTOCOL_PHASE, protocolPhase).resolve();
    }

    private static Report report(Settings s) {
        RunSummary summary = SummaryFactory.build(s, "stdio", "completed", null, null, List.of(), 0, Map.of(),
                Map.of(), List.of(), Instant.EPOCH, null);
        return new Report("session", summary, List.of());
    }

    @Test
    void everyConstantHasOneListedSpelling() {
        assertThat(MODES.keySet()).containsExactly(FuzzMode.values());
        assertThat(PHASES.keySet()).containsExactly(PhaseChoice.values());
        MODES.forEach((mode, text) -> assertThat(mode.wire()).isEqualTo(text));
        PHASES.forEach((phase, text) -> assertThat(phase.wire()).isEqualTo(text));
    }

    @Test
    void everyModeRoundTripsFromTheCommandLineToTheReports() {
        for (Map.Entry<FuzzMode, String> m : MODES.entrySet()) {
            Settings s = settings(m.getValue(), "realistic", "aggressive");
            assertThat(s.fuzzing().mode()).isEqualTo(m.getKey());
            assertThat(FuzzRunner.config(s).mode()).isEqualTo(m.getKey());
            Report r = report(s);
            assertThat(ReportNodes.summary(r).get("mode").asString()).isEqualTo(m.getValue());
            assertThat(ReportNodes.runInfo(r).get("mode").asString()).isEqualTo(m.getValue());
        }
    }

    @Test
    void everyPhaseRoundTripsFromTheCommandLineToTheReports() {
        for (Map.Entry<PhaseChoice, String> p : PHASES.entrySet()) {
            Settings s = settings("tools", p.getValue(), p.getValue());
            CampaignConfig config = FuzzRunner.config(s);
            assertThat(config.phase()).isEqualTo(p.getKey());
            assertThat(config.protocolPhase()).isEqualTo(p.getKey());
            assertThat(s.protocol().phase()).isEqualTo(p.getKey());
            ObjectNode summary = ReportNodes.summary(report(s));
            assertThat(summary.get("phase").asString()).isEqualTo(p.getValue());
            assertThat(ReportNodes.runInfo(report(s)).get("phase").asString()).isEqualTo(p.getValue());
        }
    }

    @Test
    void phaseChoicesExpandToThePhasesTheRunsAreLabelledWith() {
        assertThat(PhaseChoice.REALISTIC.phases()).extracting(Phase::label).containsExactly("realistic");
        assertThat(PhaseChoice.AGGRESSIVE.phases()).extracting(Phase::label).containsExactly("aggressive");
        assertThat(PhaseChoice.BOTH.phases()).extracting(Phase::label).containsExactly("realistic", "aggressive");
    }

    @Test
    void everyTransportRoundTripsFromTheCommandLineToTheReports() {
        assertThat(TRANSPORTS.keySet()).containsExactly(TransportProtocol.values());
        for (Map.Entry<TransportProtocol, String> t : TRANSPORTS.entrySet()) {
            String endpoint = t.getKey().isRemote() ? "http://127.0.0.1:9/mcp" : "server --stdio";
            Settings s = new SettingsResolver(Map.of()).seedSource(() -> 7L).commandLine(Options.ENDPOINT, endpoint)
                    .commandLine(Options.PROTOCOL_OPT, t.getValue()).resolve();
            assertThat(s.target().protocol()).isEqualTo(t.getKey());
            assertThat(t.getKey().wire()).isEqualTo(t.getValue());
            if (t.getKey().isRemote()) {
                String written = new HttpTargetFactory(endpoint, t.getKey(), HttpOptions.defaults(),
                        ClientOptions.defaults()).transport();
                assertThat(written).isEqualTo(t.getValue());
                RunSummary summary = SummaryFactory.build(s, written, "completed", null, null, List.of(), 0, Map.of(),
                        Map.of(), List.of(), Instant.EPOCH, null);
                assertThat(ReportNodes.summary(new Report("session", summary, List.of())).get("transport").asString())
                        .isEqualTo(t.getValue());
            }
        }
    }

    @Test
    void aProtocolPhaseNotGivenFollowsThePhase() {
        Settings s = new SettingsResolver(Map.of()).seedSource(() -> 7L).commandLine(Options.PHASE, "both").resolve();
        assertThat(FuzzRunner.config(s).protocolPhase()).isEqualTo(PhaseChoice.BOTH);
    }

    @Test
    void aSpellingOutsideTheListIsRefusedWithASuggestion() {
        assertThatThrownBy(() -> settings("tool", "realistic", "realistic"))
                .hasMessageContaining("did you mean 'tools'?");
        assertThatThrownBy(() -> settings("tools", "real", "realistic"))
                .hasMessageContaining("realistic");
    }
}
