package io.mcpfuzzer.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative Markdown link in README.md and docs/*.md names a file or directory of the
 * repository (anchors ignored), and no user document points outside the repository (an absolute
 * path, or a relative path that climbs above the repository root).
 */
class MarkdownLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");
    private static final Pattern CODE = Pattern.compile("`[^`\\n]*`");

    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(Path.of("README.md"));
        try (Stream<Path> s = Files.list(Path.of("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** Relative link targets of one document, without anchors; code spans and blocks skipped. */
    static List<String> relativeLinks(String markdown) {
        String text = CODE.matcher(FENCE.matcher(markdown).replaceAll("")).replaceAll("");
        List<String> out = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            String target = m.group(1);
            if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("#")) {
                continue; // http:, https:, mailto:, in-page anchors
            }
            int hash = target.indexOf('#');
            out.add(hash >= 0 ? target.substring(0, hash) : target);
        }
        return out;
    }

    @Test
    void theLinkFinderSeesRelativeLinksOnly() {
        assertThat(relativeLinks("[a](docs/cli.md#x) [b](https://x.org) [c](#top) `[d](no.md)` [e](../up.md \"t\")"))
                .containsExactly("docs/cli.md", "../up.md");
    }

    @Test
    void everyRelativeLinkPointsAtAFileInTheRepository() throws IOException {
        Path root = Path.of("").toAbsolutePath().normalize();
        List<String> broken = new ArrayList<>();
        int seen = 0;
        for (Path doc : documents()) {
            for (String link : relativeLinks(Files.readString(doc))) {
                seen++;
                if (link.startsWith("/")) {
                    broken.add(doc + ": absolute path " + link);
                    continue;
                }
                Path target = root.resolve(doc).getParent().resolve(link).normalize();
                if (!target.startsWith(root)) {
                    broken.add(doc + ": outside the repository " + link);
                } else if (!Files.exists(target)) {
                    broken.add(doc + ": missing " + link);
                }
            }
        }
        assertThat(seen).isGreaterThan(10);
        assertThat(broken).isEmpty();
    }

    @Test
    void noUserDocumentNamesAPathOutsideTheRepository() throws IOException {
        List<String> bad = new ArrayList<>();
        for (Path doc : documents()) {
            String text = Files.readString(doc);
            for (String needle : List.of("../shared", "/work/shared", "/work/main")) {
                if (text.contains(needle)) {
                    bad.add(doc + ": " + needle);
                }
            }
        }
        assertThat(bad).isEmpty();
    }
}
