package io.mcpfuzzer.transport.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class JwtAssertionTest {
    private static String pem(KeyPair kp) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(kp.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }

    @Test
    void rs256AssertionVerifiesAndCarriesTheRfc7523Claims() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair kp = g.generateKeyPair();
        String jwt = JwtAssertion.of(pem(kp), "RS256").sign("cid", "https://as.example", Instant.ofEpochSecond(1000));
        String[] parts = jwt.split("\\.");
        Signature v = Signature.getInstance("SHA256withRSA");
        v.initVerify(kp.getPublic());
        v.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        assertThat(v.verify(Base64.getUrlDecoder().decode(parts[2]))).isTrue();
        assertThat(new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8))
                .contains("\"alg\":\"RS256\"");
        assertThat(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8))
                .contains("\"iss\":\"cid\"", "\"sub\":\"cid\"", "\"aud\":\"https://as.example\"", "\"iat\":1000",
                        "\"exp\":1300", "\"jti\":");
    }

    @Test
    void unusableKeysAndAlgorithmsAreRefusedWithoutShowingTheKey() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        String rsa = pem(g.generateKeyPair());
        assertThatThrownBy(() -> JwtAssertion.of(rsa, "ES256")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid PKCS#8 EC key").hasMessageNotContaining(rsa.substring(40, 80));
        assertThatThrownBy(() -> JwtAssertion.of(rsa, "HS256")).hasMessageContaining("not supported");
        assertThatThrownBy(() -> JwtAssertion.of("-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----",
                "ES256")).hasMessageContaining("PKCS#8");
        assertThatThrownBy(() -> JwtAssertion.of("garbage", "ES256")).hasMessageContaining("not a PEM");
    }
}
