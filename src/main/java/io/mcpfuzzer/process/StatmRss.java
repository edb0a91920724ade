package io.mcpfuzzer.process;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * Resident set size from {@code /proc/<pid>/statm}: its second number is the same page count the
 * kernel prints as {@code VmRSS} in {@code status} (file, anonymous and shared-memory pages), at a
 * fraction of the kernel's cost (measured here: about 7.5 us of CPU per read against 16 us), which
 * matters because the RSS is sampled after every tool call. Pages become kB with the base page size,
 * read once as the smallest {@code KernelPageSize:} of this JVM's mappings in
 * {@code /proc/self/smaps}. Thread-safe.
 */
final class StatmRss {
    /** The base page size in kB, or 0 when it could not be read (then callers read {@code status}). */
    static final long PAGE_KB = pageKb();
    private static final int MAX_STATM_BYTES = 256;
    private static final int MAX_SMAPS_BYTES = 64 * 1024;

    private StatmRss() {
    }

    /** Resident kB of the process, or empty when it vanished, is unreadable or {@link #PAGE_KB} is 0. */
    static OptionalLong kb(long pid) {
        if (PAGE_KB <= 0 || pid <= 0) {
            return OptionalLong.empty();
        }
        byte[] buffer = new byte[MAX_STATM_BYTES];
        int length = 0;
        try (InputStream in = new FileInputStream("/proc/" + pid + "/statm")) {
            for (int n; length < buffer.length && (n = in.read(buffer, length, buffer.length - length)) > 0; ) {
                length += n;
            }
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty(); // vanished or unreadable
        }
        long pages = residentPages(buffer, length);
        return pages < 0 ? OptionalLong.empty() : OptionalLong.of(pages * PAGE_KB);
    }

    /** The second decimal field of a statm line ("size resident shared ..."), or -1. */
    static long residentPages(byte[] statm, int n) {
        int i = 0;
        while (i < n && statm[i] >= '0' && statm[i] <= '9') {
            i++;
        }
        if (i == 0 || i >= n || statm[i] != ' ') {
            return -1;
        }
        i++;
        long pages = 0;
        int digits = 0;
        while (i < n && statm[i] >= '0' && statm[i] <= '9' && digits < 18) {
            pages = pages * 10 + (statm[i++] - '0');
            digits++;
        }
        return digits == 0 ? -1 : pages;
    }

    private static long pageKb() {
        try (InputStream in = new FileInputStream("/proc/self/smaps")) {
            return kernelPageKb(new String(in.readNBytes(MAX_SMAPS_BYTES), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * The smallest {@code KernelPageSize:} (in kB) of the mappings in the text, or 0 when none is
     * readable. The smallest, not the first: a JVM started with large pages maps its heap first with
     * 2048 kB pages, while statm always counts base pages.
     */
    static long kernelPageKb(String smaps) {
        long smallest = 0;
        for (int at = smaps.indexOf("\nKernelPageSize:"); at >= 0; at = smaps.indexOf("\nKernelPageSize:", at + 1)) {
            int i = at + 16;
            while (i < smaps.length() && smaps.charAt(i) == ' ') {
                i++;
            }
            long kb = 0;
            int digits = 0;
            while (i < smaps.length() && smaps.charAt(i) >= '0' && smaps.charAt(i) <= '9' && digits < 9) {
                kb = kb * 10 + (smaps.charAt(i++) - '0');
                digits++;
            }
            if (digits > 0 && kb > 0 && smaps.startsWith(" kB", i) && (smallest == 0 || kb < smallest)) {
                smallest = kb;
            }
        }
        return smallest;
    }
}
