package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code --option} the troubleshooting page, the CI recipe and the README's Install section
 * name is an option of the real command (or of one of its subcommands), so these pages cannot send a
 * user to an option that does not exist. Options of other programs (docker, unshare, bwrap) are
 * listed here by name.
 */
class UserDocsOptionsTest {
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
    private static final Set<String> OTHER_PROGRAMS = Set.of("--rm", "--user", "--unshare-net", "--network");

    @Test
    void everyOptionNamedExists() throws IOException {
        CommandLine cl = CommandBuilder.build("test");
        Set<String> known = new TreeSet<>();
        collect(cl, known);
        assertThat(known).contains("--timeout", "--fail-on");

        List<String> texts = new ArrayList<>();
        texts.add(Files.readString(Path.of("docs", "troubleshooting.md")));
        texts.add(Files.readString(Path.of("docs", "ci.md")));
        String readme = Files.readString(Path.of("README.md"));
        int from = readme.indexOf("## Install");
        assertThat(from).isGreaterThanOrEqualTo(0);
        int to = readme.indexOf("\n## ", from + 1);
        texts.add(readme.substring(from, to < 0 ? readme.length() : to));

        Set<String> unknown = new TreeSet<>();
        int seen = 0;
        for (String text : texts) {
            Matcher m = OPTION.matcher(text);
            while (m.find()) {
                seen++;
                if (!known.contains(m.group()) && !OTHER_PROGRAMS.contains(m.group())) {
                    unknown.add(m.group());
                }
            }
        }
        assertThat(seen).isGreaterThan(20);
        assertThat(unknown).isEmpty();
    }

    private static void collect(CommandLine cl, Set<String> into) {
        cl.getCommandSpec().options().forEach(o -> into.addAll(List.of(o.names())));
        cl.getSubcommands().values().forEach(sub -> collect(sub, into));
    }
}
