package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;
import java.util.Locale;

/**
 * How one protocol case was made. {@link #VALID} is the realistic strategy; every other constant is an
 * aggressive mutation of a valid message. Labels are stable (they appear in reports and corpora).
 */
public enum Strategy {
    VALID(Applies.ALL),
    ID_STRING(Applies.REQUESTS),
    ID_ZERO(Applies.REQUESTS),
    ID_NEGATIVE(Applies.REQUESTS),
    ID_FLOAT(Applies.REQUESTS),
    ID_HUGE(Applies.REQUESTS),
    ID_NULL(Applies.REQUESTS),
    ID_OBJECT(Applies.REQUESTS),
    ID_ARRAY(Applies.REQUESTS),
    ID_BOOL(Applies.REQUESTS),
    /** Two {@code id} members in one object (the text, not a parsed tree). */
    ID_DUPLICATE_KEY(Applies.REQUESTS),
    /** A request method sent without an id (so it becomes a notification). */
    REQUEST_WITHOUT_ID(Applies.REQUESTS),
    /** A notification method sent with an id (so it becomes a request). */
    NOTIFICATION_WITH_ID(Applies.NOTIFICATIONS),
    JSONRPC_MISSING(Applies.ALL),
    JSONRPC_1_0(Applies.ALL),
    JSONRPC_NUMBER(Applies.ALL),
    JSONRPC_NULL(Applies.ALL),
    METHOD_UNKNOWN(Applies.ALL),
    METHOD_CASE(Applies.ALL),
    METHOD_TRAILING_SLASH(Applies.ALL),
    METHOD_UNICODE(Applies.ALL),
    METHOD_NOT_STRING(Applies.ALL),
    METHOD_MISSING(Applies.ALL),
    /** A method only servers send (sampling/createMessage, roots/list, notifications/message...). */
    METHOD_SERVER_TO_CLIENT(Applies.ALL),
    PARAMS_WRONG_TYPES(Applies.ALL),
    PARAMS_ARRAY(Applies.ALL),
    PARAMS_MISSING(Applies.ALL),
    PARAMS_NULL(Applies.ALL),
    PARAMS_SCALAR(Applies.ALL),
    PARAMS_MISSING_REQUIRED(Applies.WITH_REQUIRED_PARAMS),
    PARAMS_HOSTILE_VALUES(Applies.ALL),
    EXTRA_TOP_LEVEL_FIELDS(Applies.ALL),
    /** {@code result} and {@code error} members on a request or notification. */
    RESPONSE_MEMBERS(Applies.ALL),
    BATCH_EMPTY(Applies.ALL),
    BATCH_SINGLE(Applies.ALL),
    BATCH_MIXED(Applies.ALL),
    BATCH_DUPLICATE_IDS(Applies.ALL),
    DEEP_NESTING(Applies.ALL),
    OVERSIZED(Applies.ALL);

    private enum Applies { ALL, REQUESTS, NOTIFICATIONS, WITH_REQUIRED_PARAMS }

    private final Applies applies;

    Strategy(Applies applies) {
        this.applies = applies;
    }

    /** Stable report label, for example {@code id-duplicate-key}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether this strategy makes sense for {@code type}. */
    public boolean appliesTo(MessageType type) {
        return switch (applies) {
            case ALL -> true;
            case REQUESTS -> !type.isNotification();
            case NOTIFICATIONS -> type.isNotification();
            case WITH_REQUIRED_PARAMS -> RequiredParams.of(type).length > 0;
        };
    }

    /** True for batch strategies (the frame is a JSON array). */
    public boolean isBatch() {
        return name().startsWith("BATCH_");
    }
}
