package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Pins what {@link ToolInputPlanner} generates: for every {@link TrickySchemas} schema, an echo
 * tool and an id-taking tool, several seeds, both phases and an id pool, the SHA-256 of everything
 * a {@link GeneratedInput} carries (value, verdict, label, target, validation errors, problems,
 * canary, run seed, harvested ids) over {@value #RUNS} runs. The expected digests were written by
 * the generator before the per-call CPU work, so a speed-up that changes any input for a seed fails
 * here. Run with {@code -Ddigest.print=true} to print the actual digests.
 */
class GenerationDigestTest {
    private static final int RUNS = 24;
    private static final long[] SEEDS = {0, 42, -7};

    private static final Map<String, String> EXPECTED = expected();

    private static Map<String, String> expected() {
        Map<String, String> m = new LinkedHashMap<>();
        // Written by the generator at commit 3536f58 (before the per-call CPU work).
        m.put("one-string/0/REALISTIC", "cc2be46c935be026eec57dd3");
        m.put("one-string/0/REALISTIC/ids", "cc2be46c935be026eec57dd3");
        m.put("one-string/0/AGGRESSIVE", "b59d62c1daf299e92cc22168");
        m.put("one-string/0/AGGRESSIVE/ids", "b59d62c1daf299e92cc22168");
        m.put("one-string/42/REALISTIC", "2a8d9cebc4a2e18d6ce5dcb8");
        m.put("one-string/42/REALISTIC/ids", "2a8d9cebc4a2e18d6ce5dcb8");
        m.put("one-string/42/AGGRESSIVE", "c391d9ee41afefac800b2abd");
        m.put("one-string/42/AGGRESSIVE/ids", "c391d9ee41afefac800b2abd");
        m.put("one-string/-7/REALISTIC", "93cdaf0da14f0bd2f26f5fc5");
        m.put("one-string/-7/REALISTIC/ids", "93cdaf0da14f0bd2f26f5fc5");
        m.put("one-string/-7/AGGRESSIVE", "f731f67b01651ff0b5789c92");
        m.put("one-string/-7/AGGRESSIVE/ids", "f731f67b01651ff0b5789c92");
        m.put("lengths/0/REALISTIC", "0164199fbada44af953a7c5e");
        m.put("lengths/0/REALISTIC/ids", "0164199fbada44af953a7c5e");
        m.put("lengths/0/AGGRESSIVE", "bfe91336576088ba3b44093a");
        m.put("lengths/0/AGGRESSIVE/ids", "bfe91336576088ba3b44093a");
        m.put("lengths/42/REALISTIC", "8313ce7665640c8dee28327e");
        m.put("lengths/42/REALISTIC/ids", "8313ce7665640c8dee28327e");
        m.put("lengths/42/AGGRESSIVE", "b41e544ee992e97a78b4a05e");
        m.put("lengths/42/AGGRESSIVE/ids", "b41e544ee992e97a78b4a05e");
        m.put("lengths/-7/REALISTIC", "dc354f99d396cc8e6070e943");
        m.put("lengths/-7/REALISTIC/ids", "dc354f99d396cc8e6070e943");
        m.put("lengths/-7/AGGRESSIVE", "e44180656cb60351d476057e");
        m.put("lengths/-7/AGGRESSIVE/ids", "e44180656cb60351d476057e");
        m.put("formats/0/REALISTIC", "6ca217daf909f4a7239f9ff8");
        m.put("formats/0/REALISTIC/ids", "6ca217daf909f4a7239f9ff8");
        m.put("formats/0/AGGRESSIVE", "d7e8adc7b7c1ef9938cc0d83");
        m.put("formats/0/AGGRESSIVE/ids", "d7e8adc7b7c1ef9938cc0d83");
        m.put("formats/42/REALISTIC", "1ef7dfa4d6f90efad94a47e4");
        m.put("formats/42/REALISTIC/ids", "1ef7dfa4d6f90efad94a47e4");
        m.put("formats/42/AGGRESSIVE", "d89b3d0511d7a397f26a2122");
        m.put("formats/42/AGGRESSIVE/ids", "d89b3d0511d7a397f26a2122");
        m.put("formats/-7/REALISTIC", "a004093e158e2db02cda7296");
        m.put("formats/-7/REALISTIC/ids", "a004093e158e2db02cda7296");
        m.put("formats/-7/AGGRESSIVE", "979b2f2dd4a4ed9f527c019e");
        m.put("formats/-7/AGGRESSIVE/ids", "979b2f2dd4a4ed9f527c019e");
        m.put("patterns/0/REALISTIC", "287ee64f0e43ce3c5dd4de60");
        m.put("patterns/0/REALISTIC/ids", "287ee64f0e43ce3c5dd4de60");
        m.put("patterns/0/AGGRESSIVE", "3257717b7c53b3242cfb4c2b");
        m.put("patterns/0/AGGRESSIVE/ids", "3257717b7c53b3242cfb4c2b");
        m.put("patterns/42/REALISTIC", "0a3f231fab42525d0b6aa966");
        m.put("patterns/42/REALISTIC/ids", "0a3f231fab42525d0b6aa966");
        m.put("patterns/42/AGGRESSIVE", "d62ee4a31016b67d97e75900");
        m.put("patterns/42/AGGRESSIVE/ids", "d62ee4a31016b67d97e75900");
        m.put("patterns/-7/REALISTIC", "65784316019900dd97212a9f");
        m.put("patterns/-7/REALISTIC/ids", "65784316019900dd97212a9f");
        m.put("patterns/-7/AGGRESSIVE", "5eac0a6a7c011dc9dda2ddd8");
        m.put("patterns/-7/AGGRESSIVE/ids", "5eac0a6a7c011dc9dda2ddd8");
        // numbers: rewritten on purpose when realistic whole quantities (limit, offset...) became whole numbers
        m.put("numbers/0/REALISTIC", "ca800c90f32a9b74e560b1c0");
        m.put("numbers/0/REALISTIC/ids", "ca800c90f32a9b74e560b1c0");
        m.put("numbers/0/AGGRESSIVE", "15a2f2abcd9d9babfbe2dfec");
        m.put("numbers/0/AGGRESSIVE/ids", "15a2f2abcd9d9babfbe2dfec");
        m.put("numbers/42/REALISTIC", "ffe07d78d5836c53a6c0807c");
        m.put("numbers/42/REALISTIC/ids", "ffe07d78d5836c53a6c0807c");
        m.put("numbers/42/AGGRESSIVE", "aacf9cbe101e22b686022c4d");
        m.put("numbers/42/AGGRESSIVE/ids", "aacf9cbe101e22b686022c4d");
        m.put("numbers/-7/REALISTIC", "19deca43924bae1c525aeb4d");
        m.put("numbers/-7/REALISTIC/ids", "19deca43924bae1c525aeb4d");
        m.put("numbers/-7/AGGRESSIVE", "e1d0e980917ee7bc9220a383");
        m.put("numbers/-7/AGGRESSIVE/ids", "e1d0e980917ee7bc9220a383");
        m.put("draft04/0/REALISTIC", "2fee296bcce2e2c36d67ac0a");
        m.put("draft04/0/REALISTIC/ids", "2fee296bcce2e2c36d67ac0a");
        m.put("draft04/0/AGGRESSIVE", "a35bc49eaf56311d6da367b0");
        m.put("draft04/0/AGGRESSIVE/ids", "a35bc49eaf56311d6da367b0");
        m.put("draft04/42/REALISTIC", "cf8be6051df7e7c3255a263c");
        m.put("draft04/42/REALISTIC/ids", "cf8be6051df7e7c3255a263c");
        m.put("draft04/42/AGGRESSIVE", "9739b56d3eb0b4332bf27d0f");
        m.put("draft04/42/AGGRESSIVE/ids", "9739b56d3eb0b4332bf27d0f");
        m.put("draft04/-7/REALISTIC", "1bb4dbc4ac6d66ffbecafd40");
        m.put("draft04/-7/REALISTIC/ids", "1bb4dbc4ac6d66ffbecafd40");
        m.put("draft04/-7/AGGRESSIVE", "31d693d1fbe8779f899196aa");
        m.put("draft04/-7/AGGRESSIVE/ids", "31d693d1fbe8779f899196aa");
        m.put("draft04-undeclared/0/REALISTIC", "1cbba7dd2e2b2589d9a962d2");
        m.put("draft04-undeclared/0/REALISTIC/ids", "1cbba7dd2e2b2589d9a962d2");
        m.put("draft04-undeclared/0/AGGRESSIVE", "9aab85c888e9ed6dfe72a0f0");
        m.put("draft04-undeclared/0/AGGRESSIVE/ids", "9aab85c888e9ed6dfe72a0f0");
        m.put("draft04-undeclared/42/REALISTIC", "5657ad3b3603612787a25ca3");
        m.put("draft04-undeclared/42/REALISTIC/ids", "5657ad3b3603612787a25ca3");
        m.put("draft04-undeclared/42/AGGRESSIVE", "d9ccf9e8d9449ab84a072629");
        m.put("draft04-undeclared/42/AGGRESSIVE/ids", "d9ccf9e8d9449ab84a072629");
        m.put("draft04-undeclared/-7/REALISTIC", "082a71826f32fd483837f9cb");
        m.put("draft04-undeclared/-7/REALISTIC/ids", "082a71826f32fd483837f9cb");
        m.put("draft04-undeclared/-7/AGGRESSIVE", "f41231a21cb479b3cca9ec7b");
        m.put("draft04-undeclared/-7/AGGRESSIVE/ids", "f41231a21cb479b3cca9ec7b");
        m.put("enum-const-union/0/REALISTIC", "a7d5f3b91d3e4c3bd8976c70");
        m.put("enum-const-union/0/REALISTIC/ids", "a7d5f3b91d3e4c3bd8976c70");
        m.put("enum-const-union/0/AGGRESSIVE", "17e2b542a84677d245982d16");
        m.put("enum-const-union/0/AGGRESSIVE/ids", "17e2b542a84677d245982d16");
        m.put("enum-const-union/42/REALISTIC", "ac7144e6f836e9643b54e2d0");
        m.put("enum-const-union/42/REALISTIC/ids", "ac7144e6f836e9643b54e2d0");
        m.put("enum-const-union/42/AGGRESSIVE", "7ec11a12318dd27d513612a8");
        m.put("enum-const-union/42/AGGRESSIVE/ids", "7ec11a12318dd27d513612a8");
        m.put("enum-const-union/-7/REALISTIC", "b02575d5a50f2fe849fe10d6");
        m.put("enum-const-union/-7/REALISTIC/ids", "b02575d5a50f2fe849fe10d6");
        m.put("enum-const-union/-7/AGGRESSIVE", "891b97ad725369d6cb0818cb");
        m.put("enum-const-union/-7/AGGRESSIVE/ids", "891b97ad725369d6cb0818cb");
        m.put("arrays/0/REALISTIC", "9f103062ce434a05432a343e");
        m.put("arrays/0/REALISTIC/ids", "9f103062ce434a05432a343e");
        m.put("arrays/0/AGGRESSIVE", "dd1c15a9bffafddc6e300e4e");
        m.put("arrays/0/AGGRESSIVE/ids", "dd1c15a9bffafddc6e300e4e");
        m.put("arrays/42/REALISTIC", "f2a09dcf959118f240f143d8");
        m.put("arrays/42/REALISTIC/ids", "f2a09dcf959118f240f143d8");
        m.put("arrays/42/AGGRESSIVE", "247efee3a0c728a7e24c9841");
        m.put("arrays/42/AGGRESSIVE/ids", "247efee3a0c728a7e24c9841");
        m.put("arrays/-7/REALISTIC", "2e7d790f58dfab47220b0b9b");
        m.put("arrays/-7/REALISTIC/ids", "2e7d790f58dfab47220b0b9b");
        m.put("arrays/-7/AGGRESSIVE", "bf2f8057338f293c231328cb");
        m.put("arrays/-7/AGGRESSIVE/ids", "bf2f8057338f293c231328cb");
        m.put("draft07-tuple/0/REALISTIC", "99915b509ba46fb134f12bd4");
        m.put("draft07-tuple/0/REALISTIC/ids", "99915b509ba46fb134f12bd4");
        m.put("draft07-tuple/0/AGGRESSIVE", "6bfdb42bcf398f31d1cc2925");
        m.put("draft07-tuple/0/AGGRESSIVE/ids", "6bfdb42bcf398f31d1cc2925");
        m.put("draft07-tuple/42/REALISTIC", "02743c0f3aeae5c7378d2420");
        m.put("draft07-tuple/42/REALISTIC/ids", "02743c0f3aeae5c7378d2420");
        m.put("draft07-tuple/42/AGGRESSIVE", "f1543a3879212bd48f2dd5a5");
        m.put("draft07-tuple/42/AGGRESSIVE/ids", "f1543a3879212bd48f2dd5a5");
        m.put("draft07-tuple/-7/REALISTIC", "b215cde2c22797483f843164");
        m.put("draft07-tuple/-7/REALISTIC/ids", "b215cde2c22797483f843164");
        m.put("draft07-tuple/-7/AGGRESSIVE", "a9c91df48e562b6460eb18f0");
        m.put("draft07-tuple/-7/AGGRESSIVE/ids", "a9c91df48e562b6460eb18f0");
        m.put("objects/0/REALISTIC", "73a1a88333b982435d0cd697");
        m.put("objects/0/REALISTIC/ids", "73a1a88333b982435d0cd697");
        m.put("objects/0/AGGRESSIVE", "70c04f7d3c3d05ac53c444bd");
        m.put("objects/0/AGGRESSIVE/ids", "70c04f7d3c3d05ac53c444bd");
        m.put("objects/42/REALISTIC", "9a2422869194a0070768c57d");
        m.put("objects/42/REALISTIC/ids", "9a2422869194a0070768c57d");
        m.put("objects/42/AGGRESSIVE", "b9181bc6da8a98615f4547cf");
        m.put("objects/42/AGGRESSIVE/ids", "b9181bc6da8a98615f4547cf");
        m.put("objects/-7/REALISTIC", "5e5c6dfdad30aa97fa0eea12");
        m.put("objects/-7/REALISTIC/ids", "5e5c6dfdad30aa97fa0eea12");
        m.put("objects/-7/AGGRESSIVE", "a345673a04ef10eb1b9153c1");
        m.put("objects/-7/AGGRESSIVE/ids", "a345673a04ef10eb1b9153c1");
        m.put("combinators/0/REALISTIC", "1238385dd2516d717bf3d410");
        m.put("combinators/0/REALISTIC/ids", "1238385dd2516d717bf3d410");
        m.put("combinators/0/AGGRESSIVE", "7b31722ee93b4d5f77ad8935");
        m.put("combinators/0/AGGRESSIVE/ids", "7b31722ee93b4d5f77ad8935");
        m.put("combinators/42/REALISTIC", "cf7677a958c501bc25c81212");
        m.put("combinators/42/REALISTIC/ids", "cf7677a958c501bc25c81212");
        m.put("combinators/42/AGGRESSIVE", "82bbcdbc18f6f7a73ea9f86b");
        m.put("combinators/42/AGGRESSIVE/ids", "82bbcdbc18f6f7a73ea9f86b");
        m.put("combinators/-7/REALISTIC", "5edf0df52aa2802de38f32db");
        m.put("combinators/-7/REALISTIC/ids", "5edf0df52aa2802de38f32db");
        m.put("combinators/-7/AGGRESSIVE", "0bc61fbd112a4db0608aaf43");
        m.put("combinators/-7/AGGRESSIVE/ids", "0bc61fbd112a4db0608aaf43");
        m.put("refs/0/REALISTIC", "b89a336b1eebecfa9c6471c5");
        m.put("refs/0/REALISTIC/ids", "b89a336b1eebecfa9c6471c5");
        m.put("refs/0/AGGRESSIVE", "287a301ee6a034b9c62abd73");
        m.put("refs/0/AGGRESSIVE/ids", "287a301ee6a034b9c62abd73");
        m.put("refs/42/REALISTIC", "e1dfef2420d1829f98ed1653");
        m.put("refs/42/REALISTIC/ids", "e1dfef2420d1829f98ed1653");
        m.put("refs/42/AGGRESSIVE", "30e0fc7567ff24bbf4d10175");
        m.put("refs/42/AGGRESSIVE/ids", "30e0fc7567ff24bbf4d10175");
        m.put("refs/-7/REALISTIC", "aad8f8a9b22bd2eff2ed10eb");
        m.put("refs/-7/REALISTIC/ids", "aad8f8a9b22bd2eff2ed10eb");
        m.put("refs/-7/AGGRESSIVE", "9089143294345783b44bc644");
        m.put("refs/-7/AGGRESSIVE/ids", "9089143294345783b44bc644");
        m.put("defaults-examples/0/REALISTIC", "ee24a8749ab1855f2675638e");
        m.put("defaults-examples/0/REALISTIC/ids", "ee24a8749ab1855f2675638e");
        m.put("defaults-examples/0/AGGRESSIVE", "c5da6ab8e9f81b22db198c92");
        m.put("defaults-examples/0/AGGRESSIVE/ids", "c5da6ab8e9f81b22db198c92");
        m.put("defaults-examples/42/REALISTIC", "2a27c420554d081191232d35");
        m.put("defaults-examples/42/REALISTIC/ids", "2a27c420554d081191232d35");
        m.put("defaults-examples/42/AGGRESSIVE", "21e7f5a9ff4b196cd015ce54");
        m.put("defaults-examples/42/AGGRESSIVE/ids", "21e7f5a9ff4b196cd015ce54");
        m.put("defaults-examples/-7/REALISTIC", "0a5839ed60c741adf23dc7bc");
        m.put("defaults-examples/-7/REALISTIC/ids", "0a5839ed60c741adf23dc7bc");
        m.put("defaults-examples/-7/AGGRESSIVE", "756573e45cf03d71fd92a48e");
        m.put("defaults-examples/-7/AGGRESSIVE/ids", "756573e45cf03d71fd92a48e");
        m.put("edit-file-like/0/REALISTIC", "f650214d8a524b4be2198c70");
        m.put("edit-file-like/0/REALISTIC/ids", "f650214d8a524b4be2198c70");
        m.put("edit-file-like/0/AGGRESSIVE", "e047aef671c8514a8d10b155");
        m.put("edit-file-like/0/AGGRESSIVE/ids", "e047aef671c8514a8d10b155");
        m.put("edit-file-like/42/REALISTIC", "4f9c595daa8fbfbad678071e");
        m.put("edit-file-like/42/REALISTIC/ids", "4f9c595daa8fbfbad678071e");
        m.put("edit-file-like/42/AGGRESSIVE", "f508b6d854e8ae45323d442a");
        m.put("edit-file-like/42/AGGRESSIVE/ids", "f508b6d854e8ae45323d442a");
        m.put("edit-file-like/-7/REALISTIC", "d94bcee76700f96c7ed2b3d7");
        m.put("edit-file-like/-7/REALISTIC/ids", "d94bcee76700f96c7ed2b3d7");
        m.put("edit-file-like/-7/AGGRESSIVE", "6aae95e211c0a8bf34874549");
        m.put("edit-file-like/-7/AGGRESSIVE/ids", "6aae95e211c0a8bf34874549");
        m.put("empty-object/0/REALISTIC", "4277ecafd9396872058d9b36");
        m.put("empty-object/0/REALISTIC/ids", "4277ecafd9396872058d9b36");
        m.put("empty-object/0/AGGRESSIVE", "dba80899b1973f8eedd095b5");
        m.put("empty-object/0/AGGRESSIVE/ids", "dba80899b1973f8eedd095b5");
        m.put("empty-object/42/REALISTIC", "e2ad6b73cf53bc3366e675c9");
        m.put("empty-object/42/REALISTIC/ids", "e2ad6b73cf53bc3366e675c9");
        m.put("empty-object/42/AGGRESSIVE", "806d87c0300fd7673703f07f");
        m.put("empty-object/42/AGGRESSIVE/ids", "806d87c0300fd7673703f07f");
        m.put("empty-object/-7/REALISTIC", "bb8a11d2ee91312fcbe34e3c");
        m.put("empty-object/-7/REALISTIC/ids", "bb8a11d2ee91312fcbe34e3c");
        m.put("empty-object/-7/AGGRESSIVE", "334f92a9193cba65d9f779c7");
        m.put("empty-object/-7/AGGRESSIVE/ids", "334f92a9193cba65d9f779c7");
        m.put("no-type/0/REALISTIC", "0bce123a7ee263c3d90fd73a");
        m.put("no-type/0/REALISTIC/ids", "0bce123a7ee263c3d90fd73a");
        m.put("no-type/0/AGGRESSIVE", "f68e7b5e09c0520e526bd2f2");
        m.put("no-type/0/AGGRESSIVE/ids", "f68e7b5e09c0520e526bd2f2");
        m.put("no-type/42/REALISTIC", "2984f2527093dc411880faed");
        m.put("no-type/42/REALISTIC/ids", "2984f2527093dc411880faed");
        m.put("no-type/42/AGGRESSIVE", "fe1116c1ee1930f1ec3ba5ef");
        m.put("no-type/42/AGGRESSIVE/ids", "fe1116c1ee1930f1ec3ba5ef");
        m.put("no-type/-7/REALISTIC", "a4c5bf399296ea1db8af8ad1");
        m.put("no-type/-7/REALISTIC/ids", "a4c5bf399296ea1db8af8ad1");
        m.put("no-type/-7/AGGRESSIVE", "11c71f6c225cb76a1008275d");
        m.put("no-type/-7/AGGRESSIVE/ids", "11c71f6c225cb76a1008275d");
        m.put("nullable-zod/0/REALISTIC", "b9fc4afd936c5d6a1f248d4e");
        m.put("nullable-zod/0/REALISTIC/ids", "b9fc4afd936c5d6a1f248d4e");
        m.put("nullable-zod/0/AGGRESSIVE", "970f1e735c1a302916c9ca71");
        m.put("nullable-zod/0/AGGRESSIVE/ids", "970f1e735c1a302916c9ca71");
        m.put("nullable-zod/42/REALISTIC", "3f9e74a2cd6a2b4d5fdcc660");
        m.put("nullable-zod/42/REALISTIC/ids", "3f9e74a2cd6a2b4d5fdcc660");
        m.put("nullable-zod/42/AGGRESSIVE", "523a3bb88965f42868b2063d");
        m.put("nullable-zod/42/AGGRESSIVE/ids", "523a3bb88965f42868b2063d");
        m.put("nullable-zod/-7/REALISTIC", "c72312b5b3881783e306cddb");
        m.put("nullable-zod/-7/REALISTIC/ids", "c72312b5b3881783e306cddb");
        m.put("nullable-zod/-7/AGGRESSIVE", "df878d075465c2231f6776bb");
        m.put("nullable-zod/-7/AGGRESSIVE/ids", "df878d075465c2231f6776bb");
        m.put("echo/0/REALISTIC", "18ef14d3d26286730816557e");
        m.put("echo/0/REALISTIC/ids", "18ef14d3d26286730816557e");
        m.put("echo/0/AGGRESSIVE", "f89a68999cd3aab6cbeeba19");
        m.put("echo/0/AGGRESSIVE/ids", "f89a68999cd3aab6cbeeba19");
        m.put("echo/42/REALISTIC", "0f2f9ad727171fcbcf956f22");
        m.put("echo/42/REALISTIC/ids", "0f2f9ad727171fcbcf956f22");
        m.put("echo/42/AGGRESSIVE", "2fce77adb61a876fcdfa6519");
        m.put("echo/42/AGGRESSIVE/ids", "2fce77adb61a876fcdfa6519");
        m.put("echo/-7/REALISTIC", "79ff058c1a53467c713af41c");
        m.put("echo/-7/REALISTIC/ids", "79ff058c1a53467c713af41c");
        m.put("echo/-7/AGGRESSIVE", "1a951a76ced99e311a7c18d9");
        m.put("echo/-7/AGGRESSIVE/ids", "1a951a76ced99e311a7c18d9");
        m.put("ids/0/REALISTIC", "19b68fbb097799b542b2f472");
        m.put("ids/0/REALISTIC/ids", "1c13359b223e415fac229a43");
        m.put("ids/0/AGGRESSIVE", "78bd0da2f1346e698239bae9");
        m.put("ids/0/AGGRESSIVE/ids", "bef34d97c24fb438f360886f");
        m.put("ids/42/REALISTIC", "e06d6ea1b22a43309b9dabc4");
        m.put("ids/42/REALISTIC/ids", "775c46051faa044d53e26ced");
        m.put("ids/42/AGGRESSIVE", "99219e447af874876b94762d");
        m.put("ids/42/AGGRESSIVE/ids", "72970c2321d5b54d5145c6bf");
        m.put("ids/-7/REALISTIC", "f01f44d770fe8c95e0eda736");
        m.put("ids/-7/REALISTIC/ids", "7a34d1286af4e098549869aa");
        m.put("ids/-7/AGGRESSIVE", "87b0f74ab1e2ab718e100880");
        m.put("ids/-7/AGGRESSIVE/ids", "13a53f905f35bcf057beb9a0");
        return m;
    }

    static Map<String, JsonNode> schemas() {
        Map<String, JsonNode> all = new LinkedHashMap<>(TrickySchemas.all());
        all.put("echo", Json.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
                + "\"required\":[\"text\"]}"));
        all.put("ids", Json.parse("{\"type\":\"object\",\"properties\":{\"fileId\":{\"type\":\"string\"},"
                + "\"sessionId\":{\"type\":\"integer\"},\"handle\":{\"type\":\"string\",\"description\":\"an open handle\"},"
                + "\"path\":{\"type\":\"string\"},\"count\":{\"type\":\"integer\"},\"query\":{\"type\":\"string\","
                + "\"description\":\"SQL to run on the sqlite database\"}},\"required\":[\"fileId\",\"sessionId\",\"handle\"]}"));
        return all;
    }

    private static IdPool.Snapshot pool() {
        IdPool pool = new IdPool();
        JsonNodeFactory f = JsonNodeFactory.instance;
        pool.add("file_id", f.stringNode("f-1234"));
        pool.add("file_id", f.stringNode("f-9876"));
        pool.add("session_id", f.numberNode(77));
        pool.add("handle", f.stringNode("h-7f3a"));
        pool.add("id", f.stringNode("abc1"));
        pool.add("uuid", f.stringNode("123e4567-e89b-12d3-a456-426614174000"));
        pool.release("f-9876");
        return pool.snapshot();
    }

    static Map<String, String> digests() {
        Map<String, String> out = new LinkedHashMap<>();
        IdPool.Snapshot ids = pool();
        for (Map.Entry<String, JsonNode> schema : schemas().entrySet()) {
            for (long seed : SEEDS) {
                ToolInputPlanner planner = new ToolInputPlanner(seed);
                for (Phase phase : Phase.values()) {
                    for (boolean withIds : new boolean[] {false, true}) {
                        StringBuilder all = new StringBuilder();
                        for (int run = 0; run < RUNS; run++) {
                            ToolInputPlanner.Planned p = planner.plan(schema.getKey(), schema.getValue(), phase, run,
                                    withIds ? ids : IdPool.Snapshot.empty());
                            all.append(render(p)).append('\n');
                        }
                        out.put(schema.getKey() + "/" + seed + "/" + phase + (withIds ? "/ids" : ""), sha(all.toString()));
                    }
                }
            }
        }
        return out;
    }

    private static String render(ToolInputPlanner.Planned p) {
        GeneratedInput in = p.input();
        List<String> problems = new ArrayList<>();
        for (GenerationProblem problem : in.problems()) {
            problems.add(problem.kind() + "@" + problem.pointer() + ":" + problem.detail());
        }
        return Json.write(in.value()) + "|" + in.verdict() + "|" + in.phase() + "|" + in.label() + "|" + in.target()
                + "|" + in.validationErrors() + "|" + problems + "|" + in.canary() + "|" + in.runSeed() + "|"
                + p.harvestedIds();
    }

    private static String sha(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void sameSeedAndSchemaGiveTheInputsPinnedBeforeTheSpeedUp() {
        Map<String, String> actual = digests();
        if (Boolean.getBoolean("digest.print")) {
            actual.forEach((k, v) -> System.out.println("        m.put(\"" + k + "\", \"" + v + "\");"));
        }
        assertThat(actual).isEqualTo(EXPECTED);
    }
}
