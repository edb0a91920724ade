package io.mcpfuzzer.config;

import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.fuzz.PhaseChoice;
import io.mcpfuzzer.safety.SandboxMode;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.transport.TransportProtocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every option of one fuzzer run, resolved from command line &gt; environment &gt; config file &gt;
 * defaults by {@link SettingsResolver}, validated, immutable and thread-safe. Grouped as in
 * {@code --help}. Paths are as given (relative to the working directory) except exports, which
 * are already resolved against {@link Output#outputDir()}.
 *
 * @param target     how to reach the server
 * @param fuzzing    what to fuzz and how much
 * @param protocol   protocol, resource and prompt fuzzing and the spec guard
 * @param safety     containment of the target and of the fuzzer's own actions
 * @param limits     OS resource limits for a stdio target (null fields = unlimited)
 * @param watchdog   hang detection
 * @param output     artifacts and exit-code gates
 * @param audit      security audits
 * @param logging    verbosity and console
 * @param provenance where the values came from
 * @param shard      which share of the campaign this run does ({@link ShardSpec#NONE} when unsharded)
 * @param oauth      the OAuth 2.1 client ({@link OAuth#OFF} when not asked for)
 */
public record Settings(
        Target target,
        Fuzzing fuzzing,
        Protocol protocol,
        Safety safety,
        Limits limits,
        Watchdog watchdog,
        Output output,
        Audit audit,
        Logging logging,
        Provenance provenance,
        ShardSpec shard,
        OAuth oauth) {

    /** Null shard means unsharded; null oauth means off. */
    public Settings {
        shard = shard == null ? ShardSpec.NONE : shard;
        oauth = oauth == null ? OAuth.OFF : oauth;
    }

    /** Settings without OAuth. */
    public Settings(Target target, Fuzzing fuzzing, Protocol protocol, Safety safety, Limits limits, Watchdog watchdog,
            Output output, Audit audit, Logging logging, Provenance provenance, ShardSpec shard) {
        this(target, fuzzing, protocol, safety, limits, watchdog, output, audit, logging, provenance, shard, null);
    }

    /** Settings of an unsharded run. */
    public Settings(Target target, Fuzzing fuzzing, Protocol protocol, Safety safety, Limits limits, Watchdog watchdog,
            Output output, Audit audit, Logging logging, Provenance provenance) {
        this(target, fuzzing, protocol, safety, limits, watchdog, output, audit, logging, provenance, ShardSpec.NONE,
                null);
    }

    /**
     * @param protocol         transport; never null (derived from the endpoint when not given)
     * @param endpoint         URL or stdio command line as given; null only when no target was required
     * @param command          stdio argv split from the endpoint (no shell); empty for remote transports
     * @param timeout          per request
     * @param toolTimeout      per tools/call (equals timeout unless set)
     * @param transportRetries total attempts per request, at least 1
     * @param headers          extra HTTP headers, name to value, in the order given
     * @param authConfig       JSON auth provider file, or null
     * @param authEnv          build auth from MCP_* environment variables
     * @param maxLineBytes     longest stdio line accepted from the target
     * @param roots            roots offered in roots/list (empty = the safety layer's default)
     * @param cacert           PEM file of extra CA certificates trusted for https, or null
     * @param insecure         https without certificate or host name verification
     */
    public record Target(TransportProtocol protocol, String endpoint, List<String> command, Duration timeout,
            Duration toolTimeout, int transportRetries, Map<String, String> headers, Path authConfig,
            boolean authEnv, int maxLineBytes, List<String> roots, Path cacert, boolean insecure) {

        /** A target with the default TLS trust (system CAs, verified). */
        public Target(TransportProtocol protocol, String endpoint, List<String> command, Duration timeout,
                Duration toolTimeout, int transportRetries, Map<String, String> headers, Path authConfig,
                boolean authEnv, int maxLineBytes, List<String> roots) {
            this(protocol, endpoint, command, timeout, toolTimeout, transportRetries, headers, authConfig, authEnv,
                    maxLineBytes, roots, null, false);
        }
    }

    /**
     * @param seed           the seed of every generated input; chosen at random when not given (see
     *                       {@link Provenance#origins()} key {@code seed})
     * @param coverageBudget coverage-pass cases per tool before the random phases; 0 = no coverage pass
     */
    public record Fuzzing(FuzzMode mode, PhaseChoice phase, int runs, List<String> tools, List<String> excludeTools, long seed,
            int maxConcurrency, boolean stateful, int statefulRuns, boolean havoc, boolean corpus, int coverageBudget) {

        /** Fuzzing settings with the default {@code --coverage-budget}. */
        public Fuzzing(FuzzMode mode, PhaseChoice phase, int runs, List<String> tools, List<String> excludeTools, long seed,
                int maxConcurrency, boolean stateful, int statefulRuns, boolean havoc, boolean corpus) {
            this(mode, phase, runs, tools, excludeTools, seed, maxConcurrency, stateful, statefulRuns, havoc, corpus,
                    Options.COVERAGE_BUDGET.defaultValue());
        }
    }

    /**
     * @param protocolTypes      only these types (empty = all)
     * @param specPromptArgsJson compact JSON object text, or null
     * @param specSchemaVersion  e.g. 2025-11-25, or null for the newest supported
     */
    public record Protocol(PhaseChoice phase, int runsPerType, List<String> protocolTypes, boolean specGuard,
            String specResourceUri, String specPromptName, String specPromptArgsJson, String specSchemaVersion) {

        /** A fresh copy of the spec-guard prompt arguments, or null. */
        public ObjectNode specPromptArgs() {
            return specPromptArgsJson == null ? null : (ObjectNode) Json.parse(specPromptArgsJson);
        }
    }

    /**
     * @param fsRoot  sandbox root, or null for the safety layer's default
     * @param env     variables set in a stdio target's environment, in order
     * @param passEnv names passed through from the fuzzer's environment
     */
    public record Safety(boolean noSafety, Path fsRoot, boolean enableSafetySystem, boolean noNetwork,
            List<String> allowHosts, Map<String, String> env, List<String> passEnv, SandboxMode sandbox,
            boolean safetyReport) {}

    /** OS limits of a stdio target; null = no limit. */
    public record Limits(Long memoryMb, Long cpuSeconds, Long openFiles, Long processes) {}

    public record Watchdog(Duration checkInterval, Duration processTimeout, Duration extraBuffer,
            Duration maxHangTime) {}

    /**
     * Export paths are null when not requested.
     *
     * @param failOn        exit 3 when a finding at or above this exists; null = findings never fail
     * @param failIfNoTools exit 2 when tools/all mode fuzzed no tool (also turned on in CI)
     * @param baseline      an earlier findings.json to compare with, or null
     * @param ignoreFile    the suppressions file given, or null (then {@code .mcp-fuzzer-ignore.yml} in the
     *                      working directory is used when present)
     */
    public record Output(Path outputDir, Path exportCsv, Path exportXml, Path exportHtml, Path exportMarkdown,
            Path exportSarif, Path exportJunit, Severity failOn, boolean failIfNoTools, boolean allowEmptyTools,
            Path baseline, Path ignoreFile) {

        /** Output settings without a baseline or an explicit ignore file. */
        public Output(Path outputDir, Path exportCsv, Path exportXml, Path exportHtml, Path exportMarkdown,
                Path exportSarif, Path exportJunit, Severity failOn, boolean failIfNoTools, boolean allowEmptyTools) {
            this(outputDir, exportCsv, exportXml, exportHtml, exportMarkdown, exportSarif, exportJunit, failOn,
                    failIfNoTools, allowEmptyTools, null, null);
        }
    }

    /**
     * The OAuth 2.1 client options ({@code --oauth*}, docs/oauth.md).
     *
     * @param enabled              {@code --oauth}
     * @param grant                authorization_code, client_credentials, or null to choose automatically
     * @param clientId             pre-registered client id, or null
     * @param clientSecret         its secret, or null (a user secret: redacted)
     * @param scopes               requested scopes; empty = chosen from the challenge and metadata
     * @param clientIdMetadataUrl  client ID metadata document URL, or null
     * @param openBrowser          open the authorization URL in a browser
     * @param headless             follow the authorization redirects without a browser
     * @param noTokenCache         neither read nor write the token cache
     * @param privateKeyFile       PKCS#8 PEM for private_key_jwt, or null
     * @param signingAlg           ES256, ES384 or RS256
     */
    public record OAuth(boolean enabled, String grant, String clientId, String clientSecret, List<String> scopes,
            String clientIdMetadataUrl, boolean openBrowser, boolean headless, boolean noTokenCache,
            Path privateKeyFile, String signingAlg) {
        public static final OAuth OFF = new OAuth(false, null, null, null, List.of(), null, false, false, false, null,
                "ES256");

        /** Never shows the secret. */
        @Override
        public String toString() {
            return "OAuth[enabled=" + enabled + ", grant=" + grant + ", clientId=" + clientId + ", clientSecret="
                    + (clientSecret == null ? "none" : "***") + ", scopes=" + scopes + ", headless=" + headless + "]";
        }
    }

    /**
     * @param authAudit          {@code --auth-audit} (HTTP targets only)
     * @param authAuditIntrusive {@code --auth-audit-intrusive}
     */
    public record Audit(boolean securityAudit, boolean securityAuditIntrusive, Path pinFile, boolean authAudit,
            boolean authAuditIntrusive) {
        /** Without the auth audit. */
        public Audit(boolean securityAudit, boolean securityAuditIntrusive, Path pinFile) {
            this(securityAudit, securityAuditIntrusive, pinFile, false, false);
        }
    }

    /**
     * @param quiet  only errors and a final one-line verdict
     * @param color  {@code --color}; {@link #noColor} and NO_COLOR win over it
     * @param format what stdout carries
     */
    public record Logging(LogLevel logLevel, boolean noProgress, boolean noColor, boolean quiet, ColorMode color,
            OutputFormat format) {

        /** Text output, colours decided automatically, not quiet. */
        public Logging(LogLevel logLevel, boolean noProgress, boolean noColor) {
            this(logLevel, noProgress, noColor, false, ColorMode.AUTO, OutputFormat.TEXT);
        }
    }

    /**
     * @param configFile   the YAML file read, or null
     * @param configSha256 its SHA-256 (hex), or null
     * @param commandLine  the fuzzer's own arguments as given (not redacted)
     * @param origins      option key to where its value came from, for every option
     */
    public record Provenance(Path configFile, String configSha256, List<String> commandLine,
            Map<String, Origin> origins) {}
}
