package io.mcpfuzzer.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Finds live (non-zombie) processes whose command line contains a marker, via /proc. */
public final class ProcScan {
    private ProcScan() {}

    public static List<Long> alive(String marker) {
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
                    String stat = Files.readString(p.resolve("stat"));
                    char state = stat.charAt(stat.lastIndexOf(')') + 2);
                    if (cmd.contains(marker) && state != 'Z' && state != 'X') {
                        out.add(Long.parseLong(name));
                    }
                } catch (IOException | RuntimeException e) {
                    // process vanished meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }
}
