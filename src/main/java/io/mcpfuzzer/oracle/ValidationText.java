package io.mcpfuzzer.oracle;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Recognises error texts that reject an input for its shape (argument validation) and error texts
 * that blame the environment (network, missing files, credentials). Used to tell an SDK's documented
 * answer to invalid arguments from an internal error, and a schema the server does not honour from a
 * tool that fails for reasons outside the input. Only the first {@value #MAX_INPUT} characters are
 * looked at; every pattern is an alternation of literals and bounded gaps (at most 60 characters), so a
 * match costs at most a few thousand steps. Stateless and thread-safe.
 */
public final class ValidationText {
    /** Characters of a message that are looked at. */
    public static final int MAX_INPUT = 2_000;

    /** What an unquoted name before "not found" may name (also read by {@link SuppliedNames}). */
    static final String NAME_SUBJECT = "(?:resource|tool|prompt)";
    /** The file calls that Go's and libc-style errors name before the path (also read by {@link SuppliedNames}). */
    static final String FILE_CALL = "(?:open|stat|lstat|read|readdir|mkdir|remove|rename)";

    /**
     * Wording of a request that named something the server does not have: "Resource x not found",
     * "Tool 'x' not found" (an unquoted name only after resource, tool or prompt: "/bin/sh: 1: x: not found"
     * is a shell's).
     */
    private static final String UNKNOWN_NAME_WORDING = "\\b" + NAME_SUBJECT + "\\s+(?:'[^'\\n]{0,200}'\\s+"
            + "|\"[^\"\\n]{0,200}\"\\s+|[^\\s'\"]{1,200}\\s+)?not found\\b";
    /** Also any quoted name before "not found": only when the request supplied it ({@link SuppliedNames}). */
    private static final Pattern UNKNOWN_NAME = Pattern.compile(UNKNOWN_NAME_WORDING + "|unknown " + NAME_SUBJECT
            + "|\\bunsupported (?:[a-z]{1,20} )?resource uri\\b"
            + "|\\b[a-z]{2,30}\\s+(?:'[^'\\n]{0,200}'|\"[^\"\\n]{0,200}\")\\s+(?:was |is )?not found\\b");

    /**
     * Wording of argument-validation libraries and SDKs: the MCP TypeScript SDK ("Input validation
     * error", "Invalid arguments for tool"), zod ({@code "code": "invalid_type"}, "Expected string,
     * received number", "Invalid input: expected"), pydantic ("validation error for", "Input should be"),
     * ajv/JSON Schema ("must be", "should be", "is not of type"), zod 4 ({@code invalid_value}) and hand-written
     * checks ("Invalid resourceType: x", "Invalid URL", "Invalid resource URI", "Unknown resource: x",
     * "Resource x not found": the request named something wrong or unknown), and checks of arguments that go
     * together ("Either 'search' or 'query' must be provided", "Use either name or context ..., not both").
     */
    private static final Pattern VALIDATION = Pattern.compile("input validation error|invalid arguments? for tool"
            + "|validation error|validation failed|invalid_type|invalid_enum_value|invalid_union|invalid_string"
            + "|invalid_literal|too_small|too_big|unrecognized_keys|invalid input|invalid params|invalid argument"
            + "|invalid value|invalid type|invalid_value|invalid_format|invalid url|invalid (?:resource )?uri|invalid [a-z]{1,30}:"
            + "|unknown (?:resource|tool|prompt|method|argument)|" + UNKNOWN_NAME_WORDING + "|expected [a-z]+, received|input should be|is not of type|must be (?:a|an|one"
            + "|of|at|less|greater|equal|string|number|integer|boolean|object|array|true|false|valid|non)"
            + "|should be (?:a|an|one|of|string|number|integer|boolean|object|array)|is required|required property"
            + "|missing required|field required|not a valid|is not valid|is not a valid|not allowed|unexpected "
            + "(?:property|argument|field|key)|additional propert|too deeply nested|max(?:imum)? (?:nesting )?depth|arguments? (?:are|is) required");

    /**
     * Hand-written checks of arguments (@zereight/mcp-gitlab 2.1, mcp-linear 1.4): "Either 'search' or 'query'
     * must be provided", "Use either name or context, not both", "No project ID provided", "x requires
     * projectId". The same words name a missing credential ("No API key provided", "requires apiKey"), which
     * blames the set-up: those are left to {@link #CREDENTIAL}.
     */
    private static final Pattern HAND_CHECK = Pattern.compile("\\beither [^.\\n]{1,60} or [^.\\n]{1,60} (?:must|should)"
            + " be (?:provided|given|specified|set)|\\buse either [^.\\n]{1,60} or [^.\\n]{1,60}, not both|must be provided"
            + "|\\bno [a-z ]{1,30} provided\\b"
            // a safety check of the argument's value (mcp-server-kubernetes 4.1: "Refusing to run kubectl with ...")
            + "|\\brefus(?:e|es|ing) to (?:run|accept|process|execute|use|read|write|open|follow)\\b");
    /** A credential named: a hand-written check about it is the environment's, not the input's. */
    private static final Pattern CREDENTIAL = Pattern.compile("api[ _-]?key|apikey|token|credential|secret|password"
            + "|auth|access[ _-]?key");

    /** Wording of failures that come from the environment, not from the input's shape. */
    private static final Pattern ENVIRONMENT = Pattern.compile("enoent|econnrefused|econnreset|enotfound|eai_again"
            + "|etimedout|eacces|eperm|ehostunreach|enetunreach|fetch failed|network|socket|timed? ?out|timeout"
            + "|no such file|not found|does not exist|permission denied|access denied|unauthori[sz]ed|forbidden"
            + "|api[ _-]?key|access token|rate limit|too many requests|quota|certificate|dns|connection|unavailable"
            + "|outside (?:the )?allowed|not permitted");

    /**
     * Wording of a failure to open or read a file (errno texts of libc, Go and node, the Windows wording): the
     * input's fault when the input named the file ({@link SuppliedNames}).
     */
    private static final Pattern FILE_ACCESS = Pattern.compile("no such file or directory|\\benoent\\b|is a directory"
            + "|\\beisdir\\b|not a directory|\\benotdir\\b|file name too long|\\benametoolong\\b|file not found"
            + "|file does not exist|cannot find the (?:file|path) specified"
            // EINVAL of a file call: a NUL byte in the path (Go's "open <path>: invalid argument", node's wording)
            + "|\\b" + FILE_CALL + " \\S[^\\n]{0,400}?: invalid argument\\b"
            + "|\\beinval: invalid argument, (?:open|stat|lstat|read|scandir|mkdir)\\b");

    /** Wording of a file of the wrong format ("zip: not a valid zip file" for a markdown file given as xlsx). */
    private static final Pattern FILE_FORMAT = Pattern.compile("not a valid (?:zip|xlsx|xls|excel|pdf|image|png"
            + "|jpe?g|gif|csv|json|yaml|xml|docx?|pptx?|archive|sqlite|database) file|unsupported file (?:type|format)");

    /** Wording of a size or nesting limit: a defensive refusal whatever the schema allows. */
    private static final Pattern LIMIT = Pattern.compile("too deeply nested|max(?:imum)? (?:nesting )?depth"
            + "|nesting (?:depth|level) exceeded|too many (?:levels|nested)");

    /**
     * Wording of a program the tool ran that failed: node's child_process and execa ("Command failed: kubectl
     * apply ...", "Command failed with exit code 1"), a wrapper's "process exited with code 1", Python's
     * CalledProcessError ("returned non-zero exit status 2"), Go's exec.ExitError ("exit status 1"). The text
     * after it is that program's, not the server's. Not an exit by a signal or with a status of 128 or more: the
     * program crashed.
     */
    private static final Pattern FAILED_COMMAND = Pattern.compile("\\bcommand failed(?::| with exit code\\b)"
            + "|\\bprocess exited with (?:exit )?code -?\\d|returned non-zero exit status \\d|\\bexit status \\d+\\b");
    /** An exit status of 128 or more, or a signal: the program crashed, which is not an ordinary failure. */
    private static final Pattern SIGNAL_EXIT = Pattern.compile("\\b(?:code|status) (?:1(?:2[89]|[3-9]\\d)|2\\d\\d)\\b"
            + "|\\bkilled by signal\\b|\\bsig(?:segv|abrt|bus|ill|fpe|kill)\\b|\\bsegmentation fault\\b|core dumped");

    private ValidationText() {}

    /** True when the text reports that a program the tool ran failed (null is false). */
    public static boolean isFailedCommand(String text) {
        if (text == null) {
            return false;
        }
        String lower = lower(text);
        return FAILED_COMMAND.matcher(lower).find() && !SIGNAL_EXIT.matcher(lower).find();
    }

    /**
     * True when the text refuses the input for its nesting depth ("Object is too deeply nested (101
     * levels). Max depth: 100", the Notion MCP server): a limit a server may keep even for a
     * schema-valid input (null is false).
     */
    public static boolean isLimit(String text) {
        return text != null && LIMIT.matcher(lower(text)).find();
    }

    /**
     * True when the text says a file could not be opened or read: missing, a directory, a name too long, a NUL
     * byte in its path (null is false).
     */
    public static boolean isFileAccess(String text) {
        return text != null && FILE_ACCESS.matcher(lower(text)).find();
    }

    /** True when the text says a file is not of the format wanted (null is false). */
    public static boolean isFileFormat(String text) {
        return text != null && FILE_FORMAT.matcher(lower(text)).find();
    }

    /** True when the text says the request named something the server does not have (null is false). */
    public static boolean isUnknownName(String text) {
        return text != null && UNKNOWN_NAME.matcher(lower(text)).find();
    }

    /** True when the text reads like an argument-validation rejection (null is false). */
    public static boolean isValidation(String text) {
        if (text == null) {
            return false;
        }
        String lower = lower(text);
        return VALIDATION.matcher(lower).find() || (HAND_CHECK.matcher(lower).find()
                || REQUIRES_IDENTIFIER.matcher(cut(text)).find()) && !CREDENTIAL.matcher(lower).find();
    }

    /** "draft-project-update requires projectId" (mcp-linear's prompts): a camelCase or snake_case argument name. */
    private static final Pattern REQUIRES_IDENTIFIER = Pattern.compile(
            "\\brequires (?:an? |the )?(?:[a-z]+[A-Z][A-Za-z0-9]*|[a-z]+_[a-z0-9_]+)\\b");

    /** True when the text blames the environment: network, files, credentials, limits (null is false). */
    public static boolean isEnvironmental(String text) {
        return text != null && ENVIRONMENT.matcher(lower(text)).find();
    }

    private static String lower(String text) {
        return cut(text).toLowerCase(Locale.ROOT);
    }

    private static String cut(String text) {
        return text.length() > MAX_INPUT ? text.substring(0, MAX_INPUT) : text;
    }
}
