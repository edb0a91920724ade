package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** SQL engines' error phrases are leaks; a shell's syntax errors (a command tool's answer) are not SQL. */
class SqlErrorsTest {
    @Test
    void sqlEnginesErrorsAreFound() {
        assertThat(SqlErrors.find("ERROR: unterminated quoted string at or near \"'x\"")).isNotNull();
        assertThat(SqlErrors.find("ERROR:  syntax error at or near \"UNION\"")).isNotNull();
        assertThat(SqlErrors.find("You have an error in your SQL syntax; check the manual")).isNotNull();
        assertThat(SqlErrors.find("ORA-00933: SQL command not properly ended")).isNotNull();
    }

    /** mcp-server-commands 0.5.0 answers a quoted injection with dash's own message. */
    @Test
    void shellSyntaxErrorsAreNotSql() {
        assertThat(SqlErrors.find("Command failed: ' UNION SELECT 1--\n/bin/sh: 1: Syntax error: Unterminated quoted "
                + "string\n")).isNull();
        assertThat(SqlErrors.find("bash: -c: line 1: syntax error near unexpected token `('")).isNull();
        assertThat(SqlErrors.find("syntax error near unexpected token `(' then syntax error near \"FROM\""))
                .isNotNull();
    }
}
