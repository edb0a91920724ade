package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;

class KnownTextTest {
    /** A path the fuzzer gave the target at launch is known itself, not what lies below or beside it. */
    @Test
    void givenExactPathsAreKnownWithoutTheirContents() {
        KnownText known = new KnownText();
        known.recordGivenExact("/usr/src/app");
        known.recordGivenExact("MEMORY=file:///data/x/memory.json");
        KnownText.View view = known.view(null);
        assertThat(view.knownPath("/usr/src/app")).isTrue();
        assertThat(view.knownPath("/usr/src/app/")).isTrue();
        assertThat(view.knownPath("/data/x/memory.json")).isTrue();
        assertThat(view.knownPath("/usr/src/app/.env")).as("below a given folder").isFalse();
        assertThat(view.knownPath("/data/x/other.json")).as("beside a given file").isFalse();
    }

    /** mcp-obsidian 1.0.0 given its vault: it joins a sent absolute path below the vault and names the folder. */
    @Test
    void theFolderOfASentPathJoinedBelowAGivenFolderIsKnown() {
        KnownText known = new KnownText();
        known.recordGivenExact("/tmp/batch7data/vault");
        KnownText.View view = known.view(Json.object().set("paths", Json.array().add(
                "/tmp/batch7data/vault/sample-notes.txt")));
        // "<input>: Error - Parent directory does not exist: /tmp/batch7data/vault/tmp/batch7data/vault"
        assertThat(view.knownPath("/tmp/batch7data/vault/tmp/batch7data/vault")).isTrue();
        assertThat(view.knownPath("/tmp/batch7data/vault/tmp/batch7data/secrets")).as("not sent").isFalse();
        assertThat(view.knownPath("/tmp/batch7data/vault/.obsidian")).as("below the vault, not sent").isFalse();
    }

    /** server-filesystem given /srv/root on its command line, as its answers showed on two seeds. */
    @Test
    void whatTheServerResolvedFromOurValuesBelowAGivenFolderIsKnown() {
        KnownText known = new KnownText();
        known.recordGivenExact("/srv/root");
        known.recordSent(io.mcpfuzzer.common.Json.object().put("path", "NaN"));
        known.recordSent(io.mcpfuzzer.common.Json.object().put("path", "../mcpf-canary-3ba45ae6.txt"));
        known.recordSent(io.mcpfuzzer.common.Json.object().put("path", "/tmp/sierra.json../mcpfz589ea451/../../etc/hosts"));
        KnownText.View view = known.view(io.mcpfuzzer.common.Json.object().put("path", "notes/a.md"));
        assertThat(view.knownPath("/srv/root/NaN")).isTrue();
        assertThat(view.knownPath("/srv/mcpf-canary-3ba45ae6.txt")).as("a traversal resolved against the root").isTrue();
        assertThat(view.knownPath("/tmp/etc/hosts")).as("a sent absolute path, normalised").isTrue();
        assertThat(view.knownPath("/srv/root/notes/a.md")).as("this call's own value").isTrue();
        assertThat(view.knownPath("/srv/root.faeff6760891aad2.tmp")).as("the atomic write's file beside the root").isTrue();
        known.recordSent(io.mcpfuzzer.common.Json.object().put("path", "count(//user)")); // as node resolves it
        known.recordSent(io.mcpfuzzer.common.Json.object().put("path", "file:///etc/passwdviolet-398.csv"));
        assertThat(known.view(null).knownPath("/srv/root/count")).as("cut where the scanner stops: '('").isTrue();
        assertThat(known.view(null).knownPath("/srv/root/file")).as("cut at the ':'").isTrue();
        assertThat(view.knownPath("/srv/root/.env")).as("not sent: still a leak").isFalse();
        assertThat(view.knownPath("/srv/other/NaN")).isFalse();
        assertThat(view.knownPath("/srv/rootkit/x")).isFalse();
        assertThat(GivenRoots.normalize("/a/./b//../../../c")).isEqualTo("/c");
    }

    @Test
    void pathsFromInputOrPublishedFoldersAreKnownOthersAreNot() {
        KnownText known = new KnownText();
        known.recordPublished("{\"content\":[{\"text\":\"Allowed directories:\\n/srv/root/data\"}]}");
        known.recordSent(Json.parse("{\"path\":\"../../etc/ssh/sshd_config\",\"other\":\"/home/u/notes/a.txt(x)\"}"));
        KnownText.View view = known.view(Json.parse("{\"p\":\"/opt/now/this/file.txt\"}"));
        assertThat(view.knownPath("/srv/root/data/sub/x.json")).as("under the published folder").isTrue();
        assertThat(view.knownPath("/etc/ssh/sshd_config")).as("a sent relative path, resolved").isTrue();
        assertThat(view.knownPath("/home/u/notes/a.txt")).as("the path part of a sent string").isTrue();
        assertThat(view.knownPath("/opt/now/this/file.txt")).as("this call's input").isTrue();
        assertThat(view.knownPath("/home/runner/app/src/server.js")).as("the server's own path").isFalse();
        assertThat(view.knownPath("/srv/other/x/y")).as("a sibling of the published folder").isFalse();
        assertThat(known.view(null).knownPath("/opt/now/this/file.txt")).as("another call's view").isFalse();
    }

    @Test
    void earlierSendsAreRememberedThisCallIsNotEarlier() {
        KnownText known = new KnownText();
        known.recordSent(Json.parse("{\"name\":\"<script>x</script>\"}"));
        KnownText.View view = known.view(Json.parse("{\"name\":\"<b>new</b>\"}"));
        assertThat(view.sentEarlier("<script>x</script>")).isTrue();
        assertThat(view.sentEarlier("<b>new</b>")).isFalse();
    }

    @Test
    void memoryIsBoundedAndCountsWhatItDrops() {
        KnownText known = new KnownText();
        for (int i = 0; i < KnownText.MAX_ENTRIES + 10; i++) {
            known.recordSent("value-" + i);
        }
        assertThat(known.dropped()).isEqualTo(10);
    }

    @Test
    void reflectionsOfWholeValuesAndStoredDataAreNotEchoes() {
        KnownText known = new KnownText();
        String hostile = "<img src=x onerror=alert(1)>";
        var input = Json.parse("{\"name\":" + Json.write(hostile) + "}");
        String whole = "{\"result\":{\"content\":[{\"type\":\"text\",\"text\":" + Json.write(Json.write(
                Json.parse("[{\"name\":" + Json.write(hostile) + "}]"))) + "}]}}";
        String spliced = "{\"result\":{\"content\":[{\"type\":\"text\",\"text\":" + Json.write("Hello " + hostile + "!")
                + "}]}}";
        assertThat(Reflection.find(input, whole, known.view(input))).as("a store returning the value").isNull();
        assertThat(Reflection.find(input, spliced, known.view(input))).isNotNull();
        known.recordSent(input);
        assertThat(Reflection.find(input, spliced, known.view(input))).as("sent earlier: stored data").isNull();
    }
}
