@testable import CatalogStorePostgres
import CatalogStorePostgres
import Testing

/// Splitting a migration file into statements: a `;` inside quotes, dollar quotes and comments
/// does not end one.
struct SQLScriptTests {
    @Test func semicolonsInsideQuotesAndCommentsDoNotSplit() {
        let script = """
            -- a comment; still a comment
            CREATE TABLE a (x text DEFAULT 'a;b', "odd;name" int);
            /* block; comment */ INSERT INTO a VALUES ('it''s; fine', 1);
            CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END $body$ LANGUAGE plpgsql;
            DO $$ BEGIN PERFORM 1; END $$;
            -- trailing comment only
            """
        let statements = SQLScript.statements(script)
        #expect(statements.count == 4)
        #expect(statements[0].hasSuffix(#"CREATE TABLE a (x text DEFAULT 'a;b', "odd;name" int)"#))
        #expect(statements[1] == "/* block; comment */ INSERT INTO a VALUES ('it''s; fine', 1)")
        #expect(statements[2] == "CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END $body$ LANGUAGE plpgsql")
        #expect(statements[3] == "DO $$ BEGIN PERFORM 1; END $$")
    }
}
