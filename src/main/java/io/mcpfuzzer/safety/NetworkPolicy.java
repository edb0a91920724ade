package io.mcpfuzzer.safety;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which hosts the fuzzer itself may connect to, and which URLs in tool arguments count as
 * network access ({@code --no-network}, {@code --allow-host HOST[:PORT]}). Immutable, thread-safe.
 *
 * <p>When network is allowed every URI is allowed. When it is denied a URI is allowed only if its
 * host is loopback or matches an {@code --allow-host} entry (with its port, when one is given).
 * Loopback is decided without DNS: the name {@code localhost}, or an IP literal in 127.0.0.0/8,
 * {@code ::1} or an IPv4-mapped loopback address. Any other name (even one that would resolve to
 * loopback) and short forms such as {@code 127.1} or {@code 0.0.0.0} are not loopback.
 *
 * <p>This is a check the fuzzer applies to its own connections and to argument values; it does
 * not stop a target process from opening sockets (see {@link SafetyContext#plan} for that).
 */
public final class NetworkPolicy {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private final boolean denied;
    private final List<HostPort> allowed;

    private NetworkPolicy(boolean denied, List<HostPort> allowed) {
        this.denied = denied;
        this.allowed = List.copyOf(allowed);
    }

    /** Network allowed: {@link #allows} is always true. */
    public static NetworkPolicy open() {
        return new NetworkPolicy(false, List.of());
    }

    /**
     * Network denied except loopback and the given {@code HOST[:PORT]} entries ({@code [v6]:PORT}
     * for IPv6 with a port).
     *
     * @throws IllegalArgumentException for a malformed entry
     */
    public static NetworkPolicy denyExcept(List<String> allowHosts) {
        List<HostPort> parsed = new ArrayList<>();
        for (String entry : allowHosts) {
            parsed.add(HostPort.parse(entry));
        }
        return new NetworkPolicy(true, parsed);
    }

    public boolean networkDenied() {
        return denied;
    }

    /** True when a connection to this URI is permitted. A URI without a host is refused when denied. */
    public boolean allows(URI uri) {
        if (!denied) {
            return true;
        }
        String host = uri.getHost();
        int port = uri.getPort();
        if (host == null && uri.getRawAuthority() != null) {
            HostPort hp = HostPort.fromAuthority(uri.getRawAuthority());
            host = hp.host();
            port = hp.port();
        }
        if (host == null || host.isEmpty()) {
            return false;
        }
        return allowsHost(host, port < 0 ? defaultPort(uri.getScheme()) : port);
    }

    /** True when the host (and port, -1 if unknown) is permitted. */
    public boolean allowsHost(String host, int port) {
        if (!denied) {
            return true;
        }
        String normal = HostPort.normalise(host);
        if (isLoopback(normal)) {
            return true;
        }
        for (HostPort hp : allowed) {
            if (hp.host().equals(normal) && (hp.port() < 0 || hp.port() == port)) {
                return true;
            }
        }
        return false;
    }

    /** Loopback by name ({@code localhost}) or IP literal; never resolves names. */
    public static boolean isLoopback(String host) {
        String h = HostPort.normalise(host);
        if (h.equals("localhost")) {
            return true;
        }
        if (!IPV4.matcher(h).matches() && !h.contains(":")) {
            return false;
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    static int defaultPort(String scheme) {
        if (scheme == null) {
            return -1;
        }
        return switch (scheme.toLowerCase(Locale.ROOT)) {
            case "http", "ws" -> 80;
            case "https", "wss" -> 443;
            case "ftp" -> 21;
            default -> -1;
        };
    }

    @Override
    public String toString() {
        return denied ? "network denied except loopback and " + allowed : "network allowed";
    }
}
