package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Command execution evidence: found in what the server made, never in what the fuzzer sent or the server publishes. */
class CommandEvidenceTest {
    private static final String MARK = "mcpfz1a2b3c4d";

    private static JsonNode input(String value) {
        return Json.object().put("host", value);
    }

    private static String answer(String text) {
        return Json.write(Json.object().put("jsonrpc", "2.0").put("id", 1).set("result",
                Json.object().set("content", Json.array().add(Json.object().put("type", "text").put("text", text)))));
    }

    private static CommandEvidence.Hit find(String text, String sent) {
        return CommandEvidence.find(answer(text), input(sent), t -> false);
    }

    @Test
    void idOutputIsEvidenceWithItsLine() {
        CommandEvidence.Hit hit = find("PING ok\nuid=0(root) gid=0(root) groups=0(root)\n", "127.0.0.1; id");
        assertThat(hit.kind()).isEqualTo("id_output");
        assertThat(hit.token()).isEqualTo("uid=0(root) gid=0(root)");
        assertThat(hit.line()).isEqualTo("uid=0(root) gid=0(root) groups=0(root)");
        assertThat(find("uid=1000(app user) gid=1000(app)", "x | id").kind()).isEqualTo("id_output");
    }

    @Test
    void passwdLinesAndWindowsVolumesAreEvidence() {
        assertThat(find("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1", "a;cat /etc/passwd #" + MARK).kind())
                .isEqualTo("passwd_line");
        CommandEvidence.Hit vol = find(" Volume in drive C has no label.\r\n Volume Serial Number is 1A2B-3C4D\r\n",
                "x & vol & echo " + MARK);
        assertThat(vol.kind()).isEqualTo("windows_volume");
        assertThat(vol.token()).isEqualTo("Volume Serial Number is 1A2B-3C4D");
    }

    @Test
    void aShellNotFoundCountsOnlyForAWordTheInputInjected() {
        assertThat(find("sh: 1: " + MARK + ": not found", "$(" + MARK + ")").kind()).isEqualTo("shell_not_found");
        assertThat(find("/bin/sh: line 1: " + MARK + ": not found", "x;" + MARK).token())
                .isEqualTo("/bin/sh: line 1: " + MARK + ": not found");
        assertThat(find("bash: " + MARK + ": command not found", "a | " + MARK).kind()).isEqualTo("shell_not_found");
        assertThat(find("PING x\nsh: 1: " + MARK + ": not found\n", "x;" + MARK).token()) // after an escaped newline
                .isEqualTo("sh: 1: " + MARK + ": not found");
        assertThat(find("'" + MARK + "' is not recognized as an internal or external command,", "a & " + MARK).kind())
                .isEqualTo("shell_not_found");
        // the word was not injected after a metacharacter, or is another word
        assertThat(find("sh: 1: " + MARK + ": not found", "file " + MARK + " ; id")).isNull();
        assertThat(find("sh: 1: othermarker: not found", "$(" + MARK + ")")).isNull();
        // "user mcpfz...: not found" is an application's message, not a shell's
        assertThat(find("user: " + MARK + ": not found", "x;" + MARK)).isNull();
    }

    @Test
    void textTheInputCarriedIsNoEvidence() {
        assertThat(find("you said: x; echo uid=0(root) gid=0(root)", "x; echo uid=0(root) gid=0(root)")).isNull();
        assertThat(find("sh: 1: " + MARK + ": not found", "; echo 'sh: 1: " + MARK + ": not found'")).isNull();
        assertThat(find("root:x:0:0:", "root:x:0:0:; id")).isNull();
        assertThat(CommandEvidence.find(answer("uid=0(root) gid=0(root)"), input("; id"),
                t -> t.equals("uid=0(root) gid=0(root)"))).isNull();
    }

    @Test
    void lookalikesAreNot() {
        assertThat(find("fluid=0(x) gid=0(y)", "; id")).isNull();
        assertThat(find("uid=0(root) and later gid=0(root)", "; id")).isNull();
        assertThat(find("uid=abc(root) gid=0(root)", "; id")).isNull();
        assertThat(find("myroot:x:0:0:", "; id")).isNull();
        assertThat(find("Volume Serial Number is XYZW-1234", "& vol &")).isNull();
        assertThat(CommandEvidence.carriesShellAttack(input("https://x.example/?a=1&b=2"))).isFalse();
        assertThat(CommandEvidence.carriesShellAttack(input("a && b"))).isTrue();
        assertThat(CommandEvidence.carriesShellAttack(Json.object().set("deep", Json.array().add("`id`")))).isTrue();
    }

    @Test
    void hostileAnswersAreScannedInBoundedTime() {
        String text = "uid=0(".repeat(60_000) + "sh: ".repeat(60_000) + ": not found".repeat(30_000);
        assertThat(find(text, "$(" + MARK + ")")).isNull();
        assertThat(CommandEvidence.tokens("uid=0(root) gid=0(root)\nsh: 1: anyword: not found"))
                .isEqualTo(List.of("uid=0(root) gid=0(root)", "sh: 1: anyword: not found"));
    }

    private static Verdict judge(Classifier classifier, JsonNode input, String text) {
        String raw = answer(text);
        Reply reply = new Reply(Reply.Status.RESULT, Json.parse(raw), raw, 1_000_000L, null);
        return classifier.judge(new Observation("tool", "ping_host", 3, "aggressive", input, null, true,
                "command_injection", reply, null));
    }

    @Test
    void theClassifierReportsAHighFindingWithTheEvidenceLine() {
        Verdict v = judge(new Classifier(), input("127.0.0.1; id"), "uid=0(root) gid=0(root) groups=0(root)");
        Finding f = v.findings().stream().filter(x -> x.category().equals("command_injection")).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.evidence().get("evidence_line")).isEqualTo("uid=0(root) gid=0(root) groups=0(root)");
        assertThat(f.evidence().get("evidence_kind")).isEqualTo("id_output");
        // no shell metacharacter in the input: whatever the answer says, no command injection
        assertThat(judge(new Classifier(), input("127.0.0.1"), "uid=0(root) gid=0(root)").findings())
                .noneMatch(x -> x.category().equals("command_injection"));
    }

    @Test
    void theClassifierIgnoresWhatTheServerPublishesOrTheFuzzerSentEarlier() {
        KnownText known = new KnownText();
        known.recordPublished(Json.write(Json.object().put("name", "whoami_help")
                .put("description", "Shows sample output such as uid=0(root) gid=0(root) groups=0(root).")));
        known.recordSent(input("note: root:x:0:0:root:/root:/bin/sh"));
        Classifier classifier = new Classifier(known);
        assertThat(judge(classifier, input("; id"), "Example: uid=0(root) gid=0(root)").findings())
                .noneMatch(x -> x.category().equals("command_injection"));
        assertThat(judge(classifier, input("; cat notes"), "root:x:0:0:root:/root:/bin/sh").findings())
                .noneMatch(x -> x.category().equals("command_injection"));
        assertThat(judge(classifier, input("; id"), "uid=33(www-data) gid=33(www-data)").findings())
                .anyMatch(x -> x.category().equals("command_injection"));
    }
}
