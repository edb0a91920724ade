package io.mcpfuzzer.config;

import io.mcpfuzzer.common.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Turns checked {@link ResolvedValues} into the immutable {@link Settings}. */
final class SettingsAssembler {
    private SettingsAssembler() {}

    static Settings assemble(ResolvedValues v, SettingsChecks checks, ConfigFile file, List<String> argv) {
        Duration timeout = seconds(v.get(Options.TIMEOUT));
        Double toolTimeout = v.get(Options.TOOL_TIMEOUT);
        Settings.Target target = new Settings.Target(v.get(Options.PROTOCOL_OPT), v.get(Options.ENDPOINT),
                checks.command(), timeout, toolTimeout == null ? timeout : seconds(toolTimeout),
                v.get(Options.TRANSPORT_RETRIES), checks.headers(), v.get(Options.AUTH_CONFIG),
                v.get(Options.AUTH_ENV), v.get(Options.MAX_LINE_BYTES), v.get(Options.ROOTS),
                v.get(Options.CACERT), v.get(Options.INSECURE));
        Settings.Fuzzing fuzzing = new Settings.Fuzzing(v.get(Options.MODE), v.get(Options.PHASE),
                v.get(Options.RUNS), v.get(Options.TOOL), v.get(Options.EXCLUDE_TOOL), v.get(Options.SEED),
                v.get(Options.MAX_CONCURRENCY), v.get(Options.STATEFUL), v.get(Options.STATEFUL_RUNS),
                v.get(Options.HAVOC), v.get(Options.CORPUS), v.get(Options.COVERAGE_BUDGET));
        ObjectNode promptArgs = v.get(Options.SPEC_PROMPT_ARGS);
        Settings.Protocol protocol = new Settings.Protocol(v.get(Options.PROTOCOL_PHASE),
                v.get(Options.RUNS_PER_TYPE), v.get(Options.PROTOCOL_TYPE), v.get(Options.SPEC_GUARD),
                v.get(Options.SPEC_RESOURCE_URI), v.get(Options.SPEC_PROMPT_NAME),
                promptArgs == null ? null : Json.write(promptArgs), v.get(Options.SPEC_SCHEMA_VERSION));
        Settings.Safety safety = new Settings.Safety(v.get(Options.NO_SAFETY), v.get(Options.FS_ROOT),
                v.get(Options.ENABLE_SAFETY_SYSTEM), v.get(Options.NO_NETWORK), v.get(Options.ALLOW_HOSTS),
                checks.targetEnv(), v.get(Options.PASS_ENV), v.get(Options.SANDBOX), v.get(Options.SAFETY_REPORT));
        Settings.Limits limits = new Settings.Limits(v.get(Options.TARGET_MEMORY_MB),
                v.get(Options.TARGET_CPU_SECONDS), v.get(Options.TARGET_OPEN_FILES), v.get(Options.TARGET_PROCESSES));
        Settings.Watchdog watchdog = new Settings.Watchdog(seconds(v.get(Options.WATCHDOG_CHECK_INTERVAL)),
                seconds(v.get(Options.WATCHDOG_PROCESS_TIMEOUT)), seconds(v.get(Options.WATCHDOG_EXTRA_BUFFER)),
                seconds(v.get(Options.WATCHDOG_MAX_HANG_TIME)));
        Path out = v.get(Options.OUTPUT_DIR);
        Settings.Output output = new Settings.Output(out, under(out, v.get(Options.EXPORT_CSV)),
                under(out, v.get(Options.EXPORT_XML)), under(out, v.get(Options.EXPORT_HTML)),
                under(out, v.get(Options.EXPORT_MARKDOWN)), under(out, v.get(Options.EXPORT_SARIF)),
                under(out, v.get(Options.EXPORT_JUNIT)), v.get(Options.FAIL_ON), v.get(Options.FAIL_IF_NO_TOOLS),
                v.get(Options.ALLOW_EMPTY_TOOLS), v.get(Options.BASELINE), v.get(Options.IGNORE_FILE));
        Settings.Audit audit = new Settings.Audit(v.get(Options.SECURITY_AUDIT),
                v.get(Options.SECURITY_AUDIT_INTRUSIVE), v.get(Options.PIN_FILE), v.get(Options.AUTH_AUDIT),
                v.get(Options.AUTH_AUDIT_INTRUSIVE));
        Settings.Logging logging = new Settings.Logging(v.get(Options.LOG_LEVEL), v.get(Options.NO_PROGRESS),
                v.get(Options.NO_COLOR), v.get(Options.QUIET), v.get(Options.COLOR), v.get(Options.FORMAT));
        if (file != null) {
            v.note("config", new Origin(Origin.Kind.CONFIG_FILE, file.path().toString()));
        }
        Settings.Provenance provenance = new Settings.Provenance(file == null ? null : file.path(),
                file == null ? null : file.sha256(), argv, v.origins());
        return new Settings(target, fuzzing, protocol, safety, limits, watchdog, output, audit, logging, provenance,
                checks.shard(), OAuthSettings.of(v));
    }

    /** Export paths: relative ones live under the output directory (as in the Python tool). */
    private static Path under(Path outputDir, Path export) {
        return export == null || export.isAbsolute() ? export : outputDir.resolve(export);
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1_000_000_000d));
    }
}
