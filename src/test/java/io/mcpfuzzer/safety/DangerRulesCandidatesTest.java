package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@link RuleCandidates} must give exactly what a plain {@code find()} of the same expression gives (the
 * same first match, the same text) on every input: checked on look-alikes of every rule (near misses,
 * odd case, whitespace runs, several candidates in one value) and on random mixes of their pieces, and
 * on large values at the size bounds of the policy.
 */
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:DangerRulesCandidatesTest")
@Order(17) // started early: one of the longest classes (a long class started last stretches the run)
class DangerRulesCandidatesTest {
    private static final String[] PIECES = {"rm", "RM", "Rm ", "rm ", "-rf", "-R", "-x", "--recursive", " ", "  ",
        "\n", "\t", ";", "&", "|", "`", "(", "$(", "$", "sudo ", "SUDO -u root ", "-n ", "mkfs", ".ext4", "wipefs",
        "shred", "fdisk", "sfdisk", "parted", "dd ", "if=/dev/zero ", "of=/dev/sda", "shutdown", "reboot", "halt",
        "poweroff", "init 0", "init 6", "init 5", "systemctl reboot", "chmod ", "chown ", "-R ", "777 ", "/", "/x",
        ":", "(", ")", "{", "}", ":(){ :|:& };:", ":|:", ">", "> ", "/dev/sda", "/dev/", "sd", "nvme0", "mem", "kmem",
        "port", "etc/", "/etc/passwd", "etc/shadowx", "xetc/passwd", "/root/", " /root/", "=/root/", "x/root/",
        ".ssh/", "id_rsa", "id_", "authorized_keys", ".aws/credentials", ".aws/cred", ".kube/config", ".gnupg/",
        ".netrc", ".netrcx", ".docker/config.json", "/proc/", "self", "123", "/environ", "/mem", "docker.sock",
        "docker.socks", "%2f", "%2F", "a", "b", "farm", "remove", "ſ", "K", "é", "\u2028", "'", "\"", "="};

    @Test
    void lookAlikesGiveTheSameFirstMatchAsFind() {
        List<String> samples = new ArrayList<>(List.of("", "rm -rf /", "x; rm file -r", "rmdir -r", "farm -rf x",
                "ls\n\n\n  rm -fr /tmp", "sudo -u x rm -r y", "$(rm -fr /home)", "`poweroff`", "init 0", "init 05",
                ":(){ :|:& };:", ": ( ) { : | : & } ; :", "cat x >/dev/sda", "x > /dev/nvme0n1", "a>b>/dev/hda",
                "/etc/passwd", "x/etc/passwd", "betc/passwd", "/root/.bashrc", "a/root/b", "\"/root/x", "~/.ssh/id_rsa",
                "/proc/12345/environ", "/proc/self/memx", "/var/run/docker.sock", "docker.sockx", "..%2fetc%2fpasswd",
                "RM -RF /", "Rm -Rf /", "ShutDown now", "ſudo rm -rf /", "\u212Aill", "chmod -v -R 777 /",
                "chown -R root /x", "dd bs=1 of=/dev/sdb", "dd x; of=/dev/sdb", "mkfs.ext4 /dev/sda1", "mkfsx"));
        Random rnd = new Random(13);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int k = 1 + rnd.nextInt(9);
            for (int j = 0; j < k; j++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            samples.add(sb.toString());
        }
        for (String s : samples) {
            assertSame(DangerRules.DESTRUCTIVE, RuleCandidates.firstCommandMatch(DangerRules.DESTRUCTIVE, s), s);
            assertSame(DangerRules.ANYWHERE_DESTRUCTIVE,
                    RuleCandidates.firstAnywhereMatch(DangerRules.ANYWHERE_DESTRUCTIVE, s), s);
            assertSame(DangerRules.SENSITIVE, RuleCandidates.firstSensitiveMatch(DangerRules.SENSITIVE, s), s);
        }
    }

    @Test
    void aRuleHitAtTheEndOfAHugeValueIsStillFound() {
        String pad = "a b\n ; ( | ".repeat(100_000) + " ".repeat(1 << 20) + "\n".repeat(1 << 20);
        assertThat(DangerRules.destructiveCommand(pad)).isEmpty();
        assertThat(DangerRules.sensitiveFile(pad)).isEmpty();
        assertThat(DangerRules.destructiveCommand(pad + "; rm -rf /")).contains("; rm -rf");
        assertThat(DangerRules.destructiveCommand(pad + "x > /dev/sda")).contains("> /dev/sd");
        assertThat(DangerRules.sensitiveFile(pad + " /etc/shadow")).contains("etc/shadow");
        assertThat(DangerRules.sensitiveFile(pad + "%2fetc%2fshadow")).contains("etc/shadow (percent-encoded)");
    }

    @Test
    void argumentsAtTheCharacterBoundAreInspectedAndOneMoreIsBlocked() {
        ArgumentPolicy rules = new ArgumentPolicy(true, null, NetworkPolicy.open());
        int half = ArgumentPolicy.MAX_CHARS / 2;
        var atMax = io.mcpfuzzer.common.Json.object().put("a", "x".repeat(half)).put("b", "y".repeat(half));
        assertThat(rules.decide("t", null, atMax).verdict()).isEqualTo(PolicyAction.ALLOW);
        var danger = io.mcpfuzzer.common.Json.object().put("a", "x".repeat(half))
                .put("b", "y".repeat(half - 11) + "; rm -rf /");
        assertThat(rules.decide("t", null, danger).rule()).isEqualTo("destructive-command");
        var over = io.mcpfuzzer.common.Json.object().put("a", "x".repeat(half)).put("b", "y".repeat(half + 1));
        assertThat(rules.decide("t", null, over).rule()).isEqualTo("inspection-limit");
    }

    @Test
    void frameTextAtTheBoundIsScannedAndOneMoreIsBlocked() {
        String tail = " cat /etc/shadow";
        String atMax = "z".repeat(TextScan.MAX_CHARS - tail.length()) + tail;
        assertThat(TextScan.decide(atMax, true, null, NetworkPolicy.open()).rule()).isEqualTo("sensitive-file");
        String over = "z".repeat(TextScan.MAX_CHARS + 1);
        assertThat(TextScan.decide(over, true, null, NetworkPolicy.open()).rule()).isEqualTo("inspection-limit");
    }

    private static void assertSame(Pattern p, Matcher got, String input) {
        Matcher want = p.matcher(input);
        if (want.find()) {
            assertThat(got).as("match in %s", input).isNotNull();
            assertThat(got.start()).as("start in %s", input).isEqualTo(want.start());
            assertThat(got.group()).as("text in %s", input).isEqualTo(want.group());
        } else {
            assertThat(got).as("no match in %s", input).isNull();
        }
    }
}
