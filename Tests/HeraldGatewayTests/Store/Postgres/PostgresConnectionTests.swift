import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL connection: values, prepared statements, errors")
struct PostgresConnectionTests {
    @Test("every parameter type goes in and comes back the same, by column name and by position")
    func roundTrip() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript(
            "CREATE TABLE samples (id serial PRIMARY KEY, t text, i bigint, d double precision, b boolean, y bytea, n text)")
        let everyByte = (0...255).map(UInt8.init)
        let rows: [[SQLValue]] = [
            ["héllo ✓ 'quoted' \"double\" \\ back", .int(Int.max), .double(.pi), true, .bytes(everyByte), nil],
            ["", .int(Int.min), .double(-1e-300), false, .bytes([]), "present"],
            [.optional(nil as String?), 0, .double(.infinity), .bool(true), .bytes([0, 0]), nil],
            ["x", -1, .double(-.infinity), false, .bytes([0x5C, 0x78]), nil],
            ["nan", 42, .double(.nan), true, .bytes([0xFF]), nil],
        ]
        for values in rows {
            #expect(try connection.execute("INSERT INTO samples (t, i, d, b, y, n) VALUES ($1, $2, $3, $4, $5, $6)", values) == 1)
        }
        let read = try connection.query("SELECT t, i, d, b, y, n FROM samples ORDER BY id")
        #expect(read.count == rows.count)
        for (row, values) in zip(read, rows) {
            let back: [SQLValue] = [
                try row.isNull("t") ? .null : .text(row.string("t")), .int(try row.int("i")), .double(try row.double(2)),
                .bool(try row.bool("b")), .bytes(try row.bytes(4)), try row.isNull(5) ? .null : .text(row.string("n")),
            ]
            if case .double(let expected) = values[2], expected.isNaN {
                #expect(try row.double("d").isNaN)
                #expect(Array(back[0...1] + back[3...]) == Array(values[0...1] + values[3...]))
            } else {
                #expect(back == values)
            }
        }
        // Parameters without a column to give them a type, cast in the statement.
        let echo = try #require(
            try connection.query(
                "SELECT $1::bytea AS y, $2::int8 AS i, $3::float8 AS d, $4::bool AS b, $5::text AS n",
                [
                    .bytes(everyByte), 7, 0.1, false, nil,
                ]
            ).first)
        #expect(try echo.bytes("y") == everyByte)
        #expect(try echo.int("i") == 7)
        #expect(try echo.double("d") == 0.1)
        #expect(try echo.bool("b") == false)
        #expect(try echo.isNull("n"))
    }

    @Test("one SQL text is prepared once per connection and run again from there")
    func preparedStatementsReused() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript("CREATE TABLE items (n int)")
        for n in 1...5 { try connection.execute("INSERT INTO items VALUES ($1)", [.int(n)]) }
        #expect(connection.preparedStatementCount == 1)
        let sumSQL = "SELECT sum(n) AS total FROM items WHERE n >= $1"
        #expect(try connection.query(sumSQL, [1]).first?.int("total") == 15)
        #expect(try connection.query(sumSQL, [4]).first?.int("total") == 9)
        #expect(connection.preparedStatementCount == 2)
        // The server's own list: the insert, the sum, and this query itself.
        let onServer = try connection.query("SELECT name, statement FROM pg_prepared_statements ORDER BY name")
        #expect(onServer.count == 3)
        #expect(try onServer.map { try $0.string("statement") }.contains(sumSQL))
        // Another connection has its own session: it prepares for itself.
        let other = try fixture.connect()
        #expect(try other.query(sumSQL, [1]).first?.int(0) == 15)
        #expect(other.preparedStatementCount == 1)
    }

    @Test("a unique violation is a typed error with SQLSTATE 23505, the server's detail and the SQL")
    func uniqueViolation() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript("CREATE TABLE apps (id text PRIMARY KEY)")
        let insert = "INSERT INTO apps (id) VALUES ($1)"
        try connection.execute(insert, ["app_1"])
        let error = try #require(throws: PostgresError.self) { try connection.execute(insert, ["app_1"]) }
        #expect(error.reason == .uniqueViolation)
        #expect(error.sqlState == "23505")
        #expect(error.sql == insert)
        #expect(error.detail?.contains("already exists") == true)
        #expect(error.description.contains(insert))
        #expect(error.description.contains("SQLSTATE 23505"))
        #expect(error.isRetryable == false)
        // The connection goes on working after it.
        #expect(try connection.query("SELECT count(*) FROM apps").first?.int(0) == 1)
    }

    @Test("other server errors keep their SQLSTATE; bad statements fail when prepared")
    func serverErrors() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript(
            "CREATE TABLE parents (id int PRIMARY KEY); CREATE TABLE kids (parent int REFERENCES parents, v int NOT NULL)")
        let foreign = try #require(throws: PostgresError.self) { try connection.execute("INSERT INTO kids VALUES ($1, 1)", [9]) }
        #expect(foreign.reason == .foreignKeyViolation && foreign.sqlState == "23503")
        let notNull = try #require(throws: PostgresError.self) { try connection.execute("INSERT INTO kids (v) VALUES ($1)", [nil]) }
        #expect(notNull.reason == .notNullViolation && notNull.sqlState == "23502")
        let syntax = try #require(throws: PostgresError.self) { try connection.query("SELEC 1") }
        #expect(syntax.reason == .query && syntax.sqlState == "42601" && syntax.sql == "SELEC 1")
        #expect(connection.preparedStatementCount == 2, "a statement that did not prepare is not kept")
    }

    @Test("reading a value as the wrong type, a NULL, or a missing column throws a value error naming the column")
    func valueErrors() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        let row = try #require(try connection.query("SELECT 'abc'::text AS word, NULL::int AS nothing, 1.5::float8 AS half").first)
        #expect(throws: PostgresError.self) { try row.int("word") }
        let null = try #require(throws: PostgresError.self) { try row.int("nothing") }
        #expect(null.reason == .value && null.message.contains("\"nothing\" is NULL"))
        let missing = try #require(throws: PostgresError.self) { try row.string("absent") }
        #expect(missing.message.contains("word, nothing, half"))
        #expect(throws: PostgresError.self) { try row.bool(7) }
        #expect(throws: PostgresError.self) { try row.int("half") }
        let nul = try #require(throws: PostgresError.self) { try connection.query("SELECT $1::text", ["a\u{0}b"]) }
        #expect(nul.reason == .value)
    }

    @Test("a script runs several statements at once")
    func script() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript("CREATE TABLE a (n int); INSERT INTO a VALUES (1), (2); UPDATE a SET n = n * 10")
        #expect(try connection.query("SELECT n FROM a ORDER BY n").map { try $0.int(0) } == [10, 20])
        #expect(try connection.execute("DELETE FROM a WHERE n > $1", [5]) == 2)
    }
}
