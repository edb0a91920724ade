package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The secret values of the {@code --oauth*} options, for redaction: the client secret, and the private key file's
 * PEM text and each of its base64 lines (a report that quotes part of the key is masked too). Tokens obtained at
 * run time travel only in the {@code Authorization} header, which the reports mask by name. Stateless.
 */
final class OAuthSecrets {
    private static final Logger LOG = LoggerFactory.getLogger(OAuthSecrets.class);

    private OAuthSecrets() {}

    static List<String> of(Settings.OAuth o) {
        List<String> out = new ArrayList<>();
        if (o == null || !o.enabled()) {
            return out;
        }
        if (o.clientSecret() != null) {
            out.add(o.clientSecret());
        }
        if (o.privateKeyFile() != null) {
            try {
                String pem = OAuthSetup.privateKey(o.privateKeyFile());
                out.add(pem.strip());
                for (String line : pem.split("\n")) {
                    if (!line.isBlank() && !line.startsWith("-----")) {
                        out.add(line.strip());
                    }
                }
            } catch (IllegalArgumentException e) { // the target setup reports the bad file; redaction must start
                LOG.warn("OAuth private key not read for redaction: {}", e.getMessage());
            }
        }
        return out;
    }
}
