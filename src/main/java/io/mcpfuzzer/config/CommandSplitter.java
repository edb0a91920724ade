package io.mcpfuzzer.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command string into words the way a POSIX shell tokenises a simple command, without
 * running a shell and without any expansion ({@code $VAR}, globs, {@code ~}, command substitution
 * and operators such as {@code |} or {@code ;} are kept as literal text).
 *
 * <p>Rules (POSIX.1-2017 XCU 2.2 "Quoting"):
 * <ul>
 *   <li>unquoted blanks (space, tab, newline) separate words;</li>
 *   <li>{@code '...'} keeps every character literally (no escapes inside);</li>
 *   <li>{@code "..."} keeps characters literally except that a backslash escapes {@code $ ` " \}
 *       and a newline (removed); before any other character the backslash stays;</li>
 *   <li>an unquoted backslash makes the next character literal; backslash-newline is removed;</li>
 *   <li>adjacent quoted and unquoted parts concatenate into one word; {@code ''} yields an empty word.</li>
 * </ul>
 * Stateless and thread-safe. Input length is bounded by {@link #MAX_LENGTH}.
 */
public final class CommandSplitter {
    /** Longest command string accepted, in chars. */
    public static final int MAX_LENGTH = 1 << 20;

    private CommandSplitter() {}

    /**
     * Splits {@code command} into words.
     *
     * @throws EndpointSyntaxException on an unbalanced quote, a trailing lone backslash or an
     *     over-long input; the message names the problem and its 1-based column
     */
    public static List<String> split(String command) {
        if (command == null) {
            throw new EndpointSyntaxException("command is missing");
        }
        if (command.length() > MAX_LENGTH) {
            throw new EndpointSyntaxException("command is longer than " + MAX_LENGTH + " characters");
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '\'') {
                int close = command.indexOf('\'', i + 1);
                if (close < 0) {
                    throw unbalanced("single", i);
                }
                word.append(command, i + 1, close);
                inWord = true;
                i = close + 1;
            } else if (c == '"') {
                i = readDoubleQuoted(command, i, word);
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 >= n) {
                    throw new EndpointSyntaxException("command ends with a lone backslash at column " + (i + 1));
                }
                char next = command.charAt(i + 1);
                if (next != '\n') {
                    word.append(next);
                    inWord = true;
                }
                i += 2;
            } else {
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return List.copyOf(words);
    }

    /** Reads a double-quoted part starting at the opening quote; returns the index after the closing quote. */
    private static int readDoubleQuoted(String command, int open, StringBuilder word) {
        int i = open + 1;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < n) {
                char next = command.charAt(i + 1);
                if (next == '$' || next == '`' || next == '"' || next == '\\') {
                    word.append(next);
                    i += 2;
                    continue;
                }
                if (next == '\n') {
                    i += 2;
                    continue;
                }
            }
            word.append(c);
            i++;
        }
        throw unbalanced("double", open);
    }

    private static EndpointSyntaxException unbalanced(String kind, int index) {
        return new EndpointSyntaxException("unbalanced " + kind + " quote: the quote opened at column "
                + (index + 1) + " is never closed");
    }

    /**
     * Quotes words so that {@link #split} gives them back unchanged (for display and argv records).
     * Words made only of safe characters are left bare.
     */
    public static String join(List<String> words) {
        StringBuilder out = new StringBuilder();
        for (String w : words) {
            if (out.length() > 0) {
                out.append(' ');
            }
            if (!w.isEmpty() && w.chars().allMatch(CommandSplitter::isSafe)) {
                out.append(w);
            } else {
                out.append('\'').append(w.replace("'", "'\\''")).append('\'');
            }
        }
        return out.toString();
    }

    private static boolean isSafe(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || "-_./:=@%+,".indexOf(c) >= 0;
    }
}
