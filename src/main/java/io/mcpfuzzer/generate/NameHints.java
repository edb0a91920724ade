package io.mcpfuzzer.generate;

import io.mcpfuzzer.common.NameTokens;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Realistic values suggested by a parameter's name. Names are split into whole lower-case
 * tokens at camelCase and non-alphanumeric boundaries ({@code "filePath"} gives
 * {@code [file, path]}), and matching is by token, never by substring, so {@code width} is not
 * an {@code id}. What a name suggests is decided once per name (bounded caches); thread-safe.
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
        Suggestion s = suggestion(name, description, owner);
        if (s.sqlByName) {
            return sql(s, r);
        }
        if (s.dirName && hints.root() != null) {
            return s.relative || s.bare ? Words.word(r) : hints.root();
        }
        if (s.fileName && !hints.files().isEmpty()) {
            String file = sampleFile(s.fileWords, hints, r);
            return s.bare ? lastSegment(file) : s.relative ? relativeTo(hints.root(), file) : file;
        }
        if (s.kind == Kind.PATH && (s.bare || s.relative)) {
            String file = Words.word(r) + "-" + r.nextInt(1000) + ".md";
            return s.bare ? file : Words.word(r) + "/" + file;
        }
        switch (s.kind) {
            case SQL: return sql(s, r);
            case URI: return FormatValues.uri(r);
            case EMAIL: return FormatValues.generate("email", r);
            case PATH: return path(r);
            case COMMAND: return FormatValues.pick(r, COMMANDS);
            case QUERY:
                return Words.topic(r) + " " + Words.word(r) + (r.nextBoolean() ? " " + r.nextInt(2015, 2031) : " " + r.nextInt(1, 500));
            case UUID: return FormatValues.uuid(r);
            case ID: return r.nextInt(3) == 0 ? FormatValues.uuid(r) : Words.word(r) + "-" + r.nextInt(1, 100_000);
            case CITY: return Words.city(r);
            case COUNTRY: return Words.country(r);
            case DATE: return FormatValues.date(r);
            case TIME: return FormatValues.generate("date-time", r);
            case STAMP: return FormatValues.timestamp(r);
            case HOST: return FormatValues.generate("hostname", r);
            case IP: return FormatValues.generate("ipv4", r);
            case LANG: return FormatValues.pick(r, LANGS);
            case TITLE: return Words.sentence(r);
            case USER: return Words.word(r) + r.nextInt(10_000);
            case PERSON: return Words.person(r);
            case REPO: return Words.word(r) + "-org/" + Words.word(r) + "-" + r.nextInt(1000);
            case BRANCH: return "feature/" + Words.word(r) + "-" + r.nextInt(1000);
            case PHONE: return "+1-555-01" + twoDigits(r.nextInt(100));
            case COLOR: return FormatValues.pick(r, COLORS);
            case TEXT: return Words.sentence(r);
            default: return null;
        }
    }

    /** Read-only shell commands every POSIX system has: a command tool's success path, harmless. */
    private static final String[] COMMANDS = {"echo mcp-fuzzer", "pwd", "ls", "date", "echo hello world"};
    private static final String[] LANGS = {"en", "fr", "de", "pt-BR", "ja", "es-MX", "en-GB"};
    private static final String[] COLORS = {"red", "teal", "navy", "amber", "#3a7bd5", "olive"};
    private static final int CACHE_CAP = 4_096;
    private static final Map<SuggestionKey, Suggestion> SUGGESTIONS = new ConcurrentHashMap<>();
    private static final Map<String, long[]> RANGES = new ConcurrentHashMap<>();
    private static final Map<String, String> WORDS = new ConcurrentHashMap<>();
    private static final long[] NO_RANGE = new long[0];

    /** The realistic value a name leads to, once the target's sample files are set aside. */
    private enum Kind { NONE, SQL, URI, EMAIL, PATH, COMMAND, QUERY, UUID, ID, CITY, COUNTRY, DATE, TIME, STAMP, HOST, IP, LANG, TITLE,
        USER, PERSON, REPO, BRANCH, PHONE, COLOR, TEXT }

    /**
     * What a (name, description, owner) suggests, decided once: the name is SQL; it names a folder or
     * a file (used when the hints offer one; {@code fileWords} picks the file type); else {@code kind}.
     */
    private record Suggestion(boolean sqlByName, boolean sqlite, SqlHints.Use sqlUse, boolean dirName, boolean fileName,
            String fileWords, Kind kind, boolean relative, boolean bare) {}


    /** A description asking for a path relative to some root ("relative to vault root", "a relative path"). */
    private static final java.util.regex.Pattern RELATIVE = java.util.regex.Pattern.compile(
            "(?<!not a )(?<!not )(?<!non-)(?<!n't a )(?<!not be a )\\brelative (?:to|path)\\b|\\bmust not be absolute\\b|\\bnot an absolute\\b");
    /** A description asking for a bare name ("just the note name without any path separators"). */
    private static final java.util.regex.Pattern BARE = java.util.regex.Pattern.compile(
            "\\bwithout (?:any )?(?:path )?separators\\b|\\bno path separators\\b|\\bcannot contain path separators\\b"
            + "|\\bnot (?:a|the) (?:full )?path\\b|\\b(?:file|note) ?name only\\b");

    private record SuggestionKey(String name, String description, String owner) {}

    /** Cached per (name, description, owner), at most {@value #CACHE_CAP} entries (cleared when full); pure. */
    private static Suggestion suggestion(String name, String description, String owner) {
        SuggestionKey key = new SuggestionKey(name, description, owner);
        Suggestion hit = SUGGESTIONS.get(key);
        if (hit == null) {
            hit = decide(name, description, owner);
            if (SUGGESTIONS.size() >= CACHE_CAP) {
                SUGGESTIONS.clear();
            }
            SUGGESTIONS.put(key, hit);
        }
        return hit;
    }

    private static Suggestion decide(String name, String description, String owner) {
        List<String> t = tokens(name);
        String described = description == null ? "" : description.toLowerCase(Locale.ROOT);
        String about = described + " " + (owner == null ? "" : owner);
        boolean sqlite = about.contains("sqlite");
        boolean sqlDescribed = about.contains("sql") || about.contains("select ") || about.contains("database");
        boolean sqlByName = any(t, "sql", "statement") || any(t, "query") && sqlDescribed;
        List<String> ownerWords = tokens(owner);
        boolean dirName = any(t, FOLDER_WORDS) || any(t, "root") || any(t, "path") && (about.contains("director")
                || any(ownerWords, "search", "find", "tree", "list", "glob", "walk", "grep"));
        boolean fileName = any(t, "path", "file", "filename", "filepath", "paths", "files", "document",
                "image", "pdf");
        SqlHints.Use sqlUse = SqlHints.use(about);
        return new Suggestion(sqlByName, sqlite, sqlUse, dirName, fileName, String.join(" ", t) + " " + about,
                kind(t, described), any(t, "relative") || RELATIVE.matcher(described).find(),
                BARE.matcher(described).find() || namesAFileNotAPath(t, described));
    }

    /**
     * A file's name, not its path: {@code filename} or {@code file_name}, described without a path
     * ("The filename of the upload": @zereight/mcp-gitlab's download_attachment refuses separators).
     */
    private static boolean namesAFileNotAPath(List<String> t, String described) {
        return (any(t, "filename") || any(t, "file") && any(t, "name")) && !any(t, "path", "filepath", "paths", "dir")
                && !described.contains("path") && !described.contains("director");
    }

    private static Kind kind(List<String> t, String described) {
        if (t.isEmpty()) {
            return Kind.NONE;
        }
        if (!any(t, "query", "q") && described.contains("sql")) {
            return Kind.SQL;
        }
        if (any(t, "url", "uri", "href", "link", "endpoint", "website", "homepage")) {
            return Kind.URI;
        }
        if (any(t, "email", "mail")) {
            return Kind.EMAIL;
        }
        if (any(t, "path", "file", "filename", "filepath") || any(t, FOLDER_WORDS)) {
            return Kind.PATH;
        }
        if (any(t, "command", "cmd", "commandline")) {
            return Kind.COMMAND;
        }
        if (any(t, "query", "search", "q", "term", "keyword", "keywords", "prompt", "question")) {
            return Kind.QUERY;
        }
        if (any(t, "uuid", "guid")) {
            return Kind.UUID;
        }
        if (any(t, "id", "key", "identifier", "ref", "slug", "cursor", "token")) {
            return Kind.ID;
        }
        if (any(t, "city", "location", "place", "town", "destination", "origin")) {
            return Kind.CITY;
        }
        if (any(t, "country", "region")) {
            return Kind.COUNTRY;
        }
        if (any(t, "date", "day", "since", "until", "birthday")) {
            return Kind.DATE;
        }
        if (any(t, "time", "timestamp", "datetime", "created", "updated", "deadline")) {
            return Kind.TIME;
        }
        if (any(t, "host", "hostname", "domain", "server")) {
            return Kind.HOST;
        }
        if (any(t, "ip")) {
            return Kind.IP;
        }
        if (any(t, "lang", "language", "locale")) {
            return Kind.LANG;
        }
        if (any(t, "title", "subject", "topic")) {
            return Kind.TITLE;
        }
        if (any(t, "name", "username", "user", "author", "owner", "assignee")) {
            return t.contains("username") || t.contains("user") ? Kind.USER : Kind.PERSON;
        }
        if (any(t, "repo", "repository", "project")) {
            return Kind.REPO;
        }
        if (any(t, "branch")) {
            return Kind.BRANCH;
        }
        if (any(t, "phone", "mobile", "tel")) {
            return Kind.PHONE;
        }
        if (any(t, "color", "colour")) {
            return Kind.COLOR;
        }
        if (any(t, "message", "text", "content", "body", "comment", "description", "note", "summary", "input")) {
            return Kind.TEXT;
        }
        if (any(t, "at") || ISO_TIME.matcher(described).find()) {
            // created_at, depart_at; "The departure time in ISO 8601 format (YYYY-MM-DDThh:mm...)"
            // to the second, in UTC: mapbox 0.2.0 takes "YYYY-MM-DDThh:mm:ssZ" but no fraction
            return described.contains("yyyy-mm-dd") && !described.contains("hh") && !any(t, "at") ? Kind.DATE : Kind.STAMP;
        }
        return Kind.NONE;
    }

    /** A token naming a folder: {@code dir}, {@code cwd}, {@code workdir}, {@code outputFolder}. */
    private static final String[] FOLDER_WORDS = {"dir", "directory", "folder", "cwd", "workdir", "wd", "basedir",
        "rootdir", "outdir"};
    /** A description asking for an ISO 8601 / RFC 3339 time or date. */
    private static final java.util.regex.Pattern ISO_TIME = java.util.regex.Pattern.compile(
            "\\biso[ -]?8601\\b|\\brfc ?3339\\b|\\byyyy-mm-dd");

    /** {@code String.format("%02d", n)} for 0..99 without the formatter. */
    private static String twoDigits(int n) {
        return n < 10 ? "0" + n : Integer.toString(n);
    }

    /** The tokens of a tool name joined by spaces ({@link #tokens}), cached (at most {@value #CACHE_CAP} names). */
    static String words(String name) {
        if (name == null) {
            return "";
        }
        String hit = WORDS.get(name);
        if (hit == null) {
            hit = String.join(" ", tokens(name));
            if (WORDS.size() >= CACHE_CAP) {
                WORDS.clear();
            }
            WORDS.put(name, hit);
        }
        return hit;
    }

    /** A realistic [low, high] range for an integer named so, or null; cached per name (a fresh array each call). */
    static long[] integerRange(String name) {
        if (name == null) {
            return decideRange(null);
        }
        long[] hit = RANGES.get(name);
        if (hit == null) {
            long[] decided = decideRange(name);
            hit = decided == null ? NO_RANGE : decided;
            if (RANGES.size() >= CACHE_CAP) {
                RANGES.clear();
            }
            RANGES.put(name, hit);
        }
        return hit == NO_RANGE ? null : hit.clone();
    }

    /**
     * True when a {@code number} named so is a whole quantity to a real client: a count, a limit, an
     * offset or index, a page, a port, a year, month, day, hour or minute, an id, a size in pixels. Not
     * {@code max} or {@code top} alone ({@code max_temperature}, {@code top_p} are fractions) nor a time
     * span, which a client may give in fractions of a second.
     */
    static boolean wholeQuantity(String name) {
        return name != null && any(tokens(name), "count", "limit", "size", "page", "per", "num", "n", "quantity",
                "depth", "retries", "k", "results", "offset", "skip", "start", "index", "line", "port", "year",
                "month", "day", "hour", "minute", "id", "width", "height", "age",
                // plurals of counted things (maxPages, maxTokens); not seconds: durations may be fractional
                "pages", "lines", "items", "rows", "columns", "entries", "files", "steps", "attempts", "tokens",
                "chars", "characters", "bytes", "ids");
    }

    private static long[] decideRange(String name) {
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

    private static String sql(Suggestion s, SplittableRandom r) {
        return SqlHints.value(s.sqlUse, s.sqlite, r);
    }

    /** A sample file whose type the words mention, else any text-like sample. */
    private static String sampleFile(String words, RealisticHints hints, SplittableRandom r) {
        String[][] types = {{"pdf", "pdf"}, {"png", "png"}, {"image", "png"}, {"picture", "png"}, {"photo", "png"},
            {"csv", "csv"}, {"spreadsheet", "csv"}, {"json", "json"}, {"markdown", "md"}, {" md", "md"}, {".md", "md"}};
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

    private static String lastSegment(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    /** {@code file} relative to {@code root} when below it, else its last segment. */
    private static String relativeTo(String root, String file) {
        String dir = root == null ? null : root.endsWith("/") || root.endsWith("\\") ? root : root + "/";
        if (dir != null && file.startsWith(dir)) {
            String rest = file.substring(dir.length());
            while (rest.startsWith("/") || rest.startsWith("\\")) {
                rest = rest.substring(1);
            }
            if (!rest.isEmpty()) {
                return rest;
            }
        }
        return lastSegment(file);
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
