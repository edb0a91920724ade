package io.mcpfuzzer.generate;

import java.util.Locale;

/**
 * The labelled ways an aggressive input differs from a valid one. Each aggressive
 * {@link GeneratedInput} carries exactly one of these as its {@link GeneratedInput#label()},
 * so a finding can name the attack. Attack families put a hostile payload into one field;
 * structural strategies break one schema rule. Over a tool's runs every strategy is used
 * (see {@link ToolInputPlanner}).
 */
public enum AggressiveStrategy {
    // attack families (payload catalogues)
    PATH_TRAVERSAL(true),
    COMMAND_INJECTION(true),
    SQLI(true),
    NOSQL_INJECTION(true),
    TEMPLATE_INJECTION(true),
    JNDI(true),
    XSS(true),
    SSRF(true),
    PROMPT_INJECTION(true),
    CRLF(true),
    FORMAT_STRING(true),
    ANSI_ESCAPE(true),
    PROTOTYPE_POLLUTION(true),
    XXE(true),
    LDAP_INJECTION(true),
    XPATH_INJECTION(true),
    DESERIALIZATION(true),
    UNICODE(true),
    HOMOGLYPH(true),
    // structural (schema rule) violations and edge values
    TYPE_CONFUSION(false),
    NULL_VALUE(false),
    MISSING_REQUIRED(false),
    EXTRA_PROPERTY(false),
    BOUNDARY(false),
    HUGE_NUMBER(false),
    NEGATIVE_NUMBER(false),
    NAN_LIKE(false),
    LONG_VALUE(false),
    DEEP_NESTING(false),
    ENUM_VIOLATION(false),
    FORMAT_VIOLATION(false),
    PATTERN_VIOLATION(false),
    EMPTY_VALUE(false);

    private final boolean attackFamily;

    AggressiveStrategy(boolean attackFamily) {
        this.attackFamily = attackFamily;
    }

    /** Stable snake_case label used in findings and reports, e.g. {@code "path_traversal"}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for payload families (injection and friends), false for schema-rule violations. */
    public boolean isAttackFamily() {
        return attackFamily;
    }
}
