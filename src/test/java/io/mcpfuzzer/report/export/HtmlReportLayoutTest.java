package io.mcpfuzzer.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Fixtures;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.Redactor;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The HTML report's layout: what a reader sees first, how outcomes are ordered, and that it is well-formed. */
class HtmlReportLayoutTest {
    static Report report() {
        RunSummary f = Fixtures.summary("completed");
        Map<String, Map<String, Long>> perTarget = new LinkedHashMap<>();
        for (int i = 0; i < 26; i++) {
            perTarget.put("frame:malformed-" + i, Map.of("no_answer", 1L));
        }
        perTarget.put("protocol:InitializeRequest", Map.of("rejected", 3L));
        perTarget.put("tool:calm", Map.of("ok", 4L, "tool_error", 2L));
        perTarget.putAll(f.perTarget()); // tool:echo (crash), tool:<script> (hang), protocol:PingRequest
        Map<String, Object> server = new LinkedHashMap<>(f.serverInfo());
        server.put("capabilities", Map.of("tools", Map.of("listChanged", true)));
        Map<String, Object> containment = Map.of("sandbox", "bwrap", "network", "none",
                "fs", Map.of("root", "/tmp/x", "writable", List.of("/tmp/x/out", "/tmp/y")));
        RunSummary s = new RunSummary(f.status(), f.statusReason(), f.seed(), f.mode(), f.phase(), "stdio",
                "python3 server.py", f.protocolVersion(), server, f.commandLine(), f.fuzzerVersion(), f.startedAt(),
                f.endedAt(), f.totalRuns(), perTarget, f.findingsByCategory(), f.findingsBySeverity(), containment,
                f.warnings());
        List<Finding> findings = new ArrayList<>(Fixtures.findings());
        findings.add(Finding.of("error_leakage", Severity.LOW, "tool", "echo", 3, "line1\n</pre><script>x()</script>",
                Map.of("input", Map.of("text", "</pre><img src=x onerror=alert(1)>")), "sig-9"));
        return Report.of("sess-1", s, findings, Redactor.standard());
    }

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setExpandEntityReferences(false);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void severityCountsThenFindingsThenOutcomesAndItIsWellFormed() throws Exception {
        String html = HtmlExport.render(report());
        Document doc = parse(html); // XHTML syntax: the JDK XML parser accepts it
        int counts = html.indexOf("id=\"severity-counts\"");
        int findings = html.indexOf("id=\"findings\"");
        int outcomes = html.indexOf("id=\"outcomes\"");
        int server = html.indexOf("id=\"server\"");
        assertThat(counts).isPositive().isLessThan(findings);
        assertThat(findings).isLessThan(html.indexOf("id=\"f-")).isLessThan(outcomes);
        assertThat(outcomes).isLessThan(server);

        List<String> items = texts(byId(doc, "ul", "severity-counts").getElementsByTagName("li"));
        assertThat(items).containsExactly("critical: 1", "high: 1", "medium: 1", "low: 2", "info: 0");

        List<String> headings = texts(doc.getElementsByTagName("h3"));
        assertThat(headings.get(0)).startsWith("critical crash");
        assertThat(headings.get(headings.size() - 1)).startsWith("low ");
    }

    @Test
    void outcomesCrashesFirstFramesLastAndDistinctColours() throws Exception {
        String html = HtmlExport.render(report());
        List<String> rows = new ArrayList<>();
        NodeList trs = parse(html).getElementsByTagName("tr");
        for (int i = 0; i < trs.getLength(); i++) {
            Element tr = (Element) trs.item(i);
            if (tr.getAttribute("class").equals("target")) {
                rows.add(String.join(" | ", texts(tr.getElementsByTagName("td"))));
            }
        }
        assertThat(rows).hasSize(31);
        assertThat(rows.get(0)).startsWith("tool | echo |").contains("crash 2");
        assertThat(rows.get(1)).startsWith("tool | <script>alert(1)</script> |").contains("hang 1");
        int firstFrame = rows.indexOf(rows.stream().filter(r -> r.startsWith("frame |")).findFirst().orElseThrow());
        assertThat(firstFrame).isEqualTo(5);
        rows.subList(firstFrame, rows.size()).forEach(r -> assertThat(r).startsWith("frame |"));
        assertThat(rows.get(0).indexOf("crash")).isLessThan(rows.get(0).indexOf("ok"));

        String toolError = colour(html, "o-tool_error");
        String rejected = colour(html, "o-rejected");
        String ok = colour(html, "o-ok");
        assertThat(List.of(toolError, rejected, ok)).doesNotHaveDuplicates();
        assertThat(Math.abs(hue(toolError) - hue(rejected))).as(toolError + " vs " + rejected).isGreaterThan(60);
        assertThat(Math.abs(hue(toolError) - hue(ok))).isGreaterThan(40);
    }

    @Test
    void reproductionInPreAndServerAndContainmentAsKeyValueTables() throws Exception {
        Report report = report();
        String html = HtmlExport.render(report);
        Document doc = parse(html);
        List<String> pres = new ArrayList<>();
        NodeList all = doc.getElementsByTagName("pre");
        for (int i = 0; i < all.getLength(); i++) {
            Element pre = (Element) all.item(i);
            if (pre.getAttribute("class").equals("repro")) {
                pres.add(pre.getTextContent());
            }
        }
        Finding crash = report.findings().stream().filter(f -> f.category().equals("crash")).findFirst().orElseThrow();
        String line = ReportNodes.replay(crash, report).path("line").asString();
        String shell = ReportNodes.replay(crash, report).path("shell").asString();
        assertThat(line).isNotBlank();
        assertThat(pres).contains(line, shell);
        assertThat(doc.getElementsByTagName("script").getLength()).isZero();
        assertThat(doc.getElementsByTagName("img").getLength()).isZero();
        assertThat(html).contains("&lt;/pre&gt;&lt;img src").doesNotContain("</pre><img", "</pre><script");

        Map<String, String> kv = new LinkedHashMap<>();
        NodeList ths = doc.getElementsByTagName("th");
        for (int i = 0; i < ths.getLength(); i++) {
            Element th = (Element) ths.item(i);
            if (th.getAttribute("scope").equals("row")) {
                Node td = th.getNextSibling();
                kv.put(th.getTextContent(), td.getTextContent());
            }
        }
        assertThat(kv).containsEntry("version", "1.0").containsEntry("capabilities.tools.listChanged", "true")
                .containsEntry("sandbox", "bwrap").containsEntry("fs.writable", "/tmp/x/out, /tmp/y");
        assertThat(kv.get("name")).startsWith("evil").doesNotContain("\u001b");
        assertThat(kv.values()).noneMatch(v -> v.startsWith("{"));
    }

    private static Element byId(Document doc, String tag, String id) {
        NodeList list = doc.getElementsByTagName(tag);
        for (int i = 0; i < list.getLength(); i++) {
            if (((Element) list.item(i)).getAttribute("id").equals(id)) {
                return (Element) list.item(i);
            }
        }
        throw new AssertionError("no " + tag + "#" + id);
    }

    private static List<String> texts(NodeList list) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add(list.item(i).getTextContent().replaceAll("\\s+", " ").trim());
        }
        return out;
    }

    private static String colour(String html, String cls) {
        Matcher m = Pattern.compile("\\." + cls + " \\{ background: (#[0-9a-f]{6})").matcher(html);
        assertThat(m.find()).as(cls).isTrue();
        return m.group(1);
    }

    private static int hue(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        float[] hsb = java.awt.Color.RGBtoHSB(rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff, null);
        return Math.round(hsb[0] * 360);
    }
}
