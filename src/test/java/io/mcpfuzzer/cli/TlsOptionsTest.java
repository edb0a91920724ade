package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --cacert} and {@code --insecure} against a real local HTTPS MCP server whose certificate
 * no system CA signed ({@link HttpsFixture}, made by keytool at test time).
 */
@Timeout(120)
class TlsOptionsTest {
    /** One HTTPS fixture for the class: making its certificate costs two keytool processes. */
    @TempDir
    static Path certs;
    private static HttpsFixture server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = new HttpsFixture(certs);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    // --timeout (within 5 to 15 s) is the HTTP connect timeout, which covers the TLS handshake: 5 s ran out on a loaded CI
    // machine ("connect timed out" instead of the TLS message); a refusal comes at once whatever the limit
    @Test
    void aPrivateCaFailsWithATlsMessageAndExitCodeOne() {
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", server.url(), "--list", "--timeout", "30");

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("TLS").contains("--cacert").doesNotContain("\tat ");
        assertThat(o.out()).doesNotContain("echo(");
    }

    @Test
    void theCaFileMakesItWork() {
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", server.url(), "--list", "--timeout", "30",
                "--cacert", server.caPem().toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("tls-fixture").contains("echo(text*)");
        assertThat(o.err()).doesNotContain("--insecure");
    }

    @Test
    void insecureWorksWithAWarning() {
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", server.url(), "--list", "--timeout", "30", "--insecure");

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("echo(text*)");
        assertThat(o.err()).contains("warning: --insecure").contains("not verified");
    }

    @Test
    void aFuzzRunThroughThePrivateCaCompletes() {
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", server.url(), "--mode", "tools", "--runs", "2",
                "--timeout", "30", "--cacert", server.caPem().toString(), "--output-dir", dir.resolve("r").toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("tool:echo");
    }

    /**
     * The foreign-Origin probe and the auth audit make their own HTTP exchanges; through the private CA they
     * reach the server (the fixture accepts any Origin: MCPF-HTTP-002; it advertises no OAuth: the audit ran
     * and found nothing to audit) instead of failing the TLS handshake.
     */
    @Test
    void theOriginProbeAndTheAuthAuditHonourTheCaFile() throws Exception {
        Path out = dir.resolve("audits");
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", server.url(), "--mode", "tools", "--runs", "1",
                "--timeout", "30", "--cacert", server.caPem().toString(), "--security-audit", "--security-audit-intrusive", "--auth-audit",
                "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isZero();
        String summary = Files.readString(out.resolve("run_summary.json"));
        assertThat(summary).doesNotContain("probe skipped").doesNotContain("auth audit skipped")
                .contains("does not advertise OAuth authorization");
        assertThat(io.mcpfuzzer.common.Json.parse(summary).path("auth_audit")
                .path("ran").asBoolean(true)).isTrue();
        assertThat(Files.readString(out.resolve("findings.json"))).contains("MCPF-HTTP-002");
    }

    @Test
    void insecureAlsoReachesTheOriginProbeAndTheAuthAudit() throws Exception {
        Path out = dir.resolve("insecure");
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", server.url(), "--mode", "tools", "--runs", "1",
                "--timeout", "30", "--insecure", "--security-audit", "--security-audit-intrusive", "--auth-audit",
                "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(Files.readString(out.resolve("run_summary.json"))).doesNotContain("probe skipped")
                .doesNotContain("auth audit skipped");
        assertThat(Files.readString(out.resolve("findings.json"))).contains("MCPF-HTTP-002");
    }

    @Test
    void aMissingOrBogusCaFileIsAUsageErrorOrAClearError() throws Exception {
        CliRunTest.Outcome missing = CliRunTest.run("--endpoint", server.url(), "--list",
                "--cacert", dir.resolve("nope.pem").toString());
        assertThat(missing.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).contains("--cacert").contains("not a readable file");

        Path bogus = Files.writeString(dir.resolve("bogus.pem"), "not a certificate\n");
        CliRunTest.Outcome bad = CliRunTest.run("--endpoint", server.url(), "--list", "--cacert", bogus.toString());
        assertThat(bad.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(bad.err()).contains("bogus.pem").doesNotContain("\tat ");

        CliRunTest.Outcome both = CliRunTest.run("--endpoint", server.url(), "--list", "--insecure",
                "--cacert", server.caPem().toString());
        assertThat(both.code()).isEqualTo(ExitCodes.USAGE);
    }
}
