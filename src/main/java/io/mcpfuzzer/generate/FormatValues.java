package io.mcpfuzzer.generate;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Valid, varied values for the JSON Schema {@code format}s that tools use. All randomness comes
 * from the given generator (no clock, no global RNG), so values are reproducible. Stateless.
 */
final class FormatValues {
    private static final String[] DOMAINS = {"example.com", "example.org", "example.net", "test.example.com",
        "api.example.io", "mail.example.co"};
    private static final String[] PATH_WORDS = {"docs", "items", "users", "reports", "v1", "api", "files",
        "search", "orders", "projects", "notes", "assets"};
    private static final String HEX = "0123456789abcdef";

    private FormatValues() {}

    /** True when {@link #generate} knows the format. */
    static boolean known(String format) {
        return generate(format, new SplittableRandom(0)) != null;
    }

    /** A valid value for {@code format}, or null for an unknown format. */
    static String generate(String format, SplittableRandom r) {
        switch (format.toLowerCase(Locale.ROOT)) {
            case "date": return date(r);
            case "date-time": return date(r) + "T" + time(r);
            case "time": return time(r);
            case "email": case "idn-email": return Words.word(r) + "." + Words.word(r)
                    + r.nextInt(1000) + "@" + pick(r, DOMAINS);
            case "uri": case "iri": case "url": return uri(r);
            case "uri-reference": case "iri-reference":
                return r.nextBoolean() ? uri(r) : "/" + pick(r, PATH_WORDS) + "/" + pick(r, PATH_WORDS) + "-" + r.nextInt(1000);
            case "uri-template": return "https://" + pick(r, DOMAINS) + "/" + pick(r, PATH_WORDS) + "/{id}";
            case "uuid": return uuid(r);
            case "ipv4": return r.nextInt(1, 224) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(1, 255);
            case "ipv6": return ipv6(r);
            case "hostname": case "idn-hostname":
                return Words.word(r) + (r.nextBoolean() ? "-" + r.nextInt(100) : "") + "." + pick(r, DOMAINS);
            case "duration": return "P" + r.nextInt(1, 30) + "DT" + r.nextInt(24) + "H" + r.nextInt(60) + "M";
            case "json-pointer": return "/" + pick(r, PATH_WORDS) + "/" + r.nextInt(10);
            case "relative-json-pointer": return r.nextInt(3) + "/" + pick(r, PATH_WORDS);
            case "regex": return "^[a-z]{" + r.nextInt(1, 4) + "," + r.nextInt(4, 12) + "}$";
            default: return null;
        }
    }

    static String date(SplittableRandom r) {
        return r.nextInt(1990, 2036) + "-" + two(r.nextInt(1, 13)) + "-" + two(r.nextInt(1, 29));
    }

    /**
     * A UTC timestamp to the second ({@code 2024-05-01T13:45:09Z}): the one ISO 8601 form every reader
     * accepts, for a plain string described as a time (no fraction, no offset: some readers take neither).
     */
    static String timestamp(SplittableRandom r) {
        return date(r) + "T" + two(r.nextInt(24)) + ":" + two(r.nextInt(60)) + ":" + two(r.nextInt(60)) + "Z";
    }

    static String time(SplittableRandom r) {
        String base = two(r.nextInt(24)) + ":" + two(r.nextInt(60)) + ":" + two(r.nextInt(60));
        if (r.nextInt(3) == 0) {
            int millis = r.nextInt(1000);
            base += "." + (millis < 10 ? "00" : millis < 100 ? "0" : "") + millis;
        }
        int offset = r.nextInt(4);
        return base + (offset == 0 ? "+02:00" : offset == 1 ? "-05:30" : "Z");
    }

    private static String two(int n) {
        return n < 10 ? "0" + n : Integer.toString(n);
    }

    static String uri(SplittableRandom r) {
        StringBuilder b = new StringBuilder(r.nextInt(4) == 0 ? "http://" : "https://").append(pick(r, DOMAINS));
        int segments = r.nextInt(0, 4);
        for (int i = 0; i < segments; i++) {
            b.append('/').append(pick(r, PATH_WORDS));
        }
        if (r.nextBoolean()) {
            b.append('/').append(r.nextInt(100_000));
        }
        if (r.nextInt(3) == 0) {
            b.append("?q=").append(Words.word(r)).append("&page=").append(r.nextInt(1, 50));
        }
        return b.toString();
    }

    static String uuid(SplittableRandom r) {
        StringBuilder b = new StringBuilder(36);
        for (int i = 0; i < 32; i++) {
            if (i == 8 || i == 12 || i == 16 || i == 20) {
                b.append('-');
            }
            char c = HEX.charAt(r.nextInt(16));
            if (i == 12) {
                c = '4';
            } else if (i == 16) {
                c = "89ab".charAt(r.nextInt(4));
            }
            b.append(c);
        }
        return b.toString();
    }

    private static String ipv6(SplittableRandom r) {
        if (r.nextBoolean()) {
            return "2001:db8::" + Integer.toHexString(r.nextInt(1, 0x10000));
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i > 0) {
                b.append(':');
            }
            b.append(Integer.toHexString(r.nextInt(0x10000)));
        }
        return b.toString();
    }

    static String pick(SplittableRandom r, String[] options) {
        return options[r.nextInt(options.length)];
    }
}
