package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Servers that answer their tools' ordinary failures with -32603 (real texts of December 2026): the failures
 * of a program a tool runs, an unknown name the request supplied, and a browser or a read-only file system
 * missing here, are one low root cause per server or no finding, while a fault of the server's own code stays a
 * medium, and a leak that every tool repeats is one finding.
 */
class ThrownFailuresTest {
    private static List<Finding> judge(Classifier classifier, String tool, JsonNode input, Boolean valid, Reply reply) {
        return classifier.judge(new Observation("tool", tool, 0, "realistic", input, null, valid, "x", reply,
                null)).findings();
    }

    private static List<Finding> collect(String[][] cases) {
        Classifier classifier = new Classifier();
        FindingCollector c = new FindingCollector();
        for (String[] tc : cases) {
            judge(classifier, tc[0], Json.object().put("name", tc[1]), true, Replies.error(-32603, tc[2]))
                    .forEach(c::add);
        }
        return c.snapshot();
    }

    @Test
    void theFailuresOfAProgramTheToolRanAreOneLowCause() {
        // mcp-server-kubernetes 4.1.7, offline: 84 medium internal_error findings before, one per kubectl message
        List<Finding> found = collect(new String[][] {
            {"kubectl_apply", "canyon-471", "MCP error -32603: Failed to apply manifest: Command failed: kubectl apply -f"
                    + " canyon-471 -n default --dry-run=client --context delta-jasper-51\nerror: context \"delta-jasper-51\""
                    + " does not exist\n"},
            {"kubectl_create", "ember", "MCP error -32603: Failed to create resource: Command failed: kubectl create -f"
                    + " create-manifest-1796329073365-0.yaml -n ember --annotation=a\nError: unknown flag: "
                    + "--annotation\nSee 'kubectl create --help' for usage."},
            {"port_forward", "svc", "MCP error -32603: Tool execution failed: Error: Failed to execute port-forward: "
                    + "Port-forward process exited with code 1. Error: error: arguments in resource/name form must have a"
                    + " single resource and name"},
            {"run_script", "a.py", "Command 'python3 a.py' returned non-zero exit status 2."}});
        assertThat(found).singleElement().satisfies(f -> {
            assertThat(f.category()).isEqualTo("internal_error");
            assertThat(f.severity()).isEqualTo(Severity.LOW);
            assertThat(f.signature()).isEqualTo("-32603:failed_command");
            assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(4);
        });
    }

    /** An option the request smuggled onto the command line, or a program killed by a signal, is no ordinary failure. */
    @Test
    void argumentInjectionAndACrashedProgramStayMedium() {
        assertThat(collect(new String[][] {{"git_log", "--output=/tmp/pwn", "Command failed: git log --output=/tmp/pwn"
                + "\nfatal: could not open '/tmp/pwn'"}})).singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.MEDIUM));
        assertThat(collect(new String[][] {{"convert", "a.png", "Command failed: convert a.png out.jpg (process exited "
                + "with code 139)"}})).singleElement().satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.MEDIUM));
        assertThat(ValidationText.isFailedCommand("Command failed: x\nSegmentation fault (core dumped)")).isFalse();
        assertThat(ValidationText.isFailedCommand("Port-forward process exited with code 1.")).isTrue();
    }

    @Test
    void anUnknownNameTheRequestSuppliedIsLowAndAFaultOfTheServersCodeStaysMedium() {
        // @itseasy21/mcp-knowledge-graph 1.0.7 (an old SDK: every thrown error is -32603)
        List<Finding> unknown = collect(new String[][] {
            {"update_entities", "Keiko O. Reyes", "Entity with name Keiko O. Reyes not found"},
            {"add_observations", "Elif V. Okafor", "Entity with name Elif V. Okafor not found"},
            {"add_observations", "", "Entity with name  not found"},
            // mcp-server-kubernetes 4.1.7's stop_port_forward
            {"stop_port_forward", "a", "MCP error -32603: Tool execution failed: Error: Port-forward with id a not found"},
            {"stop_port_forward", "file:///tmp/x.txt", "MCP error -32603: Tool execution failed: Error: Port-forward with"
                    + " id file:///tmp/x.txt not found"},
            // @negokaz/excel-mcp-server 0.12: an empty path read as the working directory
            {"excel_copy_sheet", "", "read .: is a directory"}});
        Classifier numbers = new Classifier();
        assertThat(judge(numbers, "stop_port_forward", Json.object().put("id", 1e308), true, Replies.error(-32603,
                "MCP error -32603: Tool execution failed: Error: Port-forward with id 1e+308 not found")))
                .extracting(Finding::severity).containsExactly(Severity.LOW);
        assertThat(unknown).extracting(Finding::severity).containsOnly(Severity.LOW);
        assertThat(unknown).extracting(Finding::signature)
                .containsExactlyInAnyOrder("-32603:unknown_name", "-32603:file_access");
        // the same wording naming a value the request did not send is the server's own lookup: not demoted
        assertThat(collect(new String[][] {{"add_observations", "Mateo", "Entity with name undefined not found"}}))
                .singleElement().satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.MEDIUM));
        // "of null" and "of undefined" are one missing check; a safety refusal is argument validation
        List<Finding> faults = collect(new String[][] {
            {"kubectl_describe", "a", "MCP error -32603: Failed to execute kubectl describe command: Cannot read "
                    + "properties of null (reading 'toLowerCase')"},
            {"kubectl_describe", "b", "MCP error -32603: Failed to execute kubectl describe command: Cannot read "
                    + "properties of undefined (reading 'toLowerCase')"}});
        assertThat(faults).singleElement().satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.MEDIUM));
        assertThat(collect(new String[][] {{"kubectl_create", "x", "MCP error -32603: Failed to create resource: MCP error"
                + " -32602: Refusing to run kubectl with \"-o go-template-file\": this output format takes a file path"}}))
                .singleElement().satisfies(f -> assertThat(f.signature()).startsWith("-32603:input_validation"));
    }

    @Test
    void aMissingBrowserOrAReadOnlyFileSystemIsNoFindingAndTheirPathsNoLeak() {
        Classifier classifier = new Classifier();
        FindingCollector c = new FindingCollector();
        for (String tool : List.of("browser_click", "browser_close", "browser_navigate")) {
            // @playwright/mcp 0.0.86 without its browser: every tool
            judge(classifier, tool, Json.object().put("element", "button"), true, Replies.text("### Error\nError: async "
                    + "initializeServer: Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome\nRun "
                    + "\"npx playwright install chrome\"", true)).forEach(c::add);
        }
        // the knowledge-graph server under --sandbox bwrap, its memory file outside the writable places
        judge(classifier, "delete_entities", Json.object(), false,
                Replies.error(-32603, "EROFS: read-only file system, open '/srv/more/kg.jsonl'")).forEach(c::add);
        assertThat(c.snapshot()).isEmpty();
        assertThat(classifier.environment().total()).isEqualTo(4);
        // a path the request chose is the input's: judged as before, also as the server resolved it (a traversal)
        // or too short to be masked as an echo
        String[][] chosen = {
            {"/proc/sys/kernel/x", "EROFS: read-only file system, open '/proc/sys/kernel/x'"},
            {"../../../../etc/cron.d/x", "EROFS: read-only file system, open '/etc/cron.d/x'"},
            {"/etc/x", "open /etc/x: read-only file system"},
            {"../../../a.md", "[Errno 30] Read-only file system: '/a.md'"}};
        for (String[] tc : chosen) {
            assertThat(judge(new Classifier(), "write", Json.object().put("path", tc[0]), true,
                    Replies.error(-32603, tc[1]))).as(tc[1]).extracting(Finding::category).contains("internal_error");
        }
    }

    @Test
    void aPathEveryToolLeaksIsOneFindingAndPathsElsewhereAreOthers() {
        Classifier classifier = new Classifier();
        FindingCollector c = new FindingCollector();
        for (String tool : List.of("open", "close", "tabs")) {
            judge(classifier, tool, Json.object().put("q", "x"), true, Replies.text("Error: cannot load config from "
                    + "/opt/acme/server/conf/settings-" + tool.length() + ".json", true)).forEach(c::add);
        }
        judge(classifier, "tabs", Json.object().put("q", "x"), true,
                Replies.text("Error: cannot write /home/deploy/cache/tabs.db", true)).forEach(c::add);
        assertThat(c.snapshot()).extracting(Finding::signature)
                .containsExactlyInAnyOrder("file_path:/opt/acme/server", "file_path:/home/deploy/cache");
        assertThat(c.snapshot()).filteredOn(f -> f.signature().startsWith("file_path:/opt"))
                .singleElement().satisfies(f -> assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3));
    }

    @Test
    void aTemporaryFileLeakedUnderRandomFoldersIsOneFinding() {
        Classifier classifier = new Classifier();
        FindingCollector c = new FindingCollector();
        for (String dir : List.of("tmpk2j4_8x1", "tmpqzzabyw_", "tmpabcdefgh")) { // Python's mkdtemp, one per call
            judge(classifier, "render", Json.object().put("q", "x"), true,
                    Replies.text("Error: cannot write /tmp/" + dir + "/out.png", true)).forEach(c::add);
        }
        assertThat(c.snapshot()).extracting(Finding::signature).containsExactly("file_path:/tmp");
    }

    @Test
    void aLeakSignatureKeepsThreeFoldersWithoutDigits() {
        assertThat(LeakSignature.of("file_path", "/opt/google/chrome/chrome")).isEqualTo("file_path:/opt/google/chrome");
        assertThat(LeakSignature.of("file_path", "/root/.cache/ms-playwright/chromium-1169/chrome-linux/chrome"))
                .isEqualTo("file_path:/root/.cache/ms-playwright");
        assertThat(LeakSignature.of("file_path", "C:\\Users\\Bob\\app\\x.js")).isEqualTo("file_path:c:/users/bob");
        // a temporary folder ends it, and ids are masked: the same signature in every run
        assertThat(LeakSignature.of("file_path", "/tmp/run-1234.log")).isEqualTo("file_path:/tmp");
        assertThat(List.of("/tmp/tmpk2j4_8x1/out.png", "/tmp/tmpqzzabyw_/out.png", "/var/tmp/abcdef/x"))
                .extracting(p -> LeakSignature.of("file_path", p)).containsExactly("file_path:/tmp", "file_path:/tmp",
                        "file_path:/var/tmp");
        assertThat(LeakSignature.of("file_path", "/var/folders/xy/k2j4abcd/T/x")).isEqualTo("file_path:/var/folders");
        assertThat(LeakSignature.of("file_path", "C:\\Users\\bob\\AppData")).isEqualTo("file_path:c:/users/bob");
        assertThat(List.of("/app/uploads/3f9a2c1e-4b5d-4e6f-8a9b-abcdefabcdef/x", "/app/uploads/deadbeef42/x",
                "/app/uploads/0c1d2e3f-aaaa-bbbb-cccc-0123456789ab/x"))
                .extracting(p -> LeakSignature.of("file_path", p))
                .containsExactly("file_path:/app/uploads/<id>", "file_path:/app/uploads/<id>",
                        "file_path:/app/uploads/<id>");
        assertThat(LeakSignature.of("node_stack_trace", null)).isEqualTo("node_stack_trace");
    }
}
