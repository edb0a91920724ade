package io.mcpfuzzer.safety;

import java.util.Locale;

/** A host name or IP literal (normalised: lower case, no brackets, no trailing dot) and a port or -1. */
record HostPort(String host, int port) {

    static String normalise(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        while (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        return h;
    }

    /** Parses {@code host}, {@code host:port}, {@code [v6]}, {@code [v6]:port} or a bare IPv6 literal. */
    static HostPort parse(String entry) {
        String e = entry == null ? "" : entry.trim();
        if (e.isEmpty()) {
            throw new IllegalArgumentException("empty --allow-host entry");
        }
        HostPort hp = fromAuthority(e);
        boolean portGiven = e.startsWith("[") ? e.contains("]:") : (e.indexOf(':') >= 0 && e.indexOf(':') == e.lastIndexOf(':'));
        if (hp.host().isEmpty() || e.contains("/") || e.contains("@") || (portGiven && hp.port() < 0)) {
            throw new IllegalArgumentException("--allow-host wants HOST[:PORT], not '" + entry + "'");
        }
        return hp;
    }

    /** Splits an authority ({@code user@host:port}); an unparsable port becomes -1. */
    static HostPort fromAuthority(String authority) {
        String a = authority;
        int at = a.lastIndexOf('@');
        if (at >= 0) {
            a = a.substring(at + 1);
        }
        String host = a;
        String portText = null;
        if (a.startsWith("[")) {
            int close = a.indexOf(']');
            if (close > 0) {
                host = a.substring(1, close);
                if (a.length() > close + 1 && a.charAt(close + 1) == ':') {
                    portText = a.substring(close + 2);
                }
            }
        } else if (a.indexOf(':') >= 0 && a.indexOf(':') == a.lastIndexOf(':')) {
            host = a.substring(0, a.indexOf(':'));
            portText = a.substring(a.indexOf(':') + 1);
        }
        return new HostPort(normalise(host), parsePort(portText));
    }

    private static int parsePort(String text) {
        if (text == null || text.isEmpty() || text.length() > 5) {
            return -1;
        }
        try {
            int p = Integer.parseInt(text);
            return p >= 0 && p <= 65535 ? p : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
