package io.mcpfuzzer.fuzz;

import java.nio.file.Path;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * Security-audit settings of a campaign. Immutable.
 *
 * @param enabled    {@code --security-audit}: metadata checks, response oracles, canaries, output contracts
 * @param intrusive  {@code --security-audit-intrusive}: also the foreign-Origin probe for HTTP targets
 * @param pinFile    {@code --pin-file}, checked whenever set (rug-pull pinning), or null
 * @param fsRoot     the fs-root next to which canary files are planted, or null (a temp folder is used)
 * @param endpoint   the endpoint as given (URL or command line)
 * @param remote     whether the target is reached over HTTP
 * @param headers    HTTP headers to send with the Origin probe
 * @param sslContext the target's TLS trust ({@code --cacert}, {@code --insecure}) for the Origin probe, or null
 *                   for the JVM default
 */
public record AuditOptions(boolean enabled, boolean intrusive, Path pinFile, Path fsRoot, String endpoint,
        boolean remote, Map<String, String> headers, SSLContext sslContext) {

    public AuditOptions(boolean enabled, boolean intrusive, Path pinFile, Path fsRoot, String endpoint,
            boolean remote, Map<String, String> headers) {
        this(enabled, intrusive, pinFile, fsRoot, endpoint, remote, headers, null);
    }

    public AuditOptions {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    public static AuditOptions off() {
        return new AuditOptions(false, false, null, null, null, false, Map.of());
    }
}
