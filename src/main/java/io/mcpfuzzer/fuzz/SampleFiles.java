package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.RealisticHints;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sample files of common types (txt, md, json, csv, png, pdf; each small and valid) planted in the
 * {@code --fs-root} folder at campaign start, so that realistic calls to file tools name files that
 * exist and have the type the tool reads. An existing file of the same name is left as it is (and
 * still offered). The files stay after the run (the folder is the fuzzer's own). Stateless.
 */
public final class SampleFiles {
    private static final Logger LOG = LoggerFactory.getLogger(SampleFiles.class);
    private static final String PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n4 0 obj << /Length 40 >> stream\nBT /F1 12 Tf 20 50 Td (Sample PDF) Tj ET\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\nxref\n0 6\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \n0000000241 00000 n \n0000000331 00000 n \ntrailer << /Size 6 /Root 1 0 R >>\nstartxref\n401\n%%EOF\n";
    private static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4//8/AAX+Av6n1qTGAAAAAElFTkSuQmCC";

    private SampleFiles() {}

    /** The names and contents planted. */
    static Map<String, byte[]> contents() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("sample-notes.txt", "Meeting notes\nThe quarterly report is due on Friday.\n".getBytes(StandardCharsets.UTF_8));
        files.put("sample-readme.md", "# Sample\n\nA *markdown* file with a [link](https://example.com).\n"
                .getBytes(StandardCharsets.UTF_8));
        files.put("sample-data.json", "{\"name\": \"sample\", \"items\": [1, 2, 3], \"active\": true}\n"
                .getBytes(StandardCharsets.UTF_8));
        files.put("sample-table.csv", "id,name,city\n1,Ada,London\n2,Linus,Helsinki\n".getBytes(StandardCharsets.UTF_8));
        files.put("sample-image.png", Base64.getDecoder().decode(PNG));
        files.put("sample-document.pdf", PDF.getBytes(StandardCharsets.ISO_8859_1));
        return files;
    }

    /**
     * Plants the samples in {@code root} and returns the hints naming them (sorted, absolute);
     * {@link RealisticHints#none()} for a null root. A file that cannot be written is logged and left out.
     */
    public static RealisticHints plant(Path root) {
        if (root == null) {
            return RealisticHints.none();
        }
        Path dir = root.toAbsolutePath().normalize();
        List<String> planted = new ArrayList<>();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            LOG.warn("sample files not planted: cannot create {}: {}", dir, e.getMessage());
            return new RealisticHints(dir.toString(), List.of());
        }
        for (Map.Entry<String, byte[]> e : contents().entrySet()) {
            Path file = dir.resolve(e.getKey());
            try {
                if (!Files.exists(file)) {
                    Files.write(file, e.getValue());
                }
                planted.add(file.toString());
            } catch (IOException ex) {
                LOG.warn("sample file {} not planted: {}", file, ex.getMessage());
            }
        }
        planted.sort(null);
        return new RealisticHints(dir.toString(), planted);
    }
}
