package io.mcpfuzzer.config;

import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.transport.TransportProtocol;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * Derived values and rules that involve more than one option, applied after every value was
 * converted. Problems name the option and where its value came from. Single use.
 */
final class SettingsChecks {
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern SPEC_VERSION = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Set<String> CI_TRUE = Set.of("1", "true", "yes", "on");

    private final ResolvedValues v;
    private final boolean requireTarget;
    private final Map<String, String> env;
    private final LongSupplier seedSource;
    private final List<ConfigProblem> problems = new ArrayList<>();
    private List<String> command = List.of();
    private Map<String, String> headers = Map.of();
    private Map<String, String> targetEnv = Map.of();
    private ShardSpec shard = ShardSpec.NONE;

    SettingsChecks(ResolvedValues v, boolean requireTarget, Map<String, String> env, LongSupplier seedSource) {
        this.v = v;
        this.requireTarget = requireTarget;
        this.env = env;
        this.seedSource = seedSource;
    }

    /** Applies derivations and rules; returns the problems found (empty when valid). */
    List<ConfigProblem> run() {
        checkTarget();
        checkModeRules();
        headers = pairs(Options.HEADERS, ':', HEADER_NAME, "NAME: VALUE");
        targetEnv = pairs(Options.ENV, '=', ENV_NAME, "KEY=VALUE");
        for (String name : v.get(Options.PASS_ENV)) {
            if (!ENV_NAME.matcher(name).matches()) {
                problem(Options.PASS_ENV, "'" + name + "' is not a valid environment variable name");
            }
        }
        String version = v.get(Options.SPEC_SCHEMA_VERSION);
        if (version != null && !SPEC_VERSION.matcher(version).matches()) {
            problem(Options.SPEC_SCHEMA_VERSION, "expected a version like 2025-11-25, got '" + version + "'");
        }
        deriveFailIfNoTools();
        checkShard();
        checkTls();
        OAuthSettings.check(v).forEach(p -> problem(p.getKey(), p.getValue()));
        if (v.get(Options.SEED) == null) {
            v.put(Options.SEED, seedSource.getAsLong(), Origin.derived("chosen at random"));
        }
        return problems;
    }

    /** Scale-out: the shard, which needs an explicit seed (every shard must derive the same inputs). */
    private void checkShard() {
        try {
            shard = ShardSpec.resolve(v.get(Options.SHARD), v.get(Options.SHARD_COUNT), env);
        } catch (IllegalArgumentException e) {
            problem(v.get(Options.SHARD) != null ? Options.SHARD : Options.SHARD_COUNT, e.getMessage());
            return;
        }
        if (shard.sharded() && v.get(Options.SEED) == null) {
            problem(Options.SHARD, "sharding needs an explicit --seed, the same for every shard");
        }
    }

    ShardSpec shard() {
        return shard;
    }

    List<String> command() {
        return command;
    }

    Map<String, String> headers() {
        return headers;
    }

    Map<String, String> targetEnv() {
        return targetEnv;
    }

    private void checkTarget() {
        String endpoint = v.get(Options.ENDPOINT);
        if (v.get(Options.PROTOCOL_OPT) == null) {
            boolean url = endpoint != null && looksLikeUrl(endpoint);
            TransportProtocol derived = endpoint == null || url ? TransportProtocol.HTTP : TransportProtocol.STDIO;
            v.put(Options.PROTOCOL_OPT, derived, endpoint == null ? Origin.DEFAULT
                    : Origin.derived(url ? "endpoint is a URL" : "endpoint is a command"));
        }
        if (endpoint == null) {
            if (requireTarget) {
                problems.add(ConfigProblem.usage("option --endpoint", Options.ENDPOINT.key(),
                        "--endpoint is required (a URL, or the command that starts a stdio server); "
                                + "try 'mcp-fuzzer demo' for a self-contained example"));
            }
            return;
        }
        if (endpoint.isBlank()) {
            problem(Options.ENDPOINT, "--endpoint cannot be empty");
            return;
        }
        TransportProtocol protocol = v.get(Options.PROTOCOL_OPT);
        if (protocol == TransportProtocol.STDIO && looksLikeUrl(endpoint)) {
            problem(Options.ENDPOINT, "--protocol stdio runs the endpoint as a command, but '" + endpoint
                    + "' is a URL; use --protocol streamablehttp (or http, sse) for a remote server");
            return;
        }
        if (protocol == TransportProtocol.STDIO) {
            try {
                command = CommandSplitter.split(endpoint);
            } catch (EndpointSyntaxException e) {
                problems.add(new ConfigProblem(v.origin(Options.ENDPOINT).detail(), Options.ENDPOINT.key(),
                        "cannot split the stdio command: " + e.getMessage(), ConfigProblem.Kind.ENDPOINT));
                return;
            }
            if (command.isEmpty()) {
                problem(Options.ENDPOINT, "--endpoint cannot be empty");
            }
        } else {
            checkUrl(endpoint, protocol);
        }
    }

    private static boolean looksLikeUrl(String endpoint) {
        String e = endpoint.trim().toLowerCase(Locale.ROOT);
        return e.startsWith("http://") || e.startsWith("https://");
    }

    private void checkUrl(String endpoint, TransportProtocol protocol) {
        if (!looksLikeUrl(endpoint)) {
            problem(Options.ENDPOINT, "--protocol " + protocol.wire() + " needs an http:// or https:// URL, got '"
                    + endpoint + "' (use --protocol stdio for a command)");
            return;
        }
        try {
            URI uri = new URI(endpoint.trim());
            if (uri.getHost() == null) {
                problem(Options.ENDPOINT, "the URL has no host: '" + endpoint + "'");
            }
        } catch (URISyntaxException e) {
            problem(Options.ENDPOINT, "not a valid URL: " + e.getMessage());
        }
    }

    private void checkModeRules() {
        FuzzMode mode = v.get(Options.MODE);
        boolean tools = mode.includes(FuzzMode.TOOLS);
        boolean protocol = mode.includes(FuzzMode.PROTOCOL);
        if (!v.get(Options.PROTOCOL_TYPE).isEmpty() && !protocol) {
            problem(Options.PROTOCOL_TYPE, "--protocol-type can only be used with --mode protocol or all");
        }
        if (!tools) {
            if (!v.get(Options.TOOL).isEmpty()) {
                problem(Options.TOOL, "--tool can only be used with --mode tools or all");
            }
            if (!v.get(Options.EXCLUDE_TOOL).isEmpty()) {
                problem(Options.EXCLUDE_TOOL, "--exclude-tool can only be used with --mode tools or all");
            }
        }
        for (String t : v.get(Options.TOOL)) {
            if (t.isBlank()) {
                problem(Options.TOOL, "--tool cannot be empty");
            }
        }
        if (v.get(Options.SECURITY_AUDIT_INTRUSIVE) && !v.get(Options.SECURITY_AUDIT)) {
            problem(Options.SECURITY_AUDIT_INTRUSIVE, "--security-audit-intrusive requires --security-audit");
        }
        if (v.get(Options.AUTH_AUDIT_INTRUSIVE) && !v.get(Options.AUTH_AUDIT)) {
            problem(Options.AUTH_AUDIT_INTRUSIVE, "--auth-audit-intrusive requires --auth-audit");
        } else if (v.get(Options.AUTH_AUDIT) && v.get(Options.PROTOCOL_OPT) == TransportProtocol.STDIO) {
            problem(Options.AUTH_AUDIT, "--auth-audit audits the OAuth authorization of an HTTP server; a stdio "
                    + "server has none (give a URL endpoint, or drop --auth-audit)");
        }
        if (v.get(Options.WATCHDOG_MAX_HANG_TIME) < v.get(Options.WATCHDOG_CHECK_INTERVAL)) {
            problem(Options.WATCHDOG_MAX_HANG_TIME, "--watchdog-max-hang-time must be at least --watchdog-check-interval");
        }
    }

    private Map<String, String> pairs(OptionDef<List<String>> def, char separator, Pattern name, String form) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : v.get(def)) {
            int at = item.indexOf(separator);
            String key = at < 0 ? "" : item.substring(0, at).trim();
            String value = at < 0 ? "" : item.substring(at + 1);
            value = separator == ':' ? value.strip() : value;
            if (at < 0 || !name.matcher(key).matches()) {
                problem(def, "expected " + form + ", got '" + item + "'");
            } else if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\0') >= 0) {
                problem(def, "the value of '" + key + "' contains a line break or NUL");
            } else {
                out.put(key, value);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    private void deriveFailIfNoTools() {
        if (v.origin(Options.FAIL_IF_NO_TOOLS).isExplicit() || v.get(Options.ALLOW_EMPTY_TOOLS)) {
            return;
        }
        String ci = ciSignal();
        FuzzMode mode = v.get(Options.MODE);
        if (ci != null && mode.includes(FuzzMode.TOOLS)) {
            v.put(Options.FAIL_IF_NO_TOOLS, true, Origin.derived("CI detected (" + ci + ")"));
        }
    }

    /** The variable that signals CI or Docker, or null. {@code MCP_FUZZER_CI=0} does not count. */
    private String ciSignal() {
        for (String name : List.of("CI", "MCP_FUZZER_CI", "MCP_FUZZER_IN_DOCKER")) {
            String value = env.get(name);
            if (value != null && CI_TRUE.contains(value.trim().toLowerCase(Locale.ROOT))) {
                return name + "=" + value.trim();
            }
        }
        return null;
    }

    /** {@code --cacert} names a readable file; it and {@code --insecure} exclude each other. */
    private void checkTls() {
        java.nio.file.Path cacert = v.get(Options.CACERT);
        if (cacert != null && v.get(Options.INSECURE)) {
            problem(Options.INSECURE, "--insecure and --cacert cannot be used together (--cacert keeps verification on)");
        }
        if (cacert != null && !(java.nio.file.Files.isRegularFile(cacert) && java.nio.file.Files.isReadable(cacert))) {
            problem(Options.CACERT, "'" + cacert + "' is not a readable file");
        }
    }

    private void problem(OptionDef<?> def, String message) {
        problems.add(ConfigProblem.usage(v.origin(def).detail(), def.key(), message));
    }
}
