package io.mcpfuzzer.transport.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS trust for https targets: the system CAs plus a private CA ({@code --cacert}), or no
 * verification at all ({@code --insecure}). The contexts are for clients only and thread-safe.
 */
public final class TlsTrust {
    /** Largest PEM file read, in bytes. */
    public static final int MAX_PEM_BYTES = 1 << 20;

    private TlsTrust() {}

    /**
     * A context that trusts the system CAs and every certificate in {@code pem} (one or more
     * PEM or DER X.509 certificates). Host names are verified as usual.
     *
     * @throws IOException when the file cannot be read, is too large or holds no certificate
     */
    public static SSLContext withCaFile(Path pem) throws IOException {
        if (Files.size(pem) > MAX_PEM_BYTES) {
            throw new IOException(pem + " is larger than " + MAX_PEM_BYTES + " bytes; is it a CA certificate?");
        }
        byte[] bytes = Files.readAllBytes(pem);
        try {
            Collection<? extends Certificate> certs;
            try (InputStream in = new ByteArrayInputStream(bytes)) {
                certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            }
            if (certs.isEmpty()) {
                throw new IOException(pem + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : certs) {
                store.setCertificateEntry("cacert-" + i++, c);
            }
            X509ExtendedTrustManager extra = trustManager(store);
            X509ExtendedTrustManager system = trustManager(null);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[] {new Either(extra, system)}, null);
            return ctx;
        } catch (CertificateException e) {
            throw new IOException(pem + " is not a certificate file: " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use " + pem + ": " + e.getMessage(), e);
        }
    }

    /** A context that accepts any certificate for any host name (testing only). */
    public static SSLContext insecure() {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[] {new TrustAll()}, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS in this JVM", e);
        }
    }

    private static X509ExtendedTrustManager trustManager(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init(store);
        for (TrustManager tm : f.getTrustManagers()) {
            if (tm instanceof X509ExtendedTrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("no X.509 trust manager");
    }

    /** Trusts a chain when the first trust manager or else the second does (each checks the host name). */
    private static final class Either extends ServerOnly {
        private final X509ExtendedTrustManager first;
        private final X509ExtendedTrustManager second;

        Either(X509ExtendedTrustManager first, X509ExtendedTrustManager second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            try {
                first.checkServerTrusted(chain, authType, engine);
            } catch (CertificateException e) {
                try {
                    second.checkServerTrusted(chain, authType, engine);
                } catch (CertificateException e2) {
                    e2.addSuppressed(e);
                    throw e2;
                }
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            try {
                first.checkServerTrusted(chain, authType, socket);
            } catch (CertificateException e) {
                try {
                    second.checkServerTrusted(chain, authType, socket);
                } catch (CertificateException e2) {
                    e2.addSuppressed(e);
                    throw e2;
                }
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            try {
                first.checkServerTrusted(chain, authType);
            } catch (CertificateException e) {
                second.checkServerTrusted(chain, authType);
            }
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            X509Certificate[] a = first.getAcceptedIssuers();
            X509Certificate[] b = second.getAcceptedIssuers();
            X509Certificate[] all = java.util.Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, all, a.length, b.length);
            return all;
        }
    }

    /**
     * Accepts everything. Being an {@link X509ExtendedTrustManager}, it also replaces the JDK's
     * host name check, which is the point of {@code --insecure}.
     */
    private static final class TrustAll extends ServerOnly {
        @Override public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}
        @Override public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}
        @Override public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** A trust manager of server certificates only: every client certificate check fails. */
    private abstract static class ServerOnly extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            throw new CertificateException("client certificates are not checked here");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("client certificates are not checked here");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("client certificates are not checked here");
        }
    }
}
