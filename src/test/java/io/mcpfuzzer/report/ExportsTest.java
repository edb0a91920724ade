package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.export.ExportFormat;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;

class ExportsTest {
    @TempDir
    Path out;

    /** Report whose findings also carry XML-illegal characters. */
    private static Report hostile() {
        List<Finding> findings = new ArrayList<>(Fixtures.findings());
        findings.add(Finding.of("protocol_violation", Severity.MEDIUM, "tool", "nul\u0000\uFFFE\uD800tool", 2,
                "bad \u0001\u0008 chars ]]> " + Fixtures.SCRIPT, Map.of("raw", "\u0000\u001b"), "sig-5"));
        return Report.of("sess-1", Fixtures.summary("completed"), findings, Redactor.standard());
    }

    private static Document parseXml(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** Minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            assertThat(text.charAt(i)).as("every field is quoted").isEqualTo('"');
            StringBuilder cell = new StringBuilder();
            i++;
            while (true) {
                char c = text.charAt(i++);
                if (c == '"') {
                    if (i < text.length() && text.charAt(i) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        break;
                    }
                } else {
                    cell.append(c);
                }
            }
            row.add(cell.toString());
            if (text.startsWith("\r\n", i)) {
                rows.add(row);
                row = new ArrayList<>();
                i += 2;
            } else {
                assertThat(text.charAt(i)).isEqualTo(',');
                i++;
            }
        }
        return rows;
    }

    @Test
    void csvQuotesEverythingAndNeutralisesFormulas() throws Exception {
        Path file = ExportFormat.CSV.write(new ReportWriter(out), hostile(), Path.of("r.csv"), null);
        List<List<String>> rows = parseCsv(Files.readString(file, StandardCharsets.UTF_8));
        List<String> header = rows.get(0);
        assertThat(header).startsWith("record", "session_id", "seed");
        assertThat(rows).allSatisfy(r -> assertThat(r).hasSameSizeAs(header));
        assertThat(rows.stream().filter(r -> r.get(0).equals("finding"))).hasSize(5);
        assertThat(rows.stream().filter(r -> r.get(0).equals("target"))).hasSize(3);
        int detail = header.indexOf("detail");
        for (List<String> r : rows) {
            for (String cell : r) {
                assertThat(cell).doesNotStartWith("=").doesNotStartWith("+").doesNotStartWith("-").doesNotStartWith("@")
                        .doesNotStartWith("\t").doesNotStartWith("\r");
            }
        }
        assertThat(rows.stream().map(r -> r.get(detail))).contains("'@SUM(1+1) leaked [REDACTED] [click](javascript:alert(1)) | ` ``` <img src=x onerror=alert(1)>", "'-1+2 slow");
        assertThat(rows.get(1).get(2)).isEqualTo("424242");
        assertThat(Files.readString(file)).doesNotContain("hunter2", "SECRET123");
    }

    @Test
    void xmlIsWellFormedEvenWithIllegalCharacters() throws Exception {
        String xml = ExportFormat.XML.render(hostile(), Severity.HIGH);
        Document doc = parseXml(xml);
        Element root = doc.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("mcp-fuzzer-report");
        assertThat(doc.getElementsByTagName("finding").getLength()).isEqualTo(5);
        assertThat(doc.getElementsByTagName("seed").item(0).getTextContent()).isEqualTo("424242");
        assertThat(xml).contains("&lt;script&gt;").doesNotContain(Fixtures.SCRIPT).doesNotContain("hunter2");
        assertThat(doc.getElementsByTagName("target").getLength()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void htmlIsOneSelfContainedEscapedFileWithAnInlineChart() throws Exception {
        String html = ExportFormat.HTML.render(hostile(), Severity.HIGH);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg", "</svg>", "Content-Security-Policy",
                "424242", "&lt;script&gt;");
        assertThat(html.toLowerCase()).doesNotContain("<script", "src=", "<link", "@import", "url(", "http-equiv=\"refresh")
                .doesNotContain("<img", "href=\"http", "javascript:alert(1)\">");
        assertThat(html).doesNotContain("\u001b", "\u0000", "\u202e", "hunter2", "SECRET123").contains("&lt;U+202E&gt;");
        String svg = html.substring(html.indexOf("<svg"), html.indexOf("</svg>") + 6);
        assertThat(svg).contains("tool:&lt;script&gt;");
        parseXml(svg); // the chart itself is well-formed XML
    }

    @Test
    void markdownCannotBeInjected() {
        String md = ExportFormat.MARKDOWN.render(hostile(), Severity.HIGH);
        assertThat(md).startsWith("# MCP Fuzzer Report");
        assertThat(md).doesNotContain("\u001b", "\u202e", "\u0000");
        // code blocks hold evidence literally; outside them nothing may render as markup
        String prose = md.replaceAll("(?s)```+json\n.*?\n```+\n", "");
        assertThat(prose).doesNotContain("<script>", "[click](", "](javascript");
        assertThat(prose).as("no unescaped < [ ( `").doesNotContainPattern("(?<!\\\\)[<\\[(`]");
        assertThat(md).doesNotContain("\n```\n```");
        assertThat(md).contains("\\<script\\>", "\\[click\\]\\(javascript\\:alert\\(1\\)\\)", "424242");
        // every table row keeps its column count: pipes from servers are escaped
        md.lines().filter(l -> l.startsWith("| critical") || l.startsWith("| medium")).forEach(line ->
                assertThat(line.replace("\\|", "").chars().filter(c -> c == '|').count()).isEqualTo(8));
    }

    @Test
    void sarifHasTheRequiredStructure() {
        JsonNode sarif = Json.parse(ExportFormat.SARIF.render(hostile(), Severity.HIGH));
        assertThat(sarif.path("version").asString()).isEqualTo("2.1.0");
        assertThat(sarif.path("$schema").asString()).contains("sarif-schema-2.1.0");
        JsonNode run = sarif.path("runs").get(0);
        assertThat(run.path("tool").path("driver").path("name").asString()).isEqualTo("mcp-fuzzer");
        assertThat(run.path("tool").path("driver").path("version").asString()).isEqualTo("0.1.0");
        JsonNode results = run.path("results");
        assertThat(results.size()).isEqualTo(5);
        List<String> levels = new ArrayList<>();
        for (JsonNode r : results) {
            assertThat(r.path("ruleId").asString()).isNotBlank();
            assertThat(r.path("message").path("text").asString()).isNotBlank();
            levels.add(r.path("level").asString());
            JsonNode logical = r.path("locations").get(0).path("logicalLocations").get(0);
            assertThat(logical.path("name").isString()).isTrue();
            assertThat(r.path("partialFingerprints").path("mcpFuzzerFindingId/v1").asString()).hasSize(16);
            int index = r.path("ruleIndex").asInt();
            assertThat(run.path("tool").path("driver").path("rules").get(index).path("id").asString())
                    .isEqualTo(r.path("ruleId").asString());
        }
        assertThat(levels).containsExactly("error", "error", "warning", "warning", "note");
        assertThat(results.get(2).path("ruleId").asString()).isIn("OR1", "protocol_violation");
        assertThat(run.path("invocations").get(0).path("properties").path("seed").asLong()).isEqualTo(424242L);
    }

    @Test
    void junitHasOneTestcasePerTargetAndFailuresAtOrAboveThreshold() throws Exception {
        String junit = ExportFormat.JUNIT.render(hostile(), Severity.HIGH);
        assertThat(junit).doesNotContain("\u202e", "\u001b").contains("<U+202E>".replace("<", "&lt;").replace(">", "&gt;"));
        Document high = parseXml(junit);
        NodeList cases = high.getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            names.add(c.getAttribute("classname") + "/" + c.getAttribute("name"));
        }
        assertThat(names).contains("mcp-fuzzer.tool/echo", "mcp-fuzzer.protocol/PingRequest",
                "mcp-fuzzer.tool/" + Fixtures.SCRIPT);
        assertThat(high.getElementsByTagName("failure").getLength()).isEqualTo(2);
        Document low = parseXml(ExportFormat.JUNIT.render(hostile(), Severity.LOW));
        assertThat(low.getElementsByTagName("failure").getLength()).isEqualTo(5);
        NodeList props = high.getElementsByTagName("property");
        boolean seed = false;
        for (int i = 0; i < props.getLength(); i++) {
            Element p = (Element) props.item(i);
            seed |= p.getAttribute("name").equals("seed") && p.getAttribute("value").equals("424242");
        }
        assertThat(seed).isTrue();
        Element suite = (Element) high.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        Document interrupted = parseXml(ExportFormat.JUNIT.render(Fixtures.report("interrupted"), Severity.HIGH));
        assertThat(interrupted.getElementsByTagName("error").getLength()).isEqualTo(1);
    }
}
