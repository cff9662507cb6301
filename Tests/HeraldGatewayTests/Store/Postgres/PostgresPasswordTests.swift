import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL errors never show the URL's password")
struct PostgresPasswordTests {
    @Test("a wrong password over TCP: a connection error without the password, the URL redacted")
    func wrongPassword() throws {
        let fixture = try PostgresFixture()
        let server = fixture.database.server
        let secret = "Wr0ng-s3cret-pw"
        let url = "postgres://herald:\(secret)@127.0.0.1:\(server.port)/\(fixture.database.name)?sslmode=disable"
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(url: url) }
        #expect(error.reason == .connection)
        #expect(error.description.contains("password authentication failed"))
        #expect(error.description.contains("postgres://herald:***@127.0.0.1"))
        #expect(!error.description.contains(secret))
    }

    @Test("with the right password, statement errors name the server without it")
    func statementError() throws {
        let fixture = try PostgresFixture()
        let url = fixture.database.tcpURL
        let password = fixture.database.server.password
        let connection = try PostgresConnection(url: url)
        #expect(!connection.redactedURL.contains(password))
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT * FROM missing_table") }
        #expect(error.sqlState == "42P01")
        #expect(error.description.contains("herald:***@"))
        #expect(!error.description.contains(password))
    }

    @Test("a malformed URL that libpq quotes whole in its message: the password is scrubbed from it")
    func malformedURL() throws {
        for url in [
            "postgres://herald:s3cret-in-url@[::1/db",
            "postgres://herald:s3cret-in-url@127.0.0.1:notaport/db",
            "postgresql://herald:s3cret%2Din%2Durl@127.0.0.1:1/db?sslmode=bogus",
            "postgres://herald@127.0.0.1:1/db?password=s3cret-in-url&connect_timeout=nope",
            "host=127.0.0.1 port=nope password='s3cret-in-url' dbname=x",
        ] {
            let error = try #require(throws: PostgresError.self) { try PostgresConnection(url: url) }
            #expect(error.reason == .connection)
            #expect(!error.description.contains("s3cret-in-url"), "\(error)")
            #expect(error.description.contains("***"), "\(error)")
        }
    }

    @Test("redaction finds the password in every form libpq takes")
    func redaction() {
        #expect(PostgresURL("postgres://u:p%40ss@h:5432/db?sslmode=require").redacted == "postgres://u:***@h:5432/db?sslmode=require")
        #expect(PostgresURL("postgres://u@/db?host=/run/pg&password=x1").redacted == "postgres://u@/db?host=/run/pg&password=***")
        #expect(PostgresURL("postgres://u@h/db").redacted == "postgres://u@h/db")
        #expect(PostgresURL("host=h password = 'a b\\' c' user=u").redacted == "host=h password = '***' user=u")
        #expect(PostgresURL("postgres://u:p%40ss@h/db").scrub("failed for p@ss and p%40ss") == "failed for *** and ***")
    }
}
