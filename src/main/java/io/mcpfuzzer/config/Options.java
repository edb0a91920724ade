package io.mcpfuzzer.config;

import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.fuzz.PhaseChoice;
import io.mcpfuzzer.safety.SandboxMode;
import static io.mcpfuzzer.config.OptionGroup.AUDIT;
import static io.mcpfuzzer.config.OptionGroup.FUZZING;
import static io.mcpfuzzer.config.OptionGroup.LOGGING;
import static io.mcpfuzzer.config.OptionGroup.OUTPUT;
import static io.mcpfuzzer.config.OptionGroup.PROTOCOL;
import static io.mcpfuzzer.config.OptionGroup.SAFETY;
import static io.mcpfuzzer.config.OptionGroup.TARGET;
import static io.mcpfuzzer.config.OptionGroup.WATCHDOG;
import static io.mcpfuzzer.config.ValueType.decimal;
import static io.mcpfuzzer.config.ValueType.decimalFrom;
import static io.mcpfuzzer.config.ValueType.flag;
import static io.mcpfuzzer.config.ValueType.integer;
import static io.mcpfuzzer.config.ValueType.listOf;
import static io.mcpfuzzer.config.ValueType.longInt;
import static io.mcpfuzzer.config.ValueType.path;
import static io.mcpfuzzer.config.ValueType.text;

import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.transport.TransportProtocol;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * The catalogue of every option, in help order. The names follow the Python tool where it has
 * the option. Each entry is consumed by {@link Settings}; there are no inert options.
 */
public final class Options {
    /** Protocol message types accepted by {@code --protocol-type} (Python tool's list). */
    public static final List<String> PROTOCOL_TYPES = List.of(
            "InitializeRequest", "InitializedNotification", "ProgressNotification", "CancelledNotification",
            "ListToolsRequest", "CallToolRequest", "ListResourcesRequest", "ReadResourceRequest",
            "ListResourceTemplatesRequest", "SetLevelRequest", "CreateMessageRequest", "ListPromptsRequest",
            "GetPromptRequest", "ListRootsRequest", "SubscribeRequest", "UnsubscribeRequest", "CompleteRequest",
            "ElicitRequest", "ListTasksRequest", "GetTaskRequest", "GetTaskPayloadRequest", "CancelTaskRequest",
            "PingRequest", "GenericJSONRPCRequest");
    /**
     * Also accepted by {@code --protocol-type}: the JSON-RPC method names the reports use as
     * protocol targets ({@code ping}, {@code tools/list}, ...) and the schema names of the
     * message types the fuzzer knows that the Python list lacks.
     */
    public static final List<String> PROTOCOL_TYPE_ALIASES = java.util.Arrays.stream(MessageType.values())
            .flatMap(t -> java.util.stream.Stream.of(t.method(), t.schemaName()))
            .filter(name -> !PROTOCOL_TYPES.contains(name)).toList();

    private static final double DAY = 86_400;

    // Target
    public static final OptionDef<TransportProtocol> PROTOCOL_OPT = o(TARGET, "--protocol", "PROTOCOL",
            ValueType.choice(TransportProtocol.class), null,
            "Transport: stdio, http, https, sse or streamablehttp (default: http for a URL endpoint, else stdio)");
    public static final OptionDef<String> ENDPOINT = o(TARGET, "--endpoint", "TARGET", text(), null,
            "URL of the server, or for stdio the command line that starts it (split like a POSIX shell, no shell run)");
    public static final OptionDef<Double> TIMEOUT = o(TARGET, "--timeout", "SECONDS", decimal(0, DAY), 30.0,
            "Timeout of each request to the target");
    public static final OptionDef<Double> TOOL_TIMEOUT = o(TARGET, "--tool-timeout", "SECONDS", decimal(0, DAY), null,
            "Timeout of each tools/call (default: --timeout)");
    public static final OptionDef<Integer> TRANSPORT_RETRIES = o(TARGET, "--transport-retries", "N", integer(1, 100), 1,
            "Total attempts per request on a transport error (1 = no retry)");
    public static final OptionDef<List<String>> HEADERS = keyed(o(TARGET, "--header", "'NAME: VALUE'",
            listOf(text(), '\n'), List.of(), "Extra HTTP header, repeatable (environment: one per line)"), "headers");
    public static final OptionDef<Path> AUTH_CONFIG = o(TARGET, "--auth-config", "FILE", path(), null,
            "JSON file describing auth providers");
    public static final OptionDef<Boolean> AUTH_ENV = o(TARGET, "--auth-env", "", flag(), false,
            "Send auth headers from MCP_FUZZER_AUTH_TOKEN (bearer), MCP_FUZZER_API_KEY (header "
                    + "MCP_FUZZER_API_KEY_HEADER, default X-API-Key) and MCP_FUZZER_AUTH_HEADER ('Name: value'); "
                    + "never implicit");
    public static final OptionDef<Integer> MAX_LINE_BYTES = o(TARGET, "--max-line-bytes", "BYTES",
            integer(1024, 1 << 30), 16 * 1024 * 1024, "Longest stdio line read from the target; longer is a finding");
    public static final OptionDef<List<String>> ROOTS = keyed(o(TARGET, "--root", "URI", listOf(text(), ','), List.of(),
            "Root offered to the server in roots/list, repeatable (default: the fs-root sandbox)"), "roots");

    // OAuth 2.1 client (issue 17; docs/oauth.md)
    public static final OptionDef<Boolean> OAUTH = o(TARGET, "--oauth", "", flag(), false,
            "Authorize with OAuth 2.1 when the server answers 401 (discovery, registration, PKCE; see docs/oauth.md)");
    public static final OptionDef<String> OAUTH_GRANT = o(TARGET, "--oauth-grant", "GRANT",
            ValueType.oneOf("grant", List.of("authorization_code", "client_credentials")), null,
            "authorization_code or client_credentials (default: authorization_code unless the authorization server "
                    + "offers only client_credentials or --oauth-private-key-file is given)");
    public static final OptionDef<String> OAUTH_CLIENT_ID = o(TARGET, "--oauth-client-id", "ID", text(), null,
            "Pre-registered client id (default: client ID metadata document or dynamic registration)");
    public static final OptionDef<String> OAUTH_CLIENT_SECRET = o(TARGET, "--oauth-client-secret", "SECRET", text(),
            null, "Secret of the pre-registered client (prefer the environment variable; redacted everywhere)");
    public static final OptionDef<String> OAUTH_SCOPE = o(TARGET, "--oauth-scope", "SCOPES", text(), null,
            "Scopes to request, space separated (default: the challenge's scope, else scopes_supported, else none)");
    public static final OptionDef<String> OAUTH_CLIENT_ID_METADATA_URL = o(TARGET, "--oauth-client-id-metadata-url",
            "URL", text(), null, "HTTPS URL of this client's metadata document, used as client id where the "
                    + "authorization server supports client ID metadata documents");
    public static final OptionDef<Boolean> OAUTH_OPEN_BROWSER = o(TARGET, "--oauth-open-browser", "", flag(), false,
            "Open the authorization URL in the desktop browser (default: only print it)");
    public static final OptionDef<Boolean> OAUTH_HEADLESS = o(TARGET, "--oauth-headless", "", flag(), false,
            "Follow the authorization redirects without a browser (authorization servers that approve "
                    + "automatically, e.g. in CI)");
    public static final OptionDef<Boolean> OAUTH_NO_TOKEN_CACHE = o(TARGET, "--oauth-no-token-cache", "", flag(),
            false, "Do not read or write the token cache (~/.cache/mcp-fuzzer/oauth-tokens.json, mode 0600)");
    public static final OptionDef<Path> OAUTH_PRIVATE_KEY_FILE = o(TARGET, "--oauth-private-key-file", "PEM", path(),
            null, "PKCS#8 private key for private_key_jwt client authentication (RFC 7523)");
    public static final OptionDef<String> OAUTH_SIGNING_ALG = o(TARGET, "--oauth-signing-alg", "ALG",
            ValueType.oneOf("signing algorithm", List.of("ES256", "ES384", "RS256")), "ES256",
            "Signature algorithm of the private_key_jwt assertion: ES256, ES384 or RS256");

    // Fuzzing
    public static final OptionDef<FuzzMode> MODE = o(FUZZING, "--mode", "MODE", ValueType.choice(FuzzMode.class), FuzzMode.ALL,
            "tools, protocol, resources, prompts, or all (tools + spec guard + protocol)");
    public static final OptionDef<PhaseChoice> PHASE = o(FUZZING, "--phase", "PHASE", ValueType.choice(PhaseChoice.class),
            PhaseChoice.AGGRESSIVE, "Tool-argument phase: realistic, aggressive, or both (--runs each)");
    public static final OptionDef<Integer> RUNS = o(FUZZING, "--runs", "N", integer(1, 1_000_000), 10,
            "Runs per tool (per phase with --phase both)");
    public static final OptionDef<Integer> COVERAGE_BUDGET = o(FUZZING, "--coverage-budget", "N",
            integer(0, 100_000), 64, "Coverage-pass cases per tool, sent before the random phases (every edge class "
                    + "of every field, then pairwise cases of nested objects); 0 turns the pass off");
    public static final OptionDef<List<String>> TOOL = o(FUZZING, "--tool", "NAME", listOf(text(), ','), List.of(),
            "Fuzz only this tool; repeatable (tools and all modes)");
    public static final OptionDef<List<String>> EXCLUDE_TOOL = o(FUZZING, "--exclude-tool", "NAME",
            listOf(text(), ','), List.of(), "Never call this tool; repeatable");
    public static final OptionDef<Long> SEED = o(FUZZING, "--seed", "N", longInt(Long.MIN_VALUE, Long.MAX_VALUE), null,
            "Seed for every generated input (default: chosen at random and recorded in the reports)");
    public static final OptionDef<Integer> MAX_CONCURRENCY = o(FUZZING, "--max-concurrency", "N", integer(1, 256), 5,
            "Most calls in flight at once");
    public static final OptionDef<Boolean> STATEFUL = neg(o(FUZZING, "--stateful", "", flag(), false,
            "Accepted for the Python tool's command line; no effect here (a warning says so)"), "--no-stateful");
    public static final OptionDef<Integer> STATEFUL_RUNS = o(FUZZING, "--stateful-runs", "N", integer(1, 10_000), 5,
            "Accepted for the Python tool's command line; no effect here");
    public static final OptionDef<Boolean> HAVOC = alias(neg(o(FUZZING, "--havoc", "", flag(), false,
            "Accepted for the Python tool's command line; no effect here (a warning says so)"), "--no-havoc"), "havoc_mode");
    public static final OptionDef<Boolean> CORPUS = alias(neg(o(FUZZING, "--corpus", "", flag(), true,
            "Accepted for the Python tool's command line; no effect here (a warning says so)"), "--no-corpus"), "corpus_enabled");

    // Protocol
    public static final OptionDef<PhaseChoice> PROTOCOL_PHASE = o(PROTOCOL, "--protocol-phase", "PHASE",
            ValueType.choice(PhaseChoice.class), PhaseChoice.REALISTIC,
            "Phase for protocol, resource and prompt fuzzing: realistic, aggressive or both");
    public static final OptionDef<Integer> RUNS_PER_TYPE = o(PROTOCOL, "--runs-per-type", "N", integer(1, 1_000_000), 5,
            "Runs per protocol type, resource or prompt");
    public static final OptionDef<List<String>> PROTOCOL_TYPE = split(o(PROTOCOL, "--protocol-type", "TYPE",
            listOf(ValueType.oneOf("protocol type", java.util.stream.Stream.concat(PROTOCOL_TYPES.stream(),
                    PROTOCOL_TYPE_ALIASES.stream()).toList()), ','), List.of(),
            "Fuzz only these protocol types, by type (PingRequest) or method (ping) name (repeatable, or comma "
                    + "separated; protocol and all modes)"), "[,|]");
    public static final OptionDef<Boolean> SPEC_GUARD = neg(o(PROTOCOL, "--spec-guard", "", flag(), true,
            "Run deterministic MCP spec checks before protocol/resource/prompt fuzzing"), "--no-spec-guard");
    public static final OptionDef<String> SPEC_RESOURCE_URI = o(PROTOCOL, "--spec-resource-uri", "URI", text(), null,
            "Resource URI for the spec guard's resources/read check");
    public static final OptionDef<String> SPEC_PROMPT_NAME = o(PROTOCOL, "--spec-prompt-name", "NAME", text(), null,
            "Prompt for the spec guard's prompts/get check");
    public static final OptionDef<ObjectNode> SPEC_PROMPT_ARGS = o(PROTOCOL, "--spec-prompt-args", "JSON",
            ValueType.jsonObject(), null, "Arguments for the spec guard's prompts/get, as a JSON object");
    public static final OptionDef<String> SPEC_SCHEMA_VERSION = o(PROTOCOL, "--spec-schema-version", "VERSION",
            text(), null, "MCP protocol version to request and check against, e.g. 2025-11-25");

    // Safety
    public static final OptionDef<Boolean> NO_SAFETY = o(SAFETY, "--no-safety", "", flag(), false,
            "Disable the argument safety filter (path sandboxing of tool arguments)");
    public static final OptionDef<Path> FS_ROOT = o(SAFETY, "--fs-root", "DIR", path(), null,
            "Sandbox root: path-like tool arguments are rewritten under it (default: none, arguments are not confined)");
    public static final OptionDef<Boolean> ENABLE_SAFETY_SYSTEM = o(SAFETY, "--enable-safety-system", "", flag(), false,
            "Put blocking shims for browsers and URL openers first on the target's PATH");
    public static final OptionDef<Boolean> NO_NETWORK = o(SAFETY, "--no-network", "", flag(), false,
            "Run a stdio target in a private network namespace (loopback only), allow only loopback hosts (plus --allow-host) for the fuzzer's own connections, and block URLs to other hosts in arguments");
    public static final OptionDef<List<String>> ALLOW_HOSTS = keyed(o(SAFETY, "--allow-host", "HOST",
            listOf(text(), ','), List.of(), "Extra host allowed under --no-network; repeatable"), "allow_hosts");
    public static final OptionDef<List<String>> ENV = o(SAFETY, "--env", "KEY=VALUE", listOf(text(), '\n'), List.of(),
            "Set a variable in the stdio target's environment; repeatable (environment: one per line)");
    public static final OptionDef<List<String>> PASS_ENV = o(SAFETY, "--pass-env", "NAME", listOf(text(), ','),
            List.of(), "Pass this variable from the fuzzer's environment to the target; repeatable");
    public static final OptionDef<SandboxMode> SANDBOX = o(SAFETY, "--sandbox", "MODE",
            ValueType.choice(SandboxMode.class), SandboxMode.NONE,
            "Optional file-system containment of a stdio target: none (default), auto (bubblewrap when it works) or bwrap");
    public static final OptionDef<Boolean> SAFETY_REPORT = o(SAFETY, "--safety-report", "", flag(), false,
            "Print the safety summary and write safety_report.json");
    public static final OptionDef<Long> TARGET_MEMORY_MB = o(SAFETY, "--target-memory-mb", "MB",
            longInt(1, 1L << 30), null, "Address-space limit of a stdio target");
    public static final OptionDef<Long> TARGET_CPU_SECONDS = o(SAFETY, "--target-cpu-seconds", "SECONDS",
            longInt(1, 1L << 31), null, "CPU-time limit of a stdio target");
    public static final OptionDef<Long> TARGET_OPEN_FILES = o(SAFETY, "--target-open-files", "N",
            longInt(1, 1L << 24), null, "Open-file limit of a stdio target");
    public static final OptionDef<Long> TARGET_PROCESSES = o(SAFETY, "--target-processes", "N",
            longInt(1, 1L << 22), null, "Process-count limit of a stdio target");

    // Watchdog
    public static final OptionDef<Double> WATCHDOG_CHECK_INTERVAL = o(WATCHDOG, "--watchdog-check-interval", "SECONDS",
            decimal(0, 3_600), 1.0, "How often the watchdog checks the target");
    public static final OptionDef<Double> WATCHDOG_PROCESS_TIMEOUT = o(WATCHDOG, "--watchdog-process-timeout",
            "SECONDS", decimal(0, DAY), 30.0, "Time without an answer to an outstanding request before the target is slow");
    public static final OptionDef<Double> WATCHDOG_EXTRA_BUFFER = o(WATCHDOG, "--watchdog-extra-buffer", "SECONDS",
            decimalFrom(0, DAY), 5.0, "Grace added to the process timeout before the target counts as hung");
    public static final OptionDef<Double> WATCHDOG_MAX_HANG_TIME = o(WATCHDOG, "--watchdog-max-hang-time", "SECONDS",
            decimal(0, DAY), 60.0, "Hang time after which the target is killed and restarted");

    // Output
    public static final OptionDef<Path> OUTPUT_DIR = alias(o(OUTPUT, "--output-dir", "DIR", path(), Path.of("reports"),
            "Directory for all artifacts"), "output.directory");
    public static final OptionDef<Path> EXPORT_CSV = o(OUTPUT, "--export-csv", "FILE", path(), null,
            "Also write a CSV export (relative paths are under --output-dir)");
    public static final OptionDef<Path> EXPORT_XML = o(OUTPUT, "--export-xml", "FILE", path(), null,
            "Also write an XML export");
    public static final OptionDef<Path> EXPORT_HTML = o(OUTPUT, "--export-html", "FILE", path(), null,
            "Also write an HTML export");
    public static final OptionDef<Path> EXPORT_MARKDOWN = o(OUTPUT, "--export-markdown", "FILE", path(), null,
            "Also write a Markdown export");
    public static final OptionDef<Path> EXPORT_SARIF = o(OUTPUT, "--export-sarif", "FILE", path(), null,
            "Also write findings as SARIF 2.1.0");
    public static final OptionDef<Path> EXPORT_JUNIT = o(OUTPUT, "--export-junit", "FILE", path(), null,
            "Also write a JUnit XML report");
    public static final OptionDef<Severity> FAIL_ON = o(OUTPUT, "--fail-on", "SEVERITY", ValueType.severity(), null,
            "Exit 3 when a finding at or above this severity exists (info, low, medium, high, critical)");
    public static final OptionDef<Path> BASELINE = o(OUTPUT, "--baseline", "FILE", path(), null,
            "An earlier findings.json: mark findings new/unchanged, list absent ones; --fail-on counts only new ones");
    public static final OptionDef<Path> IGNORE_FILE = o(OUTPUT, "--ignore-file", "FILE", path(), null,
            "YAML suppressions (by fingerprint, or category and target; reason; optional expires) "
                    + "(default: .mcp-fuzzer-ignore.yml in the working directory when present)");
    public static final OptionDef<Boolean> FAIL_IF_NO_TOOLS = o(OUTPUT, "--fail-if-no-tools", "", flag(), false,
            "Exit 2 when tools/all mode found no tool to fuzz (default on when CI=true, MCP_FUZZER_CI or MCP_FUZZER_IN_DOCKER)");
    public static final OptionDef<Boolean> ALLOW_EMPTY_TOOLS = o(OUTPUT, "--allow-empty-tools", "", flag(), false,
            "Do not turn --fail-if-no-tools on automatically in CI or Docker");

    // Audit
    public static final OptionDef<Boolean> SECURITY_AUDIT = o(AUDIT, "--security-audit", "", flag(), false,
            "Audit tool metadata, outputs and transport security");
    public static final OptionDef<Boolean> SECURITY_AUDIT_INTRUSIVE = o(AUDIT, "--security-audit-intrusive", "",
            flag(), false, "Also send active probes (foreign Origin); requires --security-audit");
    public static final OptionDef<Path> PIN_FILE = o(AUDIT, "--pin-file", "FILE", path(), null,
            "Tool-definition pin file: created on first use, later runs report changed definitions");
    public static final OptionDef<Boolean> AUTH_AUDIT = o(AUDIT, "--auth-audit", "", flag(), false,
            "Audit the OAuth authorization layer of an HTTP server: metadata, PKCE, state, tokens and audience");
    public static final OptionDef<Boolean> AUTH_AUDIT_INTRUSIVE = o(AUDIT, "--auth-audit-intrusive", "", flag(), false,
            "Also probe open redirects and register a client with an attacker's redirect URI; requires --auth-audit");

    // Logging
    public static final OptionDef<LogLevel> LOG_LEVEL = o(LOGGING, "--log-level", "LEVEL",
            ValueType.choice(LogLevel.class), LogLevel.WARNING, "DEBUG, INFO, WARNING, ERROR or CRITICAL (logs go to stderr)");
    public static final OptionDef<Boolean> NO_PROGRESS = o(LOGGING, "--no-progress", "", flag(), false,
            "No live progress line (it is shown only on a terminal and never when CI=true)");
    public static final OptionDef<Boolean> NO_COLOR = o(LOGGING, "--no-color", "", flag(), false,
            "No colours (NO_COLOR is honoured too)");
    public static final OptionDef<Boolean> QUIET = o(LOGGING, "--quiet", "", flag(), false,
            "Print only errors and a final one-line verdict (log level ERROR unless --log-level is given)");
    public static final OptionDef<ColorMode> COLOR = o(LOGGING, "--color", "WHEN", ValueType.choice(ColorMode.class),
            ColorMode.AUTO, "ANSI colours: auto (on a terminal), always or never; NO_COLOR and --no-color mean never");
    public static final OptionDef<OutputFormat> FORMAT = o(LOGGING, "--format", "FORMAT",
            ValueType.choice(OutputFormat.class), OutputFormat.TEXT,
            "stdout: text (the summary) or json (one JSON summary; human text goes to stderr)");
    // TLS of https targets (issue 19)
    public static final OptionDef<Path> CACERT = o(TARGET, "--cacert", "PEM", path(), null,
            "Trust the CA certificate(s) in this PEM file for an https target (a private CA), besides the system CAs");
    public static final OptionDef<Boolean> INSECURE = o(TARGET, "--insecure", "", flag(), false,
            "Do not verify the https target's certificate or host name (testing only; prints a warning)");

    // Scale-out (issue 18): splitting a campaign over CI runners or a Kubernetes Indexed Job
    public static final OptionDef<String> SHARD = o(FUZZING, "--shard", "K/N", text(), null,
            "Do only shard K of N (1-based) of the campaign's runs; the N shards of one --seed together do the "
                    + "work of one run (merge them with 'mcp-fuzzer merge')");
    public static final OptionDef<Integer> SHARD_COUNT = o(FUZZING, "--shard-count", "N", integer(1, 100_000), null,
            "Number of shards; without --shard the shard index is read from JOB_COMPLETION_INDEX (0-based, "
                    + "Kubernetes Indexed Job)");

    /** Every option, in help order. */
    public static final List<OptionDef<?>> ALL = List.of(
            PROTOCOL_OPT, ENDPOINT, TIMEOUT, TOOL_TIMEOUT, TRANSPORT_RETRIES, HEADERS, AUTH_CONFIG, AUTH_ENV,
            MAX_LINE_BYTES, ROOTS,
            OAUTH, OAUTH_GRANT, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, OAUTH_SCOPE, OAUTH_CLIENT_ID_METADATA_URL,
            OAUTH_OPEN_BROWSER, OAUTH_HEADLESS, OAUTH_NO_TOKEN_CACHE, OAUTH_PRIVATE_KEY_FILE, OAUTH_SIGNING_ALG,
            MODE, PHASE, RUNS, COVERAGE_BUDGET, TOOL, EXCLUDE_TOOL, SEED, MAX_CONCURRENCY, STATEFUL, STATEFUL_RUNS, HAVOC, CORPUS,
            SHARD, SHARD_COUNT,
            PROTOCOL_PHASE, RUNS_PER_TYPE, PROTOCOL_TYPE, SPEC_GUARD, SPEC_RESOURCE_URI, SPEC_PROMPT_NAME,
            SPEC_PROMPT_ARGS, SPEC_SCHEMA_VERSION,
            NO_SAFETY, FS_ROOT, ENABLE_SAFETY_SYSTEM, NO_NETWORK, ALLOW_HOSTS, ENV, PASS_ENV, SANDBOX, SAFETY_REPORT,
            TARGET_MEMORY_MB, TARGET_CPU_SECONDS, TARGET_OPEN_FILES, TARGET_PROCESSES,
            CACERT, INSECURE, QUIET, COLOR, FORMAT,
            WATCHDOG_CHECK_INTERVAL, WATCHDOG_PROCESS_TIMEOUT, WATCHDOG_EXTRA_BUFFER, WATCHDOG_MAX_HANG_TIME,
            OUTPUT_DIR, EXPORT_CSV, EXPORT_XML, EXPORT_HTML, EXPORT_MARKDOWN, EXPORT_SARIF, EXPORT_JUNIT, FAIL_ON,
            FAIL_IF_NO_TOOLS, ALLOW_EMPTY_TOOLS, BASELINE, IGNORE_FILE,
            SECURITY_AUDIT, SECURITY_AUDIT_INTRUSIVE, PIN_FILE, AUTH_AUDIT, AUTH_AUDIT_INTRUSIVE,
            LOG_LEVEL, NO_PROGRESS, NO_COLOR);

    private Options() {}

    /** The option whose canonical key or config-file alias is {@code key}, or null. */
    public static OptionDef<?> byFileKey(String key) {
        for (OptionDef<?> d : ALL) {
            if (d.key().equals(key) || d.fileAliases().contains(key)) {
                return d;
            }
        }
        return null;
    }

    /** The option whose environment variable is {@code name}, or null. */
    public static OptionDef<?> byEnvName(String name) {
        for (OptionDef<?> d : ALL) {
            if (d.envName().equals(name)) {
                return d;
            }
        }
        return null;
    }

    private static <T> OptionDef<T> o(OptionGroup g, String longName, String label, ValueType<T> type, T dflt,
            String help) {
        String key = longName.substring(2).replace('-', '_').toLowerCase(Locale.ROOT);
        return new OptionDef<>(key, longName, null, g, type, dflt, label, help, List.of(), null);
    }

    private static <T> OptionDef<T> keyed(OptionDef<T> d, String key) {
        return new OptionDef<>(key, d.longName(), d.negation(), d.group(), d.type(), d.defaultValue(),
                d.paramLabel(), d.description(), d.fileAliases(), d.cliSplitRegex());
    }

    private static <T> OptionDef<T> neg(OptionDef<T> d, String negation) {
        return new OptionDef<>(d.key(), d.longName(), negation, d.group(), d.type(), d.defaultValue(),
                d.paramLabel(), d.description(), d.fileAliases(), d.cliSplitRegex());
    }

    private static <T> OptionDef<T> alias(OptionDef<T> d, String... aliases) {
        return new OptionDef<>(d.key(), d.longName(), d.negation(), d.group(), d.type(), d.defaultValue(),
                d.paramLabel(), d.description(), List.of(aliases), d.cliSplitRegex());
    }

    private static <T> OptionDef<T> split(OptionDef<T> d, String regex) {
        return new OptionDef<>(d.key(), d.longName(), d.negation(), d.group(), d.type(), d.defaultValue(),
                d.paramLabel(), d.description(), d.fileAliases(), regex);
    }
}
