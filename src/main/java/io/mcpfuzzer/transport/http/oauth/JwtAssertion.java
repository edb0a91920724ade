package io.mcpfuzzer.transport.http.oauth;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code private_key_jwt} client assertion (RFC 7523 section 2.2, RFC 7521 section 4.2): a JWT with
 * {@code iss} = {@code sub} = client id, {@code aud} = the authorization server's issuer, {@code iat}, {@code exp}
 * (5 minutes) and a random {@code jti}, signed with the JDK's {@link java.security} providers: ES256/ES384 in the
 * JOSE signature format (R || S, RFC 7518 section 3.4, via the JDK's IEEE P1363 signature encoding instead of
 * DER) or RS256. The key is a PKCS#8 PEM ({@code -----BEGIN PRIVATE KEY-----}). Immutable, thread-safe.
 */
public final class JwtAssertion {
    public static final String ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    private final PrivateKey key;
    private final String alg;

    private JwtAssertion(PrivateKey key, String alg) {
        this.key = key;
        this.alg = alg;
    }

    /**
     * @throws IllegalArgumentException for an unsupported algorithm or a key that is not a PKCS#8 PEM of the
     *                                  algorithm's type (the message never contains key material)
     */
    public static JwtAssertion of(String pem, String alg) {
        String a = alg == null ? "ES256" : alg.toUpperCase(Locale.ROOT);
        String type = switch (a) {
            case "ES256", "ES384" -> "EC";
            case "RS256" -> "RSA";
            default -> throw new IllegalArgumentException("--oauth-signing-alg " + alg
                    + " is not supported (use ES256, ES384 or RS256)");
        };
        if (pem.contains("BEGIN EC PRIVATE KEY") || pem.contains("BEGIN RSA PRIVATE KEY")) {
            throw new IllegalArgumentException("the private key must be PKCS#8 (-----BEGIN PRIVATE KEY-----); "
                    + "convert it with: openssl pkcs8 -topk8 -nocrypt -in key.pem");
        }
        int begin = pem.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = pem.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("the private key is not a PEM with -----BEGIN PRIVATE KEY-----");
        }
        String b64 = pem.substring(begin + "-----BEGIN PRIVATE KEY-----".length(), end);
        StringBuilder clean = new StringBuilder();
        for (char c : b64.toCharArray()) {
            if (!Character.isWhitespace(c)) {
                clean.append(c);
            }
        }
        try {
            byte[] der = Base64.getDecoder().decode(clean.toString());
            return new JwtAssertion(KeyFactory.getInstance(type).generatePrivate(new PKCS8EncodedKeySpec(der)), a);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw new IllegalArgumentException("the private key is not a valid PKCS#8 " + type + " key for " + a);
        }
    }

    /** A fresh signed assertion; {@code now} is the issue time. */
    public String sign(String clientId, String audience, Instant now) {
        ObjectNode header = Json.object();
        header.put("alg", alg);
        header.put("typ", "JWT");
        ObjectNode claims = Json.object();
        claims.put("iss", clientId);
        claims.put("sub", clientId);
        claims.put("aud", audience);
        claims.put("iat", now.getEpochSecond());
        claims.put("exp", now.getEpochSecond() + 300);
        claims.put("jti", Pkce.randomToken());
        String input = b64(Json.write(header).getBytes(StandardCharsets.UTF_8)) + "."
                + b64(Json.write(claims).getBytes(StandardCharsets.UTF_8));
        try {
            Signature s = Signature.getInstance(switch (alg) {
                case "ES256" -> "SHA256withECDSAinP1363Format";
                case "ES384" -> "SHA384withECDSAinP1363Format";
                default -> "SHA256withRSA";
            });
            s.initSign(key);
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + b64(s.sign());
        } catch (GeneralSecurityException e) {
            throw new OAuthException("signing the client assertion with " + alg + " failed: " + e.getMessage(), e);
        }
    }

    private static String b64(byte[] b) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
