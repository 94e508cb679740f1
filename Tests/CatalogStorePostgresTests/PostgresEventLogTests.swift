import CatalogModel
import CatalogStore
import CatalogStorePostgres
import Foundation
import TestSupport
import Testing
import Synchronization

/// The PostgreSQL event log: writers on several connections at once number their events so
/// that a follower reading from its last seq never misses one (events commit in seq order),
/// and `LISTEN/NOTIFY` wakes it on every commit.
struct PostgresEventLogTests {
    private func newDatabase() throws -> String {
        let server = try PostgresServer.shared()
        return server.url(database: try server.createDatabase())
    }

    private func payload(_ writer: Int, _ index: Int) -> String { #"{"name":"t\#(writer)-\#(index)","properties":{}}"# }

    @Test func eightWritersAndTwoFollowersSeeEveryEventOnceInOrder() throws {
        let url = try newDatabase()
        let writers = 8, writes = 60
        // Each write logs 1–3 events in one transaction: a follower must see them all or none.
        let total = (0..<writes).reduce(0) { $0 + 1 + $1 % 3 } * writers
        let followed = [LineList(), LineList()]
        let failures = ErrorList()
        DispatchQueue.concurrentPerform(iterations: writers + followed.count) { worker in
            do {
                let database = try PostgresDatabase(url: url)
                if worker >= writers {
                    let lines = followed[worker - writers]
                    try database.events.follow(since: 0) { seq, line in
                        lines.append(seq, line)
                        return lines.count < total
                    }
                    return
                }
                for index in 0..<writes {
                    try database.transaction(at: nil) { events in
                        for _ in 0...(index % 3) { try events.append(.typeDeclare, object: "w\(worker)", payloadText: payload(worker, index)) }
                    }
                }
            } catch { failures.append(error) }
        }
        #expect(failures.errors.isEmpty, "\(failures.errors)")
        let database = try PostgresDatabase(url: url)
        var logged: [String] = []
        try database.events.forEachNumberedJSONLine { _, line in logged.append(line) }
        #expect(logged.count == total)
        for lines in followed {
            #expect(lines.seqs == Array(1...Int64(total)), "every seq once, in order")
            #expect(lines.lines == logged)
        }
        // Each transaction's events are consecutive: no writer's events interleave with another's.
        var runs: [String] = []
        for line in logged {
            let transaction = String(line.components(separatedBy: #""name":""#)[1].prefix { $0 != "\"" })
            if runs.last != transaction { runs.append(transaction) }
        }
        #expect(runs.count == writers * writes)
    }

    @Test func aWriteGoingBackInSceneTimeIsRefusedAndLogsNothing() throws {
        let database = try PostgresDatabase(url: try newDatabase())
        _ = try database.transaction(at: 5) { try $0.append(.typeDeclare, object: nil, payloadText: payload(0, 0)) }
        #expect(throws: StoreError.sceneTimeBackwards(requested: 4, last: 5)) {
            try database.transaction(at: 4) { try $0.append(.typeDeclare, object: nil, payloadText: payload(0, 1)) }
        }
        // A failing body rolls back its events with it, and the counter.
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try database.transaction(at: 6) { events in
                try events.append(.typeDeclare, object: nil, payloadText: payload(0, 2))
                throw Refused()
            }
        }
        _ = try database.transaction(at: nil) { try $0.append(.typeDeclare, object: nil, payloadText: payload(0, 3)) }
        var lines: [String] = []
        try database.events.forEachNumberedJSONLine { _, line in lines.append(line) }
        #expect(lines.count == 2)
        #expect(lines.last?.hasSuffix(#""seq":2,"t":5}"#) == true, "the clock stays at 5; seq 2 follows 1")
    }
}

/// Lines a follower printed, from its thread.
final class LineList: Sendable {
    private let entries = Mutex<[(Int64, String)]>([])
    func append(_ seq: Int64, _ line: String) { entries.withLock { $0.append((seq, line)) } }
    var count: Int { entries.withLock { $0.count } }
    var seqs: [Int64] { entries.withLock { $0.map(\.0) } }
    var lines: [String] { entries.withLock { $0.map(\.1) } }
}
