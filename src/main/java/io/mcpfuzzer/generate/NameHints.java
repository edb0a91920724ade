package io.mcpfuzzer.generate;

import io.mcpfuzzer.common.NameTokens;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Realistic values suggested by a parameter's name. Names are split into whole lower-case
 * tokens at camelCase and non-alphanumeric boundaries ({@code "filePath"} gives
 * {@code [file, path]}), and matching is by token, never by substring, so {@code width} is not
 * an {@code id}. Stateless.
 */
final class NameHints {
    private NameHints() {}

    /** Lower-case tokens of a name; empty for null ({@link NameTokens}). */
    static List<String> tokens(String name) {
        return NameTokens.of(name);
    }

    /** A realistic string for the name, or null when the name suggests nothing. */
    static String string(String name, SplittableRandom r) {
        return string(name, null, "", RealisticHints.none(), r);
    }

    /**
     * A realistic string from the parameter's name, then its description: SQL for {@code sql},
     * {@code statement} or a {@code query} described as SQL; an existing sample file of the described
     * type (pdf, image, csv, json, markdown, text) for path and file names when {@code hints} has
     * files, the root folder for directory names. {@code owner} (the tool's name as words) counts
     * like the description for the kind of SQL or file, never to make a parameter one. Null when
     * nothing is suggested.
     */
    static String string(String name, String description, String owner, RealisticHints hints, SplittableRandom r) {
        List<String> t = tokens(name);
        String described = description == null ? "" : description.toLowerCase(Locale.ROOT);
        String about = described + " " + (owner == null ? "" : owner);
        boolean sqlDescribed = about.contains("sql") || about.contains("select ") || about.contains("database");
        if (any(t, "sql", "statement") || any(t, "query") && sqlDescribed) {
            return sql(about, r);
        }
        List<String> ownerWords = tokens(owner);
        boolean dirName = any(t, "dir", "directory", "folder", "root") || any(t, "path") && (about.contains("director")
                || any(ownerWords, "search", "find", "tree", "list", "glob", "walk", "grep"));
        if (dirName && hints.root() != null) {
            return hints.root();
        }
        boolean fileName = any(t, "path", "file", "filename", "filepath", "paths", "files", "document",
                "image", "pdf");
        if (fileName && !hints.files().isEmpty()) {
            return sampleFile(String.join(" ", t) + " " + about, hints, r);
        }
        if (t.isEmpty()) {
            return null;
        }
        if (!any(t, "query", "q") && described.contains("sql")) {
            return sql(about, r);
        }
        if (any(t, "url", "uri", "href", "link", "endpoint", "website", "homepage")) {
            return FormatValues.uri(r);
        }
        if (any(t, "email", "mail")) {
            return FormatValues.generate("email", r);
        }
        if (any(t, "path", "file", "filename", "filepath", "dir", "directory", "folder")) {
            return path(r);
        }
        if (any(t, "query", "search", "q", "term", "keyword", "keywords", "prompt", "question")) {
            return Words.topic(r) + " " + Words.word(r) + (r.nextBoolean() ? " " + r.nextInt(2015, 2031) : " " + r.nextInt(1, 500));
        }
        if (any(t, "uuid", "guid")) {
            return FormatValues.uuid(r);
        }
        if (any(t, "id", "key", "identifier", "ref", "slug", "cursor", "token")) {
            return r.nextInt(3) == 0 ? FormatValues.uuid(r) : Words.word(r) + "-" + r.nextInt(1, 100_000);
        }
        if (any(t, "city", "location", "place", "town", "destination", "origin")) {
            return Words.city(r);
        }
        if (any(t, "country", "region")) {
            return Words.country(r);
        }
        if (any(t, "date", "day", "since", "until", "birthday")) {
            return FormatValues.date(r);
        }
        if (any(t, "time", "timestamp", "datetime", "created", "updated", "deadline")) {
            return FormatValues.generate("date-time", r);
        }
        if (any(t, "host", "hostname", "domain", "server")) {
            return FormatValues.generate("hostname", r);
        }
        if (any(t, "ip")) {
            return FormatValues.generate("ipv4", r);
        }
        if (any(t, "lang", "language", "locale")) {
            return FormatValues.pick(r, new String[] {"en", "fr", "de", "pt-BR", "ja", "es-MX", "en-GB"});
        }
        if (any(t, "title", "subject", "topic")) {
            return Words.sentence(r);
        }
        if (any(t, "name", "username", "user", "author", "owner", "assignee")) {
            return t.contains("username") || t.contains("user") ? Words.word(r) + r.nextInt(10_000) : Words.person(r);
        }
        if (any(t, "repo", "repository", "project")) {
            return Words.word(r) + "-org/" + Words.word(r) + "-" + r.nextInt(1000);
        }
        if (any(t, "branch")) {
            return "feature/" + Words.word(r) + "-" + r.nextInt(1000);
        }
        if (any(t, "phone", "mobile", "tel")) {
            return "+1-555-01" + String.format(Locale.ROOT, "%02d", r.nextInt(100));
        }
        if (any(t, "color", "colour")) {
            return FormatValues.pick(r, new String[] {"red", "teal", "navy", "amber", "#3a7bd5", "olive"});
        }
        if (any(t, "message", "text", "content", "body", "comment", "description", "note", "summary", "input")) {
            return Words.sentence(r);
        }
        return null;
    }

    /** A realistic [low, high] range for an integer named so, or null. */
    static long[] integerRange(String name) {
        List<String> t = tokens(name);
        if (any(t, "port")) {
            return new long[] {1024, 65535};
        }
        if (any(t, "year")) {
            return new long[] {1990, 2035};
        }
        if (any(t, "month")) {
            return new long[] {1, 12};
        }
        if (any(t, "day")) {
            return new long[] {1, 28};
        }
        if (any(t, "hour")) {
            return new long[] {0, 23};
        }
        if (any(t, "minute", "second")) {
            return new long[] {0, 59};
        }
        if (any(t, "age")) {
            return new long[] {1, 100};
        }
        if (any(t, "percent", "percentage")) {
            return new long[] {0, 100};
        }
        if (any(t, "lat", "latitude")) {
            return new long[] {-90, 90};
        }
        if (any(t, "lon", "lng", "longitude")) {
            return new long[] {-180, 180};
        }
        if (any(t, "count", "limit", "max", "size", "page", "per", "top", "num", "n", "amount", "quantity",
                "depth", "retries", "k", "results")) {
            return new long[] {1, 100};
        }
        if (any(t, "offset", "skip", "start", "index", "line")) {
            return new long[] {0, 1000};
        }
        if (any(t, "id")) {
            return new long[] {1, 1_000_000};
        }
        if (any(t, "timeout", "ms", "seconds", "duration", "delay", "interval")) {
            return new long[] {1, 60_000};
        }
        if (any(t, "width", "height")) {
            return new long[] {1, 4096};
        }
        return null;
    }

    private static final String[] SQL = {"SELECT 1", "SELECT 1 AS ok", "SELECT CURRENT_TIMESTAMP"};
    private static final String[] SQLITE = {"SELECT name FROM sqlite_master WHERE type = 'table'", "SELECT sqlite_version()"};

    /** A harmless, read-only statement most SQL engines accept (SQLite catalog queries when described so). */
    private static String sql(String about, SplittableRandom r) {
        return about.contains("sqlite") && r.nextBoolean() ? FormatValues.pick(r, SQLITE) : FormatValues.pick(r, SQL);
    }

    /** A sample file whose type the words mention, else any text-like sample. */
    private static String sampleFile(String words, RealisticHints hints, SplittableRandom r) {
        String[][] types = {{"pdf", "pdf"}, {"png", "png"}, {"image", "png"}, {"picture", "png"}, {"photo", "png"},
            {"csv", "csv"}, {"spreadsheet", "csv"}, {"json", "json"}, {"markdown", "md"}, {" md", "md"}};
        for (String[] type : types) {
            if (words.contains(type[0])) {
                String f = hints.fileWithExtension(type[1]);
                if (f != null) {
                    return f;
                }
            }
        }
        String[] texts = {"txt", "md", "json", "csv"};
        String f = hints.fileWithExtension(texts[r.nextInt(texts.length)]);
        return f != null ? f : hints.files().get(r.nextInt(hints.files().size()));
    }

    private static String path(SplittableRandom r) {
        String file = Words.word(r) + "-" + r.nextInt(1000) + FormatValues.pick(r,
                new String[] {".txt", ".md", ".json", ".csv", ".log", ".py", ""});
        switch (r.nextInt(4)) {
            case 0: return "/tmp/" + file;
            case 1: return "docs/" + Words.word(r) + "/" + file;
            case 2: return "/home/user/" + Words.word(r) + "/" + file;
            default: return file;
        }
    }

    private static boolean any(List<String> tokens, String... wanted) {
        for (String w : wanted) {
            if (tokens.contains(w)) {
                return true;
            }
        }
        return false;
    }
}
