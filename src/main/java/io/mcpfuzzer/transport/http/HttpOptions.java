package io.mcpfuzzer.transport.http;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable settings shared by the HTTP transports. Build with {@link #builder()}; every field has a safe
 * default. Header values are secrets as far as this package is concerned: they are sent, never printed.
 */
public final class HttpOptions {
    /** Default cap for one inbound frame (JSON body or SSE event): 16 MiB. */
    public static final long DEFAULT_MAX_FRAME_BYTES = 16L * 1024 * 1024;

    private final Map<String, String> headers;
    private final Map<String, String> authHeaders;
    private final Duration connectTimeout;
    private final Duration responseTimeout;
    private final Duration sendWait;
    private final Duration endpointTimeout;
    private final long maxFrameBytes;
    private final int maxRedirects;
    private final boolean allowCrossOriginRedirects;
    private final int connectRetries;
    private final int maxResumeAttempts;
    private final boolean listenStream;
    private final javax.net.ssl.SSLContext sslContext;
    private final BearerAuth bearerAuth;

    private HttpOptions(Builder b) {
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(b.headers));
        this.authHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(b.authHeaders));
        this.connectTimeout = b.connectTimeout;
        this.responseTimeout = b.responseTimeout;
        this.sendWait = b.sendWait;
        this.endpointTimeout = b.endpointTimeout;
        this.maxFrameBytes = b.maxFrameBytes;
        this.maxRedirects = b.maxRedirects;
        this.allowCrossOriginRedirects = b.allowCrossOriginRedirects;
        this.connectRetries = b.connectRetries;
        this.maxResumeAttempts = b.maxResumeAttempts;
        this.listenStream = b.listenStream;
        this.sslContext = b.sslContext;
        this.bearerAuth = b.bearerAuth;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static HttpOptions defaults() {
        return builder().build();
    }

    /** Extra headers from {@code --header}, in order given (later duplicates replace earlier ones). */
    public Map<String, String> headers() {
        return headers;
    }

    /** Credential headers from {@code --auth-config}/{@code --auth-env}; applied after {@link #headers()}. */
    public Map<String, String> authHeaders() {
        return authHeaders;
    }

    /** Bound on establishing one TCP/TLS connection. Default 5 s. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Bound on waiting for response headers, and on reading a whole JSON (non-SSE) body. Default 120 s. */
    public Duration responseTimeout() {
        return responseTimeout;
    }

    /**
     * How long {@code send} waits for the response headers before returning and handling the response
     * asynchronously. Failures seen within this wait are thrown; later ones go to the listener. Default 10 s.
     */
    public Duration sendWait() {
        return sendWait;
    }

    /** Legacy SSE: bound on waiting for the {@code endpoint} event after the GET. Default 10 s. */
    public Duration endpointTimeout() {
        return endpointTimeout;
    }

    /** Cap for one inbound frame in bytes; larger ones are discarded and reported as oversized. */
    public long maxFrameBytes() {
        return maxFrameBytes;
    }

    /** Same-origin 3xx hops followed per request. Default 5. */
    public int maxRedirects() {
        return maxRedirects;
    }

    /** Whether redirects to another origin are followed (always without credentials). Default false. */
    public boolean allowCrossOriginRedirects() {
        return allowCrossOriginRedirects;
    }

    /** Extra attempts when a connection is refused before anything was sent. Default 2. */
    public int connectRetries() {
        return connectRetries;
    }

    /** Streamable HTTP: GET reconnections with {@code Last-Event-ID} after a dropped stream. Default 3. */
    public int maxResumeAttempts() {
        return maxResumeAttempts;
    }

    /** Streamable HTTP: open the GET stream for server-initiated messages after initialisation. Default true. */
    /** The OAuth token source, or null. */
    public BearerAuth bearerAuth() {
        return bearerAuth;
    }

    public boolean listenStream() {
        return listenStream;
    }

    /** TLS context for https ({@link TlsTrust}), or null for the JDK default (system CAs, verified). */
    public javax.net.ssl.SSLContext sslContext() {
        return sslContext;
    }

    /** Builder; not thread-safe. */
    public static final class Builder {
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final Map<String, String> authHeaders = new LinkedHashMap<>();
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration responseTimeout = Duration.ofSeconds(120);
        private Duration sendWait = Duration.ofSeconds(10);
        private Duration endpointTimeout = Duration.ofSeconds(10);
        private long maxFrameBytes = DEFAULT_MAX_FRAME_BYTES;
        private int maxRedirects = 5;
        private boolean allowCrossOriginRedirects;
        private int connectRetries = 2;
        private int maxResumeAttempts = 3;
        private boolean listenStream = true;
        private javax.net.ssl.SSLContext sslContext;
        private BearerAuth bearerAuth;

        private Builder() {}

        /** TLS context for https targets (see {@link TlsTrust}); null = JDK default. */
        public Builder sslContext(javax.net.ssl.SSLContext context) {
            this.sslContext = context;
            return this;
        }

        /** Adds a validated header; see {@link HeaderLines#check}. */
        public Builder header(String name, String value) {
            HeaderLines.check(name, value);
            headers.put(name, value);
            return this;
        }

        /** Adds a {@code Name: value} line as given to {@code --header}. */
        public Builder headerLine(String line) {
            Map.Entry<String, String> e = HeaderLines.parse(line);
            headers.put(e.getKey(), e.getValue());
            return this;
        }

        /** Adds credential headers (from {@link AuthConfig}). */
        public Builder authHeaders(Map<String, String> auth) {
            auth.forEach((k, v) -> {
                HeaderLines.check(k, v);
                authHeaders.put(k, v);
            });
            return this;
        }

        public Builder connectTimeout(Duration d) {
            this.connectTimeout = positive(d, "connectTimeout");
            return this;
        }

        public Builder responseTimeout(Duration d) {
            this.responseTimeout = positive(d, "responseTimeout");
            return this;
        }

        public Builder sendWait(Duration d) {
            this.sendWait = positive(d, "sendWait");
            return this;
        }

        public Builder endpointTimeout(Duration d) {
            this.endpointTimeout = positive(d, "endpointTimeout");
            return this;
        }

        public Builder maxFrameBytes(long bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("maxFrameBytes must be at least 1024");
            }
            this.maxFrameBytes = bytes;
            return this;
        }

        public Builder maxRedirects(int n) {
            this.maxRedirects = Math.max(0, Math.min(n, 20));
            return this;
        }

        public Builder allowCrossOriginRedirects(boolean allow) {
            this.allowCrossOriginRedirects = allow;
            return this;
        }

        public Builder connectRetries(int n) {
            this.connectRetries = Math.max(0, Math.min(n, 10));
            return this;
        }

        public Builder maxResumeAttempts(int n) {
            this.maxResumeAttempts = Math.max(0, Math.min(n, 20));
            return this;
        }

        public Builder listenStream(boolean open) {
            this.listenStream = open;
            return this;
        }

        /** OAuth bearer tokens for the target's origin (null = none); see {@link BearerAuth}. */
        public Builder bearerAuth(BearerAuth auth) {
            this.bearerAuth = auth;
            return this;
        }

        public HttpOptions build() {
            return new HttpOptions(this);
        }

        private static Duration positive(Duration d, String what) {
            Objects.requireNonNull(d, what);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(what + " must be positive");
            }
            return d;
        }
    }
}
