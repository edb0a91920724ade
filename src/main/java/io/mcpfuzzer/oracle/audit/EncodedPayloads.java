package io.mcpfuzzer.oracle.audit;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * Decodes encoded runs inside definition text (base64 and base64url, hex, {@code \}{@code xNN},
 * percent-encoding, {@code \}{@code uNNNN} escapes, numeric HTML entities, Unicode tag characters and
 * ROT13) and rescans the decoded text with the poisoning and secret-path markers. A decoding counts only
 * when it yields mostly printable UTF-8. At most {@link #MAX_CANDIDATES} candidates of at most
 * {@link #MAX_CANDIDATE_CHARS} characters per text; decoded text is rescanned one level deeper.
 * Runs are found by the linear hand scanners of {@link EncodedRuns} (no regular expressions, no recursion).
 * Stateless and thread-safe.
 */
public final class EncodedPayloads {
    public static final int MAX_CANDIDATES = 32;
    public static final int MAX_CANDIDATE_CHARS = 8192;

    /** One decoded payload that contains markers. */
    public record Decoded(String encoding, String encoded, String decoded, List<InjectionMarkers.Hit> hits) {}

    private EncodedPayloads() {}

    /** Encoded runs in text whose decoding contains poisoning or secret-path markers. */
    public static List<Decoded> scan(String text) {
        List<Decoded> out = new ArrayList<>();
        scan(text, out, 0);
        return out;
    }

    private static void scan(String text, List<Decoded> out, int level) {
        int[] budget = {MAX_CANDIDATES};
        each(EncodedRuns.Kind.BASE64, text, budget, s -> decodeBase64(s), "base64", out, level);
        each(EncodedRuns.Kind.HEX, text, budget, s -> utf8(HexFormat.of().parseHex(s)), "hex", out, level);
        each(EncodedRuns.Kind.X_ESCAPES, text, budget, s -> utf8(HexFormat.of().parseHex(s.replace("\\x", ""))),
                "hex_escape", out, level);
        each(EncodedRuns.Kind.PERCENT, text, budget, EncodedPayloads::decodePercent, "percent", out, level);
        each(EncodedRuns.Kind.U_ESCAPES, text, budget, EncodedPayloads::decodeUnicodeEscapes, "unicode_escape", out, level);
        each(EncodedRuns.Kind.ENTITIES, text, budget, EncodedPayloads::decodeEntities, "html_entity", out, level);
        String tags = HiddenContent.decodeTags(text);
        if (!tags.isEmpty()) {
            report("unicode_tag", "", tags, out, level);
        }
        if (level == 0) {
            String rot = rot13(text.length() > MAX_CANDIDATE_CHARS * 4 ? text.substring(0, MAX_CANDIDATE_CHARS * 4) : text);
            List<InjectionMarkers.Hit> hits = InjectionMarkers.scan(InjectionMarkers.POISONING, rot, 5);
            if (!hits.isEmpty() && !InjectionMarkers.any(InjectionMarkers.POISONING, text)) {
                out.add(new Decoded("rot13", "", Snippet.excerpt(rot, Snippet.MAX_EXCERPT), hits));
            }
        }
    }

    private interface Decoder {
        String decode(String s) throws Exception;
    }

    private static void each(EncodedRuns.Kind kind, String text, int[] budget, Decoder d, String encoding,
            List<Decoded> out, int level) {
        int[] run;
        int from = 0;
        while (budget[0] > 0 && (run = kind.next(text, from)) != null) {
            from = Math.max(run[1], run[0] + 1);
            if (run[1] - run[0] > MAX_CANDIDATE_CHARS) {
                continue;
            }
            String cand = text.substring(run[0], run[1]);
            budget[0]--;
            String decoded;
            try {
                decoded = d.decode(cand);
            } catch (Exception notThisEncoding) {
                continue;
            }
            if (decoded != null && mostlyPrintable(decoded)) {
                report(encoding, cand, decoded, out, level);
            }
        }
    }

    private static void report(String encoding, String encoded, String decoded, List<Decoded> out, int level) {
        List<InjectionMarkers.Hit> hits = new ArrayList<>(InjectionMarkers.scan(InjectionMarkers.POISONING, decoded, 5));
        hits.addAll(InjectionMarkers.scan(InjectionMarkers.SECRET_PATHS, decoded, 2));
        if (!hits.isEmpty()) {
            out.add(new Decoded(encoding, Snippet.excerpt(encoded, 120), Snippet.excerpt(decoded, Snippet.MAX_EXCERPT), hits));
        } else if (level == 0) {
            int before = out.size();
            scan(decoded, out, 1);
            for (int i = before; i < out.size(); i++) {
                Decoded inner = out.get(i);
                out.set(i, new Decoded(encoding + "+" + inner.encoding(), Snippet.excerpt(encoded, 120),
                        inner.decoded(), inner.hits()));
            }
        }
    }

    static String decodeBase64(String s) throws CharacterCodingException {
        String t = s.replace('-', '+').replace('_', '/');
        int pad = (4 - t.replace("=", "").length() % 4) % 4;
        t = t.replace("=", "") + "=".repeat(pad);
        return utf8(Base64.getDecoder().decode(t));
    }

    private static String decodePercent(String s) {
        return java.net.URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String decodeUnicodeEscapes(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i + 6 <= s.length(); i += 6) {
            sb.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
        }
        return sb.toString();
    }

    private static String decodeEntities(String s) {
        StringBuilder sb = new StringBuilder();
        for (String part : s.split(";")) {
            if (part.startsWith("&#x") || part.startsWith("&#X")) {
                sb.appendCodePoint(Integer.parseInt(part.substring(3), 16));
            } else if (part.startsWith("&#")) {
                sb.appendCodePoint(Integer.parseInt(part.substring(2)));
            }
        }
        return sb.toString();
    }

    static String rot13(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            if (c >= 'a' && c <= 'z') {
                sb.append((char) ('a' + (c - 'a' + 13) % 26));
            } else if (c >= 'A' && c <= 'Z') {
                sb.append((char) ('A' + (c - 'A' + 13) % 26));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Strict UTF-8 decoding; throws on malformed input. */
    static String utf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    }

    /** At least 85 % letters, digits, punctuation or spaces, and not empty. */
    static boolean mostlyPrintable(String s) {
        if (s.isEmpty()) {
            return false;
        }
        long ok = s.codePoints().filter(cp -> cp == '\n' || cp == '\t' || cp == '\r'
                || (!Character.isISOControl(cp) && Character.isDefined(cp) && cp != 0xFFFD)).count();
        return ok * 100 >= s.codePoints().count() * 85L;
    }
}
