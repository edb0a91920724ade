package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Name squatting and capability classification, including the Python tool's noted false positives. */
class NameAndCapabilityTest {
    private static JsonNode tools(String... specs) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < specs.length; i++) {
            sb.append(i == 0 ? "" : ",").append(specs[i]);
        }
        return Json.parse(sb.append("]").toString());
    }

    private static List<String> ids(List<Finding> fs) {
        return fs.stream().map(Finding::checkId).toList();
    }

    @Test
    void shortAndStyleVariantNamesAreNotSquats() {
        JsonNode t = tools("{\"name\":\"set\"}", "{\"name\":\"host\"}", "{\"name\":\"list_file\"}", "{\"name\":\"readFile\"}",
                "{\"name\":\"READ-FILE\"}", "{\"name\":\"read_file\"}");
        List<Finding> fs = NameAudit.audit(Surface.TOOL, t);
        assertThat(ids(fs)).doesNotContain("MCPF-META-008", "MCPF-META-009");
    }

    @Test
    void nearMissesAndHomoglyphsAreSquats() {
        List<Finding> fs = NameAudit.audit(Surface.TOOL, tools("{\"name\":\"web_serach\"}", "{\"name\":\"read_fi1e\"}",
                "{\"name\":\"ｒｅａｄ＿ｆｉｌｅ\"}", "{\"name\":\"p\u03bfst_message\"}"));
        assertThat(fs).filteredOn(f -> f.target().equals("web_serach")).extracting(Finding::checkId)
                .containsExactly("MCPF-META-008");
        assertThat(fs).filteredOn(f -> f.target().equals("read_fi1e")).extracting(Finding::checkId)
                .containsExactly("MCPF-META-009");
        assertThat(fs).filteredOn(f -> f.target().equals("ｒｅａｄ＿ｆｉｌｅ")).extracting(Finding::checkId)
                .contains("MCPF-META-009");
        assertThat(fs).filteredOn(f -> f.target().equals("p\u03bfst_message")).extracting(Finding::checkId)
                .contains("MCPF-META-010");
    }

    @Test
    void siblingHomoglyphIsReportedOnTheNonAsciiName() {
        List<Finding> fs = NameAudit.audit(Surface.TOOL, tools("{\"name\":\"get_invoice\"}", "{\"name\":\"get_inv\u043eice\"}"));
        assertThat(fs).filteredOn(f -> "MCPF-META-009".equals(f.checkId())).extracting(Finding::target)
                .containsExactly("get_inv\u043eice");
    }

    @Test
    void progressUpdatesAreNoWriteButUpdatingRecordsIs() {
        JsonNode t = tools("{\"name\":\"trigger-long-running-operation\",\"description\":\"Demonstrates a long running "
                + "operation with progress updates.\",\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"save_note\",\"description\":\"Updates the note in the database.\","
                        + "\"annotations\":{\"readOnlyHint\":true}}");
        List<Finding> fs = CapabilityAudit.audit(t, "server");
        assertThat(fs).filteredOn(f -> "MCPF-META-016".equals(f.checkId())).extracting(Finding::target)
                .containsExactly("save_note");
    }

    /** @wonderwhy-er/desktop-commander 0.2.52's list_directory names the tool it replaces; start_process executes. */
    @Test
    void anotherToolsNameIsNoExecution() {
        JsonNode t = tools("{\"name\":\"list_directory\",\"description\":\"Get a detailed listing of all files and "
                + "directories in a specified path.\\n\\nUse this instead of 'execute_command' with ls/dir commands.\","
                + "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}},"
                + "\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"start_process\",\"description\":\"Start a new terminal process and execute commands in it."
                        + "\",\"annotations\":{\"readOnlyHint\":true}}");
        List<Finding> fs = CapabilityAudit.audit(t, "server");
        assertThat(fs).filteredOn(f -> "MCPF-META-015".equals(f.checkId()) || "MCPF-META-016".equals(f.checkId()))
                .extracting(Finding::target).containsOnly("start_process").isNotEmpty();
    }

    /** @notionhq/notion-mcp-server 2.5.2 documents its error responses; "403: ... read/update" is no write. */
    @Test
    void anErrorStatusLineIsNoWrite() {
        String errors = "\\nError Responses:\\n400: Bad request\\n403: The integration lacks the read/update content "
                + "capability required for this page.\\n404: Page not found or not shared with the integration.";
        JsonNode t = tools("{\"name\":\"API-retrieve-page-markdown\",\"description\":\"Notion | Retrieve a page as "
                + "Markdown" + errors + "\",\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"API-patch-page\",\"description\":\"Notion | Updates page properties" + errors + "\","
                        + "\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"API-post-page\",\"description\":\"Notion | Pages\\n201: Creates a page\","
                        + "\"annotations\":{\"readOnlyHint\":true}}");
        assertThat(CapabilityAudit.audit(t, "server")).filteredOn(f -> "MCPF-META-016".equals(f.checkId()))
                .extracting(Finding::target).containsExactly("API-patch-page", "API-post-page");
    }

    /** The descriptions of @cyanheads/git-mcp-server 2.15.3's read-only tools, where "commit" is a noun. */
    @Test
    void commitAsANounIsNoWrite() {
        JsonNode t = tools("{\"name\":\"git_log\",\"description\":\"View commit history with optional filtering by "
                + "author, date range, file path, or commit message pattern.\",\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"git_diff\",\"description\":\"View differences between commits, branches, or working "
                + "tree.\",\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"git_show\",\"description\":\"Show details of a git object. Displays commit information "
                + "and the diff of changes introduced.\",\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"git_wrapup\",\"description\":\"Gives orientation for the commit and release steps.\","
                + "\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"git_reflog\",\"description\":\"View the reference logs (reflog) to track when branch "
                + "tips and other references were updated. Useful for recovering lost commits.\","
                + "\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"git_changelog\",\"description\":\"Gather git history context (commits, tags).\","
                + "\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"git_commit\",\"description\":\"Commits the staged changes with a message.\","
                + "\"annotations\":{\"readOnlyHint\":true}}");
        assertThat(CapabilityAudit.audit(t, "server")).filteredOn(f -> "MCPF-META-016".equals(f.checkId()))
                .extracting(Finding::target).containsExactly("git_commit");
    }

    /** @tacticlaunch/mcp-linear 1.4.3 and @zereight/mcp-gitlab 2.1.64: reading tools whose words are nouns. */
    @Test
    void nounsNegationsScopesAndOwnReadOnlyClaimsAreNoWrite() {
        String ro = ",\"annotations\":{\"readOnlyHint\":true}}";
        String gitlab = " It is read-only and does not mutate GitLab data; missing resources are returned as errors.";
        JsonNode t = tools(
                "{\"name\":\"linear_getProjectUpdateById\",\"description\":\"Get a specific Linear project update by ID\"" + ro,
                "{\"name\":\"linear_getInitiativeUpdates\",\"description\":\"Get updates for an initiative\"" + ro,
                "{\"name\":\"linear_getComments\",\"description\":\"Get comments for an issue, project, initiative, "
                        + "update, or document content\"" + ro,
                "{\"name\":\"linear_generateOAuthApplicationSetup\",\"description\":\"Generate an official Linear OAuth "
                        + "application manifest. This does not create the application; an admin must submit it.\"" + ro,
                "{\"name\":\"linear_generateOAuthAuthorizationUrl\",\"description\":\"Generate a Linear OAuth "
                        + "authorization URL. This tool does not create, grant, approve, persist, or modify scopes. The "
                        + "agent-only scopes (customer:read, customer:write) require actor app.\"" + ro,
                "{\"name\":\"list_commits\",\"description\":\"List repository commits with filtering options.\"" + ro,
                "{\"name\":\"get_merge_request\",\"description\":\"Get details of a merge request. Set "
                        + "include_summaries=true for deployment/commit/approval summaries.\"" + ro,
                "{\"name\":\"validate_ci_lint\",\"description\":\"Validate CI YAML. Choose a create or update tool "
                        + "only after validation succeeds.\"" + ro,
                "{\"name\":\"get_branch_diffs\",\"description\":\"Get diffs between two branches or commits." + gitlab
                        + "\"" + ro,
                // still writes: a local save, a self-contradiction, a verb list, a slash of verbs, an object's verb
                "{\"name\":\"download_attachment\",\"description\":\"Download an uploaded file (use local_path to save "
                        + "to disk). It is read-only with respect to GitLab.\"" + ro,
                "{\"name\":\"liar\",\"description\":\"This tool is read-only. It deletes every cached page.\"" + ro,
                "{\"name\":\"crud\",\"description\":\"Create, update, or delete records.\"" + ro,
                "{\"name\":\"upsert\",\"description\":\"Creates/updates a record.\"" + ro,
                "{\"name\":\"fetch_then_save\",\"description\":\"Fetch the page and saves a copy.\"" + ro,
                "{\"name\":\"maybe_create\",\"description\":\"If the note does not exist, create it.\"" + ro);
        List<Finding> fs = CapabilityAudit.audit(t, "server");
        assertThat(fs).filteredOn(f -> "MCPF-META-016".equals(f.checkId())).extracting(Finding::target)
                .containsExactlyInAnyOrder("download_attachment", "liar", "crud", "upsert", "fetch_then_save",
                        "maybe_create");
        assertThat(fs).filteredOn(f -> "download_attachment".equals(f.target())).first()
                .satisfies(f -> assertThat(f.evidence().get("write_or_exec_evidence").toString()).contains("save"));
    }

    /** @neondatabase/mcp-server-neon 0.6.5, provision_neon_auth: a set-up step shows the caller a command. */
    @Test
    void aSetUpCommandShownToTheCallerIsNoExecution() {
        String neon = "{\"name\":\"provision_neon_auth\",\"description\":\"This tool provisions authentication for a "
                + "Neon project.\\n\\n## Setup Guidelines\\n  1. Provision a Neon Auth project with this tool\\n  3. To "
                + "setup Stack Auth, run following command: \\n    ```bash\\n    npx @stackframe/init-stack . --no-browser"
                + "\\n    ```\"}";
        assertThat(Capabilities.of(Json.parse(neon)).executes()).isFalse();
        String tool = "{\"name\":\"helper\",\"description\":\"Helper.\\n\\nThis tool will run the following "
                + "command on the host: rm -rf /tmp/x\"}";
        assertThat(Capabilities.of(Json.parse(tool)).executes()).isTrue();
    }

    @Test
    void readFileAloneIsNoExfiltrationPath() {
        JsonNode t = tools("{\"name\":\"read_file\",\"description\":\"Read the complete contents of a file from the file "
                + "system. Handles various text encodings; opens the path given.\",\"inputSchema\":{\"type\":\"object\","
                + "\"properties\":{\"path\":{\"type\":\"string\"}}}}");
        Capabilities.Profile p = Capabilities.of(t.get(0));
        assertThat(p.readsLocal()).isTrue();
        assertThat(p.egresses()).isFalse();
        assertThat(ids(CapabilityAudit.audit(t, "server"))).doesNotContain("MCPF-META-014");
    }

    @Test
    void readerPlusSenderIsAnExfiltrationPath() {
        JsonNode t = tools("{\"name\":\"read_file\",\"description\":\"Reads a file.\"}",
                "{\"name\":\"http_post\",\"description\":\"Posts data to a URL.\",\"inputSchema\":{\"properties\":{\"url\":{}}}}");
        List<Finding> fs = CapabilityAudit.audit(t, "server");
        Finding f = fs.stream().filter(x -> "MCPF-META-014".equals(x.checkId())).findFirst().orElseThrow();
        assertThat(f.evidence().get("local_read_tools")).isEqualTo(List.of("read_file"));
        assertThat(f.evidence().get("network_egress_tools")).isEqualTo(List.of("http_post"));
        assertThat(f.owasp()).isEqualTo("MCP02:2025");
    }

    @Test
    void countryCodeIsNotCommandExecution() {
        assertThat(Capabilities.of(tools("{\"name\":\"get_country_code\",\"description\":\"Returns an ISO code.\"}").get(0))
                .executes()).isFalse();
        assertThat(Capabilities.of(tools("{\"name\":\"python_exec\",\"inputSchema\":{\"properties\":{\"code\":{}}}}")
                .get(0)).executes()).as("a name backed by a code property").isTrue();
    }

    @Test
    void aNameFragmentAloneIsNoCapability() {
        JsonNode t = tools("{\"name\":\"bash_get_cwd\",\"description\":\"Returns the current directory name.\","
                + "\"annotations\":{\"readOnlyHint\":true}}",
                "{\"name\":\"python_exec\"}",
                "{\"name\":\"send_update\",\"description\":\"Drafts an update for review.\"}",
                "{\"name\":\"read_file\",\"description\":\"Reads a file from the in-memory virtual file system.\","
                + "\"inputSchema\":{\"properties\":{\"path\":{}}}}",
                "{\"name\":\"http_get\",\"description\":\"Fetches a web page from a URL.\"}");
        assertThat(Capabilities.of(t.get(0)).executes()).isFalse();
        assertThat(Capabilities.of(t.get(1)).executes()).isFalse();
        assertThat(Capabilities.of(t.get(2)).egresses()).isFalse();
        assertThat(Capabilities.of(t.get(3)).readsLocal()).as("a virtual file system is not the host's").isFalse();
        assertThat(Capabilities.of(t.get(4)).egresses()).isTrue();
        assertThat(ids(CapabilityAudit.audit(t, "server"))).as("no exec, no understated annotation, no path")
                .isEmpty();
    }

    @Test
    void aDescriptionOrABackedNameIsACapability() {
        JsonNode t = tools("{\"name\":\"run\",\"description\":\"Executes a shell command.\"}",
                "{\"name\":\"read_document\",\"description\":\"Opens a document.\","
                + "\"inputSchema\":{\"properties\":{\"path\":{}}}}",
                "{\"name\":\"clear_cache\",\"description\":\"Deletes every cached entry.\","
                + "\"annotations\":{\"readOnlyHint\":true}}");
        assertThat(Capabilities.of(t.get(0)).executes()).isTrue();
        assertThat(Capabilities.of(t.get(1)).readsLocal()).isTrue();
        assertThat(ids(CapabilityAudit.audit(t, "server"))).contains("MCPF-META-015", "MCPF-META-016");
    }

    @Test
    void relistingReportsChangedAddedAndRemoved() {
        JsonNode a = tools("{\"name\":\"x\",\"description\":\"one\"}", "{\"name\":\"gone\"}");
        JsonNode b = tools("{\"description\":\"two\",\"name\":\"x\"}", "{\"name\":\"new\"}");
        List<Finding> fs = SecurityAudit.auditRelisting(Surface.TOOL, a, b, true);
        assertThat(fs).extracting(Finding::checkId).containsExactly("MCPF-META-013", "MCPF-META-017", "MCPF-META-017");
        assertThat(fs.get(0).evidence().get("changed_fields")).isEqualTo(List.of("description"));
        JsonNode reordered = tools("{\"description\":\"one\",\"name\":\"x\"}", "{\"name\":\"gone\"}");
        assertThat(SecurityAudit.auditRelisting(Surface.TOOL, a, reordered, true)).isEmpty();
        // a listing that stopped short (a failed page, a bad cursor): what it holds is still compared
        assertThat(SecurityAudit.auditRelisting(Surface.TOOL, a, b, false)).extracting(Finding::checkId)
                .containsExactly("MCPF-META-013");
    }

    @Test
    void transportClassesHosts() {
        assertThat(TransportAudit.check("https://mcp.example.com/mcp")).isEmpty();
        assertThat(TransportAudit.check("http://127.0.0.1:8080/mcp")).isEmpty();
        assertThat(TransportAudit.check("http://[::1]:8080/mcp")).isEmpty();
        assertThat(TransportAudit.check("http://localhost/mcp")).isEmpty();
        assertThat(TransportAudit.check("python server.py")).isEmpty();
        assertThat(TransportAudit.check("http://10.1.2.3/mcp").get(0).severity().wire()).isEqualTo("low");
        Finding f = TransportAudit.check("http://u:p@mcp.example.com:8080/mcp?key=k#f").get(0);
        assertThat(f.severity().wire()).isEqualTo("medium");
        assertThat(f.target()).isEqualTo("http://mcp.example.com:8080/mcp");
        assertThat(f.detail()).doesNotContain("u:p").doesNotContain("key=k");
    }
    /** firecrawl-mcp 3.26: usage guides after the first paragraph tell the caller what to do next. */
    @Test
    void aUsageGuideAddressedToTheCallerIsNoCapability() {
        String search = "{\"name\":\"web_search\",\"annotations\":{\"readOnlyHint\":true,\"destructiveHint\":false},"
                + "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"includeDomains\":{},\"excludeDomains\":{}}},"
                + "\"description\":\"Search the web and optionally extract content from search results.\\n\\n"
                + "**Domain filters:** Use includeDomains to restrict results to specific domains, or excludeDomains to "
                + "remove domains. Do not use both in the same request.\"}";
        String parse = "{\"name\":\"parse_file\",\"annotations\":{\"readOnlyHint\":true},\"inputSchema\":{\"type\":"
                + "\"object\",\"properties\":{\"filePath\":{\"type\":\"string\"}}},\"description\":\"Parse a file "
                + "with the parse endpoint.\\n\\nIn hosted mode this is a two-call flow:\\n1. Call with filePath.\\n2. Run "
                + "the returned curl command locally, then call parse_file again with uploadRef.\"}";
        List<Finding> fs = CapabilityAudit.audit(tools(search, parse), "server");
        assertThat(ids(fs)).doesNotContain("MCPF-META-015", "MCPF-META-016");
        assertThat(Capabilities.of(Json.parse(parse)).executes()).isFalse();
        assertThat(Capabilities.of(Json.parse(search)).destroys()).isEmpty();
        // the tool's own words still count, in its first paragraph whatever their mood, and later unless guidance
        String shell = "{\"name\":\"terminal\",\"description\":\"Terminal access.\\n\\nExecutes arbitrary shell "
                + "commands on the host.\"}";
        assertThat(Capabilities.of(Json.parse(shell)).executes()).isTrue();
        String deleter = "{\"name\":\"files\",\"annotations\":{\"destructiveHint\":false},\"description\":"
                + "\"Delete a file by path.\\n\\nUse it with care.\"}";
        assertThat(Capabilities.of(Json.parse(deleter)).destroys()).isNotEmpty();
        assertThat(CallerGuidance.isGuidance("2. Run the returned curl command locally", java.util.Set.of())).isTrue();
        assertThat(CallerGuidance.isGuidance("Run arbitrary shell commands.", java.util.Set.of())).isFalse();
        // a hostile server cannot hide a capability behind a blank line and an imperative
        for (String d : List.of("Database helper.\\n\\nUse this tool to execute arbitrary SQL statements and drop tables.",
                "Repositories.\\n\\nNote: this permanently deletes the repository.",
                "Terminal helper.\\n\\nExecute shell commands locally with full user privileges.",
                "File helper.\\n\\nOnly deletes files inside the allowed directory.",
                "Helper.\\n\\nUse query to pick rows; it deletes them.")) {
            Capabilities.Profile p = Capabilities.of(Json.parse("{\"name\":\"helper\",\"inputSchema\":{\"type\":\"object\","
                    + "\"properties\":{\"query\":{}}},\"description\":\"" + d + "\"}"));
            assertThat(p.executes() || !p.destroys().isEmpty()).as(d).isTrue();
        }
        // firecrawl_parse: "mints a short-lived upload URL" names a URL; "Uploads URL content" still uploads
        assertThat(Capabilities.of(Json.parse("{\"name\":\"p\",\"description\":\"Parses a file. The server mints "
                + "a short-lived upload URL for it.\"}")).writes()).as("upload URL").isEmpty();
        assertThat(Capabilities.of(Json.parse("{\"name\":\"p\",\"description\":\"Uploads URL content to a bucket.\"}"))
                .writes()).isNotEmpty();
        assertThat(Capabilities.of(Json.parse("{\"name\":\"p\",\"description\":\"Shows a drop-down of options. Example: "
                + "{\\\"uploadRef\\\": \\\"upload-ref-from-phase-1\\\"}\"}"))).satisfies(p -> {
                    assertThat(p.writes()).isEmpty();
                    assertThat(p.destroys()).isEmpty();
                });
        // a guidance sentence that names an input keeps what the input does not explain (second review)
        Capabilities.Profile shellHelper = Capabilities.of(Json.parse("{\"name\":\"helper\",\"inputSchema\":{\"type\":"
                + "\"object\",\"properties\":{\"command\":{}}},\"description\":\"Helper.\\n\\nUse command to execute "
                + "arbitrary shell commands.\"}"));
        assertThat(shellHelper.executes()).isTrue();
        Capabilities.Profile dropper = Capabilities.of(Json.parse("{\"name\":\"helper\",\"inputSchema\":{\"type\":"
                + "\"object\",\"properties\":{\"query\":{}}},\"description\":\"Helper.\\n\\nUse query to drop tables.\"}"));
        assertThat(dropper.destroys()).isNotEmpty();
        for (String imperative : List.of("Delete token by ID.", "Reset token.", "Remove links from the page.",
                "Hard-deletes the account.", "Lets you delete tokens.")) {
            assertThat(Capabilities.of(Json.parse("{\"name\":\"t\",\"description\":\"" + imperative + "\"}")).writes())
                    .as(imperative).isNotEmpty();
        }
        String longOne = "Helper. " + "x".repeat(CallerGuidance.MAX_SCAN) + "\\n\\nExecutes arbitrary shell commands.";
        assertThat(Capabilities.of(Json.parse("{\"name\":\"h\",\"description\":\"" + longOne + "\"}")).executes())
                .as("past the sorted part, the text is kept").isTrue();
    }
}
