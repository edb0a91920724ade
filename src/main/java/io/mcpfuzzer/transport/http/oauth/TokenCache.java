package io.mcpfuzzer.transport.http.oauth;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tokens kept between runs in one JSON file readable only by the user (mode 0600, written to a 0600 temporary
 * file and moved into place), keyed by the protected resource and the client id:
 * {@code {"<resource> <client>": {"access_token", "refresh_token", "expires_at", "scope", "client_id",
 * "client_secret", "auth_method"}}}. Files over {@value #MAX_BYTES} bytes or unreadable files count as empty.
 * Thread-safe (methods are synchronized; concurrent fuzzer processes may lose an entry, never corrupt the file).
 */
public final class TokenCache {
    static final int MAX_BYTES = 1024 * 1024;
    /** 9999-12-31T23:59:59Z: a later expiry is a damaged entry. */
    private static final long MAX_EPOCH_SECOND = 253_402_300_799L;
    private final Path file;

    /** One cached entry: the tokens and the client they were issued to. */
    public record Entry(TokenSet tokens, ClientIdentity client) {}

    public TokenCache(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    /** The entry for the resource, or null. */
    public synchronized Entry get(String resource) {
        JsonNode e = read().get(resource);
        if (e == null || !e.path("access_token").isString() || !e.path("client_id").isString()) {
            return null;
        }
        String refresh = text(e, "refresh_token");
        long expiresAt = e.path("expires_at").isNumber() ? e.path("expires_at").asLong(Long.MIN_VALUE) : Long.MIN_VALUE;
        if (e.path("expires_at").isNumber() && (expiresAt <= 0 || expiresAt > MAX_EPOCH_SECOND)) {
            return null; // a damaged entry (asLong() and Instant throw beyond their ranges): log in again
        }
        Instant expires = expiresAt == Long.MIN_VALUE ? null : Instant.ofEpochSecond(expiresAt);
        TokenSet t = new TokenSet(e.path("access_token").asString(), refresh, expires,
                Scopes.split(text(e, "scope")));
        ClientIdentity c = new ClientIdentity(e.path("client_id").asString(), text(e, "client_secret"),
                e.path("auth_method").isString() ? e.path("auth_method").asString() : "none", "cached");
        return new Entry(t, c);
    }

    /** Stores (replaces) the entry for the resource. */
    public synchronized void put(String resource, TokenSet tokens, ClientIdentity client) throws IOException {
        ObjectNode all = read();
        ObjectNode e = Json.object();
        e.put("access_token", tokens.accessToken());
        if (tokens.refreshToken() != null) {
            e.put("refresh_token", tokens.refreshToken());
        }
        if (tokens.expiresAt() != null) {
            e.put("expires_at", tokens.expiresAt().getEpochSecond());
        }
        e.put("scope", String.join(" ", tokens.scopes() == null ? List.of() : tokens.scopes()));
        e.put("client_id", client.clientId());
        if (client.secret() != null) {
            e.put("client_secret", client.secret());
        }
        e.put("auth_method", client.authMethod());
        all.set(resource, e);
        write(Json.write(all));
    }

    /** Drops the entry for the resource (a token the server rejects). */
    public synchronized void remove(String resource) throws IOException {
        ObjectNode all = read();
        if (all.remove(resource) != null) {
            write(Json.write(all));
        }
    }

    private ObjectNode read() {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return Json.object();
            }
            JsonNode n = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            return n instanceof ObjectNode o ? o : Json.object();
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            return Json.object(); // an unreadable cache is an empty one; the next write replaces it
        }
    }

    private void write(String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null) {
            throw new IOException("token cache " + file + " has no parent folder");
        }
        Files.createDirectories(dir);
        Path tmp = dir.resolve(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.deleteIfExists(tmp);
        try {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(tmp); // no POSIX permissions on this file system (the tokens are as safe as the folder)
        }
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String text(JsonNode e, String field) {
        return e.path(field).isString() ? e.path(field).asString() : null;
    }
}
