package io.mcpfuzzer.oracle.audit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Classifies a tool by what it can do, from its name tokens, description wording, top-level input
 * property names and annotations: reads local or private data, sends data out (egress), executes
 * commands or code, or changes/deletes state. Deliberately stricter than the Python tool (whose single
 * words such as {@code path}, {@code open}, {@code post}, {@code url} put {@code read_file} on both sides):
 * a description must pair a verb with an object, and schema properties only count together with a
 * matching name. Each classification keeps its reasons. Stateless and thread-safe.
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
            + "retrieves?|dumps?|views?)\\b[^.\\n]{0,40}?\\b(?:(?:local\\s+)?files?|director(?:y|ies)|folders?|"
            + "file\\s*system|disk|environment\\s+variables|secrets?|credentials?|emails?|inbox|database)\\b", F);
    private static final Pattern EGRESS_DESC = Pattern.compile("\\b(?:sends?|posts?|uploads?|fetch(?:es)?|downloads?|"
            + "submits?|transmits?|forwards?|emails?|publish(?:es)?)\\b[^.\\n]{0,40}?\\b(?:urls?|https?|web|internet|"
            + "remote|servers?|endpoints?|webhooks?|e-?mails?|recipients?|api|channels?|slack)\\b"
            + "|\\bhttps?\\s+requests?\\b|\\bmakes?\\s+(?:an?\\s+)?(?:http|web|network)\\s+requests?\\b", F);
    private static final Pattern EXEC_DESC = Pattern.compile("\\b(?:execut\\w*|runs?|evaluat\\w*|spawns?)\\b[^.\\n]{0,30}?"
            + "\\b(?:shell|system|terminal|bash|arbitrary|os)?\\s{0,8}(?:commands?|scripts?|code|programs?|processes)\\b", F);

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
        String desc = text(tool.get("description")) + "\n" + text(tool.get("title"));
        Set<String> props = properties(tool.get("inputSchema"));
        List<String> read = new ArrayList<>();
        List<String> egress = new ArrayList<>();
        List<String> exec = new ArrayList<>();
        if (intersects(tokens, READ_VERBS) && intersects(tokens, LOCAL_OBJECTS)) {
            read.add("name:" + name);
        }
        if (READ_DESC.matcher(desc).find()) {
            read.add("description");
        }
        if (intersects(tokens, EGRESS_NAME)) {
            egress.add("name:" + name);
        }
        if (EGRESS_DESC.matcher(desc).find()) {
            egress.add("description");
        }
        for (String p : props) {
            if (EGRESS_PROPS.contains(p) && (intersects(tokens, EGRESS_NAME) || EGRESS_DESC.matcher(desc).find()
                    || p.contains("url") || p.equals("endpoint") || p.contains("webhook"))) {
                egress.add("property:" + p);
            }
            if (EXEC_PROPS.contains(p) && (intersects(tokens, EXEC_NAME) || EXEC_DESC.matcher(desc).find())) {
                exec.add("property:" + p);
            }
        }
        if (intersects(tokens, EXEC_NAME) && !"code".equals(onlyHit(tokens, EXEC_NAME))) {
            exec.add("name:" + name);
        }
        if (EXEC_DESC.matcher(desc).find()) {
            exec.add("description");
        }
        List<String> writes = hits(tokens, WRITE_NAME);
        List<String> destroys = hits(tokens, DESTROY_NAME);
        return new Profile(name, read, dedupe(egress), exec, writes, destroys);
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
