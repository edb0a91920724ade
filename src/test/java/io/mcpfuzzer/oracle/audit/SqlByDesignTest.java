package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;

/** Which tools take SQL by design (where a database error answers an injection payload normally). */
class SqlByDesignTest {
    @Test
    void statementPropertiesAndSqlDescribedQueriesTakeSql() {
        assertThat(SqlByDesign.takesSql(Json.parse("{\"name\":\"query\",\"inputSchema\":{\"properties\":"
                + "{\"sql\":{\"type\":\"string\"}}}}"))).isTrue();
        assertThat(SqlByDesign.takesSql(Json.parse("{\"name\":\"run\",\"description\":\"Runs a SQL query on the "
                + "database\",\"inputSchema\":{\"properties\":{\"query\":{\"type\":\"string\"}}}}"))).isTrue();
        assertThat(SqlByDesign.takesSql(Json.parse("{\"name\":\"run\",\"inputSchema\":{\"properties\":"
                + "{\"statement\":{}}}}"))).isTrue();
    }

    @Test
    void searchQueriesAndOddShapesDoNot() {
        assertThat(SqlByDesign.takesSql(Json.parse("{\"name\":\"search\",\"description\":\"Searches notes\","
                + "\"inputSchema\":{\"properties\":{\"query\":{\"type\":\"string\"}}}}"))).isFalse();
        assertThat(SqlByDesign.takesSql(Json.parse("{\"name\":\"x\",\"inputSchema\":{\"properties\":[]}}"))).isFalse();
        assertThat(SqlByDesign.takesSql(Json.parse("\"tool\""))).isFalse();
        assertThat(SqlByDesign.takesSql(null)).isFalse();
    }
}
