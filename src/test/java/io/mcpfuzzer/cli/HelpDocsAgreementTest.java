package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --help}, docs/cli.md and the README say the same thing: every option of the command is in
 * docs/cli.md with its help text word for word (the Options block there is a copy of
 * {@code --help}; regenerate it from {@code mcp-fuzzer --help} when an option changes), every
 * option the README names exists, the console options of issue 19 are in all three, and the help
 * ends with examples and how to enable completion.
 */
class HelpDocsAgreementTest {
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
    /** Options of other programs the README quotes: docker, unshare, the example servers, Maven. */
    private static final Set<String> OTHER_PROGRAMS = Set.of("--rm", "--user", "--network", "--unshare-net",
            "--stdio", "--core");
    private static final List<String> CONSOLE_OPTIONS = List.of("--quiet", "--verbose", "--color", "--format",
            "--list", "--print-config", "--cacert", "--insecure");

    private static String squeeze(String text) {
        StringBuilder b = new StringBuilder();
        text.codePoints().filter(c -> !Character.isWhitespace(c)).forEach(b::appendCodePoint);
        return b.toString();
    }

    private static String help() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int code = Main.execute(new String[] {"--help"}, new java.io.PrintStream(out, true,
                java.nio.charset.StandardCharsets.UTF_8), System.err, Map.of());
        assertThat(code).isZero();
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void everyOptionIsInTheDocsWithTheSameHelpText() throws IOException {
        String docs = squeeze(Files.readString(Path.of("docs", "cli.md")));
        CommandLine cl = CommandBuilder.build("test");
        Set<String> missing = new TreeSet<>();
        for (OptionSpec o : cl.getCommandSpec().options()) {
            String text = squeeze(String.join(" ", o.description()).replace("%%", "%"));
            if (!docs.contains(squeeze(o.longestName())) || !docs.contains(text)) {
                missing.add(o.longestName());
            }
        }
        assertThat(missing).as("options whose --help text is not in docs/cli.md (regenerate its Options block "
                + "from mcp-fuzzer --help)").isEmpty();
    }

    @Test
    void everyOptionTheReadmeNamesExists() throws IOException {
        Set<String> known = new TreeSet<>();
        collect(CommandBuilder.build("test"), known);
        Matcher m = OPTION.matcher(Files.readString(Path.of("README.md")));
        Set<String> unknown = new TreeSet<>();
        int seen = 0;
        while (m.find()) {
            seen++;
            if (!known.contains(m.group()) && !OTHER_PROGRAMS.contains(m.group())) {
                unknown.add(m.group());
            }
        }
        assertThat(seen).isGreaterThan(20);
        assertThat(unknown).isEmpty();
    }

    @Test
    void theConsoleOptionsAreInHelpDocsAndReadme() throws IOException {
        String help = help();
        String docs = Files.readString(Path.of("docs", "cli.md"));
        String readme = Files.readString(Path.of("README.md"));
        for (String option : CONSOLE_OPTIONS) {
            assertThat(help).as(option).contains(option);
            assertThat(docs).as(option).contains("`" + option);
            assertThat(readme).as(option).contains(option);
        }
        assertThat(help).contains("-q, --quiet").contains("-v, --verbose");
        assertThat(readme).contains("-q/--quiet").contains("-v/--verbose");
        assertThat(docs).contains("`-q`/`--quiet`").contains("`-v`/`--verbose`");
    }

    @Test
    void helpEndsWithExamplesThatUseRealOptionsAndMentionsCompletion() throws IOException {
        String help = help();
        int examples = help.indexOf("\nExamples:\n");
        assertThat(examples).isPositive();
        String tail = help.substring(examples);
        assertThat(tail).contains("source <(mcp-fuzzer generate-completion)");
        Set<String> known = new TreeSet<>();
        collect(CommandBuilder.build("test"), known);
        Matcher m = OPTION.matcher(tail);
        int seen = 0;
        while (m.find()) {
            seen++;
            assertThat(known).contains(m.group());
        }
        assertThat(seen).isGreaterThan(5);
        assertThat(tail.lines().filter(l -> l.startsWith("  mcp-fuzzer")).allMatch(l -> l.length() <= 80)).isTrue();
        String docs = Files.readString(Path.of("docs", "cli.md"));
        assertThat(docs).contains("source <(mcp-fuzzer generate-completion)");
        assertThat(Files.readString(Path.of("README.md"))).contains("generate-completion");
    }

    private static void collect(CommandLine cl, Set<String> into) {
        cl.getCommandSpec().options().forEach(o -> into.addAll(List.of(o.names())));
        cl.getSubcommands().values().forEach(sub -> collect(sub, into));
    }
}
