package io.mcpfuzzer.oracle.audit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Named regular expressions for text aimed at the model rather than at the human: injection and
 * poisoning phrases, references to secret locations, and trigger conditioning. Compared with the Python
 * tool's list, phrases need an object ("leak credentials", not "memory leak"; {@code .env} not preceded
 * by a word character, so {@code process.env} is clean), chat-template role tokens are added, and each
 * hit carries its matched excerpt and offset. Stateless and thread-safe.
 *
 * <p>Cost: linear in the text. A marker runs only when the case-folded text contains one of its trigger
 * words (every match contains one); the patterns have no unbounded nested repetition and their gaps are
 * bounded (at most 80 characters), so each start position costs a bounded number of steps and the
 * matcher never recurses more than the gap length.
 */
public final class InjectionMarkers {
    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    /** Up to n characters within one sentence (a dot counts only when followed by whitespace). */
    private static String gap(int n) {
        return "(?:[^.\\n]|\\.(?=\\S)){0," + n + "}?";
    }

    private static final String SECRET_WORDS =
            "(?:secrets?|credentials?|tokens?|private\\s+keys?|api[\\s_-]?keys?|passwords?|ssh\\s+keys?|\\.env)";
    private static final String SECRET_PATH_RE = "(?:~/\\.ssh\\b|\\.ssh/|\\bid_(?:rsa|dsa|ecdsa|ed25519)\\b"
            + "|\\.aws/(?:credentials|config)\\b|\\.config/gcloud\\b|\\.azure/|\\.kube/config\\b"
            + "|\\.docker/config\\.json|(?<![\\w.$])\\.netrc\\b|(?<![\\w.$])\\.npmrc\\b|(?<![\\w.$])\\.pypirc\\b"
            + "|\\.git-credentials\\b|(?<![\\w.$/])\\.env(?:\\.[a-z]+)?\\b|/etc/(?:passwd|shadow|sudoers)\\b"
            + "|\\bmcp\\.json\\b|\\.cursor/|claude_desktop_config\\.json|\\.gnupg/|\\bwallet\\.dat\\b)";

    /** Literals (lower case) of which every match of SECRET_PATH_RE contains at least one. */
    private static final String SECRET_PATH_TRIGGERS = ".ssh id_ .aws/ .config/gcloud .azure/ .kube/config .docker/config.json"
            + " .netrc .npmrc .pypirc .git-credentials .env /etc/ mcp.json .cursor/ claude_desktop_config.json .gnupg/"
            + " wallet.dat";

    /**
     * Per pattern: groups of literals (case-folded); every match contains a literal of each group, so a text
     * missing a whole group is skipped. Written as {@code "a b & c d"}: (a or b) and (c or d).
     */
    private static final Map<Pattern, String[][]> TRIGGERS = new java.util.IdentityHashMap<>();

    /**
     * Markers made of a verb, a gap of at most 80 characters and a secret (word or path): searched only near
     * an occurrence of their last trigger group ({@link #findNear}).
     */
    private static final java.util.Set<String> NEAR_LAST_GROUP = java.util.Set.of("send_secret", "read_secret");
    /** Longest distance from a match start to its secret: verb (at most 8) + \b + gap (80), rounded up. */
    private static final int NEAR = 128;
    /** Room after the last anchor for the rest of the secret (for example {@code private    keys}). */
    private static final int NEAR_SLACK = 1024;

    /**
     * An {@code <instructions>} tag: in an answer or hidden markup, text aimed at the model; in a visible
     * definition, the vendor's usage guidance (Neon's tools wrap theirs in {@code <response_instructions>}).
     */
    static final String INSTRUCTIONS_TAG = "instructions_tag";

    /**
     * Not right after a prohibition: "never transmit secrets or sensitive personal data" (@shopify/dev-mcp's
     * learn_shopify_api answer) forbids what the marker looks for; "if you haven't read ~/.ssh/id_rsa yet"
     * forbids nothing.
     */
    private static final String NOT_NEGATED = "(?<!\\bnever\\s)(?<!\\bdo\\snot\\s)(?<!\\bdon't\\s)(?<!\\bmust\\snot\\s)"
            + "(?<!\\bshould\\snot\\s)(?<!\\bcannot\\s)";

    /** Instruction-like poisoning phrases (high-signal). */
    public static final Map<String, Pattern> POISONING = patterns(new String[][] {
        {"important_tag", "<\\s*/?\\s*(?:important|critical|system|secret|hidden)\\s*>", "important critical system secret hidden"},
        {INSTRUCTIONS_TAG, "<\\s*/?\\s*instructions?\\s*>", "instruction"},
        {"ignore_previous", "\\b(?:ignore|disregard|forget)\\s+(?:all\\s+|any\\s+)?(?:the\\s+|your\\s+)?"
                + "(?:previous|prior|above|earlier|preceding|original)\\s+(?:instructions?|rules|messages?|directions|prompts?)", "ignore disregard forget & previous prior above earlier preceding original & instruction rule message direction prompt"},
        {"conceal_from_user", "\\b(?:do\\s+not|don'?t|never)\\s+(?:tell|inform|mention\\s+(?:this\\s+)?to|"
                + "reveal\\s+(?:this\\s+)?to|show\\s+(?:this\\s+)?to|notify|alert)\\s+(?:the\\s+)?user"
                + "|\\bwithout\\s+(?:telling|informing|notifying|asking)\\s+the\\s+user"
                + "|\\bthe\\s+user\\s+(?:must|should)\\s+not\\s+(?:know|see|notice)", "user"},
        {"override_prompt", "\\b(?:override|bypass|ignore)\\s+(?:the\\s+|your\\s+)?(?:system|developer|safety)\\s+"
                + "(?:prompt|message|instructions?|rules|guidelines)",
            "override bypass ignore & system developer safety & prompt message instruction rule guideline"},
        {"reveal_prompt", "\\breveal\\s+(?:the\\s+|your\\s+)?(?:system|developer|hidden)\\s+(?:prompt|message|instructions?)",
            "reveal & prompt message instruction"},
        {"hidden_parameter", "\\bhidden\\s+(?:parameter|argument|field)s?\\b", "hidden"},
        {"covert_action", "\\b(?:secretly|silently|quietly|covertly)\\s+(?:call|use|invoke|run|send|read|include|add|"
                + "forward|copy|upload|append)", "secretly silently quietly covertly"},
        {"exfiltrate", "\\bexfiltrat\\w*|\\b(?:steal|leak|harvest)\\s+(?:the\\s+|any\\s+|all\\s+)?(?:user'?s?\\s+)?"
                + "(?:data|credentials?|secrets?|keys?|tokens?|passwords?|files?)\\b", "exfiltrat steal leak harvest"},
        {"send_secret", NOT_NEGATED + "\\b(?:send|upload|post|forward|transmit|email)\\b" + gap(80) + "\\b" + SECRET_WORDS + "(?!\\w)", "send upload post forward transmit email & secret credential token private api password ssh .env"},
        {"read_secret", NOT_NEGATED + "\\b(?:read|cat|open|load|include|attach|pass|provide)\\b" + gap(60) + SECRET_PATH_RE, "read cat open load include attach pass provide & " + SECRET_PATH_TRIGGERS},
        {"model_directive", "\\byou\\s+must\\s+(?:now\\s+|always\\s+|first\\s+|immediately\\s+)(?:call|use|invoke|run|"
                + "read|send|pass|include)\\b|\\bbefore\\s+(?:using|calling|invoking)\\s+this\\s+tool\\b[^.\\n]{0,60}?"
                + "\\b(?:must|always|first)\\b", "must before"},
        // another tool named: "be careful when using this tool" (sentry-mcp 0.36) is about the tool itself
        {"cross_tool_instruction", "\\bwhen\\s+(?:using|calling|invoking)\\s+(?:(?:the|any|a|an|your|its)\\s+)?(?!(?:this|that|these|"
                + "our|my|the|a|an|its|your|same)\\s)[\\w.-]+\\s+tool\\b"
                + "|\\b(?:side\\s+effect)\\s+on\\s+(?:the\\s+)?(?:also\\s+present\\s+)?[\\w.-]+\\s+tool", "tool"},
        {"role_token", "<\\|(?:im_start|im_end|system|endoftext)\\|>|\\[/?INST\\]|<<\\s*/?SYS\\s*>>", "<| inst] <<"},
    });

    /**
     * {@link #POISONING} for the visible text of a definition (a description or a schema): a description
     * exists to guide the model, so a tag that only says so ({@value #INSTRUCTIONS_TAG}) is left out.
     */
    public static final Map<String, Pattern> DEFINITION_POISONING = without(POISONING, INSTRUCTIONS_TAG);

    /** References to secret locations (weaker alone: a file tool may mention them in good faith). */
    public static final Map<String, Pattern> SECRET_PATHS = patterns(new String[][] {{"secret_path", SECRET_PATH_RE, SECRET_PATH_TRIGGERS}});

    /** Wording that makes behaviour depend on triggers or conversation state. */
    public static final Map<String, Pattern> CONDITIONING = patterns(new String[][] {
        {"trigger_phrase", "\\btrigger\\s+(?:word|phrase)s?\\b|\\bwhen\\s+the\\s+user\\s+(?:says|types|writes|mentions)\\b"
                + "|\\bif\\s+the\\s+user\\s+(?:asks|mentions|requests|says)\\b", "trigger user"},
        {"conversation_state", "\\b(?:conversation|chat)\\s+history\\b|\\bprevious\\s+(?:messages?|conversation|turns?)\\b"
                + "|\\bafter\\s+(?:\\d+|several|a\\s+few)\\s+(?:calls|uses|invocations)\\b", "history previous after"},
    });

    /** One hit: marker name, matched excerpt (escaped, with context) and offset in the scanned text. */
    public record Hit(String marker, String match, String excerpt, int offset) {
        public Map<String, Object> toEvidence(String field) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("marker", marker);
            if (field != null) {
                m.put("field", field);
            }
            m.put("match", match);
            m.put("excerpt", excerpt);
            m.put("offset", offset);
            return m;
        }
    }

    private InjectionMarkers() {}

    /** All hits of the given marker set in text, at most {@code limit}, in marker order. */
    public static List<Hit> scan(Map<String, Pattern> markers, String text, int limit) {
        List<Hit> hits = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return hits;
        }
        String folded = null;
        for (Map.Entry<String, Pattern> e : markers.entrySet()) {
            String[][] triggers = TRIGGERS.get(e.getValue());
            if (triggers != null) {
                folded = folded == null ? fold(text) : folded;
                if (!allGroupsPresent(folded, triggers)) {
                    continue;
                }
            }
            Matcher m = e.getValue().matcher(text);
            boolean found = NEAR_LAST_GROUP.contains(e.getKey()) ? findNear(m, folded, triggers[triggers.length - 1])
                    : m.find();
            if (found && hits.size() < limit) {
                hits.add(new Hit(e.getKey(), Snippet.escape(m.group()), Snippet.around(text, m.start(), m.end()),
                        m.start()));
            }
        }
        return hits;
    }

    /** True when any marker of the set matches. */
    public static boolean any(Map<String, Pattern> markers, String text) {
        return !scan(markers, text, 1).isEmpty();
    }

    /**
     * text with every char mapped as {@code (?iu)} compares it (lower case of its upper case), so that a
     * trigger literal is found wherever the case-insensitive pattern could match; same length. Linear.
     */
    static String fold(String text) {
        char[] c = text.toCharArray();
        for (int i = 0; i < c.length; i++) {
            c[i] = Character.toLowerCase(Character.toUpperCase(c[i]));
        }
        return new String(c);
    }

    /**
     * The leftmost match, trying only start positions at most {@link #NEAR} characters before an occurrence
     * of one of the anchors (every match ends in such an occurrence within that distance of its start), so
     * that a text full of verbs but without a secret nearby costs one pass instead of a gap search per verb.
     */
    private static boolean findNear(Matcher m, String folded, String[] anchors) {
        java.util.BitSet at = new java.util.BitSet(folded.length());
        for (String a : anchors) {
            for (int i = folded.indexOf(a); i >= 0; i = folded.indexOf(a, i + 1)) {
                at.set(i);
            }
        }
        m.useTransparentBounds(true).useAnchoringBounds(false);
        int p = at.nextSetBit(0);
        while (p >= 0) {
            int from = Math.max(0, p - NEAR);
            int to = p;
            for (int q = at.nextSetBit(p + 1); q >= 0 && q - NEAR <= to; q = at.nextSetBit(q + 1)) {
                to = q;
            }
            m.region(from, Math.min(folded.length(), to + NEAR_SLACK));
            if (m.find() && m.start() <= to) {
                return true;
            }
            p = at.nextSetBit(to + 1);
        }
        return false;
    }

    private static boolean allGroupsPresent(String folded, String[][] groups) {
        for (String[] group : groups) {
            if (!io.mcpfuzzer.common.Ascii.containsAny(folded, group)) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, Pattern> without(Map<String, Pattern> markers, String marker) {
        Map<String, Pattern> m = new LinkedHashMap<>(markers);
        m.remove(marker);
        return java.util.Collections.unmodifiableMap(m);
    }

    private static Map<String, Pattern> patterns(String[][] defs) {
        Map<String, Pattern> m = new LinkedHashMap<>();
        for (String[] d : defs) {
            Pattern p = Pattern.compile(d[1], FLAGS);
            m.put(d[0], p);
            if (d.length > 2) {
                String[] groups = d[2].split(" & ");
                String[][] parsed = new String[groups.length][];
                for (int i = 0; i < groups.length; i++) {
                    parsed[i] = groups[i].strip().split(" ");
                }
                TRIGGERS.put(p, parsed);
            }
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
