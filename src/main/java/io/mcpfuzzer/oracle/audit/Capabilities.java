package io.mcpfuzzer.oracle.audit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Classifies a tool by what it can do, from its description wording and input schema, with name
 * tokens only as support: reads local or private data, sends data out (egress), executes commands or
 * code, or changes/deletes state. A name fragment alone is never enough ({@code bash_get_cwd} does not
 * execute commands, {@code send_reprt} with no URL does not send anything): a capability needs a
 * description that pairs a verb with an object, or a name token backed by a matching input property
 * ({@code read_document} with {@code path}, {@code run_shell} with {@code command}); writes and deletes
 * need a writing or deleting verb in the description. A description that places the data in a virtual,
 * in-memory or simulated store is no local read. A write or delete word counts only used as a verb
 * ({@link VerbUse}: "View commit history" writes nothing). Each classification keeps its reasons. Stateless and
 * thread-safe.
 */
public final class Capabilities {
    private static final int F = Pattern.CASE_INSENSITIVE;
    private static final Set<String> READ_VERBS = Set.of("read", "cat", "open", "load", "view", "get", "list", "search",
            "find", "grep", "glob", "tree", "head", "tail", "show", "query", "dump", "export");
    private static final Set<String> LOCAL_OBJECTS = Set.of("file", "files", "dir", "directory", "directories", "fs",
            "filesystem", "folder", "folders", "disk", "path", "document", "documents", "env", "environment",
            "secret", "secrets", "credential", "credentials", "clipboard", "history", "inbox", "emails", "mail",
            "database", "db", "sql", "notes", "contacts", "messages", "repo", "repository");
    private static final Set<String> EGRESS_NAME = Set.of("fetch", "http", "https", "curl", "wget", "download", "upload",
            "webhook", "post", "send", "email", "mail", "slack", "notify", "publish", "tweet", "browse", "navigate",
            "url", "request", "sms", "discord", "telegram", "share", "submit");
    private static final Set<String> EGRESS_PROPS = Set.of("url", "uri", "endpoint", "webhook", "webhook_url",
            "webhookurl", "host", "hostname", "recipient", "recipients", "to", "cc", "bcc", "email", "channel",
            "phone", "destination");
    private static final Set<String> EXEC_NAME = Set.of("exec", "execute", "shell", "bash", "sh", "zsh", "cmd",
            "command", "commands", "terminal", "powershell", "pwsh", "spawn", "subprocess", "eval", "script",
            "python", "node", "repl", "code", "kubectl", "ssh");
    private static final Set<String> EXEC_PROPS = Set.of("command", "cmd", "script", "shell_command", "code", "expression",
            "argv", "program");
    private static final Set<String> WRITE_NAME = Set.of("write", "delete", "remove", "rm", "create", "update", "move",
            "rename", "edit", "put", "insert", "drop", "kill", "set", "upload", "send", "post", "modify", "append",
            "truncate", "overwrite", "patch", "exec", "execute", "run", "commit", "push", "install", "deploy",
            "destroy", "purge", "wipe", "mkdir", "chmod", "chown");
    private static final Set<String> DESTROY_NAME = Set.of("delete", "remove", "rm", "drop", "truncate", "overwrite",
            "destroy", "purge", "wipe", "kill", "erase", "reset");
    private static final Pattern READ_DESC = Pattern.compile("\\b(?:reads?|opens?|loads?|lists?|returns?|shows?|gets?|"
            + "retrieves?|dumps?|views?)\\b[^.\\n]{0,40}?\\b(?:(?:local\\s+)?files?|file\\s*system|disk|"
            + "environment\\s+variables|secrets?|credentials?|emails?|inbox|database)\\b"
            // a directory or folder is data only when its contents are read or listed, not when its name is returned
            + "|\\b(?:reads?|opens?|lists?|dumps?|walks?|browses?)\\b[^.\\n]{0,40}?\\b(?:director(?:y|ies)|folders?)\\b", F);
    private static final Pattern EGRESS_DESC = Pattern.compile("\\b(?:sends?|posts?|uploads?|fetch(?:es)?|downloads?|"
            + "submits?|transmits?|forwards?|emails?|publish(?:es)?)\\b[^.\\n]{0,40}?\\b(?:urls?|https?|web|internet|"
            + "remote|servers?|endpoints?|webhooks?|e-?mails?|recipients?|api|channels?|slack)\\b"
            + "|\\bhttps?\\s+requests?\\b|\\bmakes?\\s+(?:an?\\s+)?(?:http|web|network)\\s+requests?\\b", F);
    // a verb, not a tool's name: desktop-commander's list_directory says "Use this instead of 'execute_command' with
    // ls/dir commands", naming another tool
    private static final Pattern EXEC_DESC = Pattern.compile("\\b(?:execut[a-z]*|runs?|evaluat[a-z]*|spawns?)\\b[^.\\n]{0,30}?"
            + "\\b(?:shell|system|terminal|bash|arbitrary|os)?\\s{0,8}(?:commands?|scripts?|code|programs?|processes)\\b", F);

    /** Property names that back a name's claim to read local files. */
    private static final Set<String> LOCAL_PROPS = Set.of("path", "paths", "file", "files", "filename", "filepath",
            "file_path", "dir", "directory", "folder", "root", "glob");
    /** A description that places the data in a virtual or simulated store (not the host's files). */
    private static final Pattern VIRTUAL_DESC = Pattern.compile("\\b(?:virtual|in-memory|in\\s+memory|simulated|"
            + "mock|emulated|sandboxed)\\b", F);
    // "updates" after progress/status/live is a noun ("with progress updates"), not a write
    static final Pattern WRITE_DESC = Pattern.compile("\\b(?:writes?|creates?|(?<!progress |status |live )updates?|modif(?:y|ies)|"
            + "appends?|saves?|stores?|moves?|renames?|inserts?|installs?|deploys?|commits?|pushes|uploads?|sends?|"
            + "executes?)\\b", F);
    static final Pattern DESTROY_DESC = Pattern.compile("\\b(?:deletes?|removes?|erases?|drops?|purges?|"
            + "wipes?|overwrites?|truncates?|destroys?|kills?|resets?)\\b", F);

    /** Classification of one tool; each list holds the reasons (empty when the capability was not seen). */
    public record Profile(String name, List<String> localRead, List<String> egress, List<String> exec,
            List<String> writes, List<String> destroys) {
        public boolean readsLocal() {
            return !localRead.isEmpty();
        }

        public boolean egresses() {
            return !egress.isEmpty();
        }

        public boolean executes() {
            return !exec.isEmpty();
        }
    }

    private Capabilities() {}

    /** Profiles a tool definition ({@code tools/list} entry); tolerant of missing or odd fields. */
    public static Profile of(JsonNode tool) {
        String name = Surface.TOOL.identity(tool);
        Set<String> tokens = tokens(name);
        Set<String> props = properties(tool.get("inputSchema"));
        // what the tool does, not its usage guide's instructions to the caller ({@link CallerGuidance})
        String desc = CallerGuidance.ownWords(text(tool.get("description")), props, s -> beyondInputs(s, props))
                + "\n" + text(tool.get("title"));
        List<String> read = new ArrayList<>();
        List<String> egress = new ArrayList<>();
        List<String> exec = new ArrayList<>();
        boolean virtual = VIRTUAL_DESC.matcher(desc).find();
        if (!virtual && intersects(tokens, READ_VERBS) && intersects(tokens, LOCAL_OBJECTS)
                && intersects(props, LOCAL_PROPS)) {
            read.add("name:" + name + " with property " + String.join(",", hits(props, LOCAL_PROPS)));
        }
        if (!virtual && READ_DESC.matcher(desc).find()) {
            read.add("description");
        }
        boolean egressText = EGRESS_DESC.matcher(desc).find(); // each pattern once: a description may be long
        boolean execText = EXEC_DESC.matcher(desc).find();
        if (egressText) {
            egress.add("description");
        }
        for (String p : props) {
            if (EGRESS_PROPS.contains(p) && (intersects(tokens, EGRESS_NAME) || egressText
                    || p.contains("url") || p.equals("endpoint") || p.contains("webhook"))) {
                egress.add("property:" + p);
            }
            if (EXEC_PROPS.contains(p) && ((intersects(tokens, EXEC_NAME) && !"code".equals(onlyHit(tokens, EXEC_NAME)))
                    || execText)) {
                exec.add("property:" + p);
            }
        }
        if (execText) {
            exec.add("description");
        }
        List<String> writes = new ArrayList<>();
        List<String> destroys = new ArrayList<>();
        String writeVerb = VerbUse.firstVerb(WRITE_DESC, desc);
        String destroyVerb = VerbUse.firstVerb(DESTROY_DESC, desc);
        boolean writeText = writeVerb != null;
        boolean destroyText = destroyVerb != null;
        for (String t : hits(tokens, WRITE_NAME)) {
            if (writeText || destroyText) {
                writes.add(t);
            }
        }
        for (String t : hits(tokens, DESTROY_NAME)) {
            if (destroyText) {
                destroys.add(t);
            }
        }
        if (writes.isEmpty() && (writeText || destroyText)) {
            writes.add("description: " + (writeText ? writeVerb : destroyVerb));
        }
        if (destroys.isEmpty() && destroyText) {
            destroys.add("description: " + destroyVerb);
        }
        return new Profile(name, read, dedupe(egress), exec, writes, destroys);
    }

    /**
     * Whether a usage-guide sentence states a capability its named input does not explain: any execution,
     * or a write or delete whose object is no part of an input's name ("remove domains" with
     * {@code excludeDomains} is explained; "drop tables" with {@code query} is not).
     */
    static boolean beyondInputs(String sentence, Set<String> props) {
        if (EXEC_DESC.matcher(sentence).find()) {
            return true;
        }
        for (Pattern p : List.of(WRITE_DESC, DESTROY_DESC)) {
            java.util.regex.Matcher m = p.matcher(sentence);
            while (m.find()) {
                String object = objectAfter(sentence, m.end());
                if (object.length() < 4 || props.stream().noneMatch(q -> q.contains(object))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Set<String> ARTICLES = Set.of("the", "a", "an", "all", "any", "some", "every", "each");

    /** The first word after {@code at} that is no article, lower case ("" when none). */
    private static String objectAfter(String s, int at) {
        int i = at;
        while (i < s.length()) {
            while (i < s.length() && !Character.isLetter(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < s.length() && Character.isLetter(s.charAt(i))) {
                i++;
            }
            String word = s.substring(start, i).toLowerCase(Locale.ROOT);
            if (!ARTICLES.contains(word)) {
                return word;
            }
        }
        return "";
    }

    /** Lower-case tokens of a name split at separators and camelCase boundaries. */
    public static Set<String> tokens(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        Set<String> out = new LinkedHashSet<>();
        for (String t : spaced.split("[^a-z0-9]+")) {
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    private static Set<String> properties(JsonNode schema) {
        Set<String> out = new LinkedHashSet<>();
        if (schema != null && schema.get("properties") != null && schema.get("properties").isObject()) {
            int n = 0;
            for (String k : schema.get("properties").propertyNames()) {
                if (n++ >= 200) {
                    break;
                }
                out.add(k.toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static String onlyHit(Set<String> tokens, Set<String> vocab) {
        List<String> h = hits(tokens, vocab);
        return h.size() == 1 ? h.get(0) : null;
    }

    private static List<String> hits(Set<String> tokens, Set<String> vocab) {
        List<String> out = new ArrayList<>();
        for (String t : tokens) {
            if (vocab.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private static boolean intersects(Set<String> a, Set<String> b) {
        return a.stream().anyMatch(b::contains);
    }

    private static List<String> dedupe(List<String> l) {
        return new ArrayList<>(new LinkedHashSet<>(l));
    }

    private static String text(JsonNode n) {
        return n != null && n.isString() ? n.stringValue() : "";
    }
}
