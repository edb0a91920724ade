package io.mcpfuzzer.generate.regex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RegexGeneratorTest {
    private static final int BUDGET = 200_000;

    static Stream<Arguments> patterns() {
        List<String> patterns = List.of("^[a-z]+$", "^\\d{3}-\\d{2}-\\d{4}$", "^(foo|bar)+baz?$", "abc", "^[^@\\s]+@[^@\\s]+$",
                "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$", "^\\w+(\\s\\w+)*$", "^[\\u0400-\\u04FF]{3,5}$",
                "^(?:[0-9a-f]{2}:){5}[0-9a-f]{2}$", "^v\\d+\\.\\d+\\.\\d+(-[a-z]+)?$", "^\\S+$", "^.{5,8}$", "^\\$\\{[a-z]+\\}$",
                "^(?<year>\\d{4})-(?<month>0[1-9]|1[0-2])$", "^[\\]\\[\\-]+$", "x*", "^\\x41\\u0042[\\t ]?$", "^a{2,}?b+?$",
                "^[^a-zA-Z0-9]{1,3}$", "(a+)+$", "\\bword\\b", "^\\p{L}+$");
        return patterns.stream().flatMap(p -> Stream.of(1L, 2L, 3L, 99L).map(seed -> Arguments.of(p, seed)));
    }

    @ParameterizedTest(name = "{0} seed={1}")
    @MethodSource("patterns")
    void generatedStringsMatch(String pattern, long seed) throws UnsupportedRegexException {
        RegexGenerator generator = RegexGenerator.compile(pattern, BUDGET);
        Pattern jdk = Patterns.compile(pattern).orElseThrow();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 30; i++) {
            Optional<String> s = generator.generate(random, 0, 64);
            assertThat(s).as(pattern).isPresent();
            assertThat(jdk.matcher(s.get()).find()).as(pattern + " vs " + s.get()).isTrue();
            assertThat(s.get().codePointCount(0, s.get().length())).isLessThanOrEqualTo(64);
        }
    }

    @Test
    void lengthLimitsAreHonouredByPaddingUnanchoredPatterns() throws UnsupportedRegexException {
        RegexGenerator generator = RegexGenerator.compile("abc", BUDGET);
        String s = generator.generate(new SplittableRandom(1), 20, 25).orElseThrow();
        assertThat(s).contains("abc").hasSizeBetween(20, 25);
    }

    @Test
    void impossibleLengthGivesEmptyNotAHang() throws UnsupportedRegexException {
        RegexGenerator generator = RegexGenerator.compile("^[a-z]{3}$", BUDGET);
        assertThat(generator.generate(new SplittableRandom(1), 10, 20)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"^(?=a)a$", "(?<!x)y", "^(a)\\1$", "[[:alpha:]]", "([a-z", "a{3,1}", "\\k<n>", "*a", "[z-a]"})
    void unsupportedOrInvalidPatternsAreRejectedWithAReason(String pattern) {
        assertThatThrownBy(() -> RegexGenerator.compile(pattern, BUDGET))
                .isInstanceOf(UnsupportedRegexException.class)
                .hasMessageNotContaining("null");
    }

    @Test
    @Timeout(60)
    void catastrophicBacktrackingGivesUp() {
        // unbounded, this takes minutes on JDK 17 (exponential in the repeat count)
        Pattern evil = Pattern.compile("(.*a){30}");
        String input = "a".repeat(29) + "b".repeat(40);
        assertThat(BoundedMatcher.find(evil, input, 100_000)).isEqualTo(BoundedMatcher.Outcome.GAVE_UP);
        assertThat(BoundedMatcher.find(Pattern.compile("^a+$"), "a".repeat(30), 100_000)).isEqualTo(BoundedMatcher.Outcome.MATCH);
        assertThat(BoundedMatcher.find(Pattern.compile("b"), "aaaa", 100_000)).isEqualTo(BoundedMatcher.Outcome.NO_MATCH);
    }
}
