import CatalogKit
import Foundation
import GRDBSQLite

/// `catalog-bench scale [SIZE…]`: stores of N objects with one property each (2N events, plus
/// the built-ins' own), built through the bulk paths, and for each size the whole-store
/// operations as a user runs them — a `catalog` process — beside `sqlite3` reading the same
/// rows, with wall time and peak memory (the child's maximum resident set).
///
/// Sizes default to 10^4, 10^5 and 10^6; 10^7 runs when named and the disk has room.
struct ScaleBenchmark {
    let folder: String
    let catalogBinary: String
    let sqlite3: String

    /// A finished child process: wall seconds and peak resident memory in MiB.
    struct Run { var seconds: Double; var peakMiB: Double; var status: Int32 }

    /// Runs `executable` with its output to /dev/null (or `output`), through this binary's
    /// `peak-of` launcher: Linux charges a child started by posix_spawn (a vfork) with the
    /// parent's peak memory, so the child is started by a small fresh process instead, which
    /// reports the child's own peak.
    func run(_ executable: String, _ arguments: [String], output: String = "/dev/null") -> Run {
        let peakFile = folder + "/peak-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        var status: Int32 = 0
        let time = seconds {
            status = Self.spawn(CommandLine.arguments[0], ["peak-of", peakFile, output, executable] + arguments, output: "/dev/null").status
        }
        let peakKiB = (try? String(contentsOfFile: peakFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        return Run(seconds: time, peakMiB: Double(peakKiB) / 1024, status: status)
    }

    /// posix_spawn and wait4: the exit status and the child's maximum resident set in KiB.
    static func spawn(_ executable: String, _ arguments: [String], output: String) -> (status: Int32, peakKiB: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var usage = rusage()
        var status: Int32 = 0
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return (-1, 0) }
        wait4(pid, &status, 0, &usage)
        return (status, usage.ru_maxrss)
    }

    /// `catalog-bench peak-of PEAKFILE OUTPUT EXECUTABLE ARGUMENT…`: runs the command with its
    /// output to OUTPUT and writes its peak resident memory (KiB) to PEAKFILE.
    static func peakOf(_ arguments: [String]) -> Never {
        let (status, peak) = spawn(arguments[2], Array(arguments.dropFirst(3)), output: arguments[1])
        try? String(peak).write(toFile: arguments[0], atomically: true, encoding: .utf8)
        exit(status == 0 ? 0 : 1)
    }

    /// Builds the store: N objects (in batches of 100,000, one transaction each), then one
    /// property on each, at scene times 0 and 1; a snapshot is taken as `catalog` would.
    func build(_ size: Int) throws -> (path: String, buildSeconds: Double) {
        let path = folder + "/scale-\(size).sqlite"
        let catalog = try Catalog(path: path)
        let batch = 100_000
        let time = try seconds {
            for start in stride(from: 0, to: size, by: batch) {
                try catalog.objects.addAll((start..<min(size, start + batch)).map { (id: "cell-\($0)", type: "cell", owners: []) }, at: 0)
            }
            for start in stride(from: 0, to: size, by: batch) {
                try catalog.database.properties.setAll(
                    (start..<min(size, start + batch)).map {
                        (id: "cell-\($0)", key: "alpha", value: PropertyValue.number(Double($0 % 100) / 100))
                    }, policy: .retain, at: 1)
            }
            try catalog.apply("fade-in", to: ["cell-0", "cell-1"], at: 1)
            try catalog.snapshotIfDue()
        }
        return (path, time)
    }

    func measure(_ size: Int) throws -> JSONValue {
        let (path, buildSeconds) = try build(size)
        let catalog = try Catalog(path: path)
        let events = try catalog.events.lastSeq()
        var row: [String: JSONValue] = [
            "objects": .number(Double(size)), "events": .number(Double(events)),
            "build_s": .number(buildSeconds)
        ]
        func entry(_ ours: Run, _ baseline: Run?, unit: String = "s") -> JSONValue {
            var members: [String: JSONValue] = ["ours_s": .number(ours.seconds), "ours_peak_mib": .number(ours.peakMiB)]
            if ours.status != 0 { members["exit_status"] = .number(Double(ours.status)) }
            if let baseline {
                members["sqlite3_s"] = .number(baseline.seconds)
                members["ratio"] = .number(ours.seconds / baseline.seconds)
            }
            return .object(members)
        }
        let db = ["--db", path]
        // Every event row, read and printed: ours as JSON Lines, sqlite3 in its JSON mode.
        let eventsSQL = "SELECT seq, scene_time, operation, object_id, payload FROM event ORDER BY seq"
        row["log_stream"] = entry(run(catalogBinary, db + ["log", "--format", "jsonl"]), run(sqlite3, ["-json", path, eventsSQL]))
        // The same rows: every object with its owners (explicit and retaining references), the
        // query `object list` runs (ObjectRepository.listSQL).
        row["object_list"] = entry(
            run(catalogBinary, db + ["object", "list", "--format", "jsonl"]),
            run(
                sqlite3,
                [
                    "-json", path,
                    """
                    SELECT o.id, o.type, (SELECT json_group_array(id) FROM (SELECT w.id FROM object w WHERE w.oid IN (
                    SELECT owner_oid FROM object_owner WHERE object_oid = o.oid UNION SELECT object_oid FROM association
                    WHERE target_oid = o.oid AND policy IN ('retain', 'copy')) ORDER BY w.id)) FROM object o ORDER BY o.id
                    """
                ]))
        // state of one object: the nearest snapshot's rows plus its own events (median of 5).
        let states = (0..<5).map { _ in run(catalogBinary, db + ["state", "cell-\(size / 2)", "--format", "json"]) }.sorted { $0.seconds < $1.seconds }
        row["state_one_object"] = entry(states[2], run(sqlite3, [path, "SELECT payload FROM event WHERE object_id = 'cell-\(size / 2)'"]))
        // replay of every object from the snapshot the build left …
        row["replay_all"] = entry(run(catalogBinary, db + ["replay", "--fps", "4", "--until", "2"]), run(sqlite3, ["-json", path, eventsSQL]))
        // … and without any snapshot: every event folded.
        try catalog.sqlite!.pool.write { try $0.execute(sql: "DELETE FROM scene_snapshot") }
        row["replay_all_no_snapshot"] = entry(run(catalogBinary, db + ["replay", "--fps", "4", "--until", "2"]), nil)
        row["replay_verify"] = entry(run(catalogBinary, db + ["replay", "--verify"]), nil)
        let snapshot = run(catalogBinary, db + ["snapshot"])
        row["snapshot"] = entry(snapshot, nil)
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        return .object(row)
    }

    /// sample_cli: samples per second written by `catalog sample bounce-select --format json`
    /// to a file (a whole process: 1,000,000 samples of a 16-number transform each), against the
    /// same numbers — each sample's time, progress, iteration and 16 entries, computed
    /// beforehand — written into a byte buffer by the standard library alone (`description`,
    /// a comma after each) and to a file the same way; and the engine sampling them alone.
    func sampleCLI() throws -> JSONValue {
        let frames = 999_999
        let fps = Double(frames) / 0.2
        let output = folder + "/samples.json"
        let ours = run(
            catalogBinary,
            ["--db", folder + "/sample.sqlite", "sample", "bounce-select", "--fps", String(fps), "--from", "0", "--to", "0.2", "--format", "json"],
            output: output)
        let outputMiB = Double((try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0) / 1_048_576
        let catalog = try Catalog(path: folder + "/sample.sqlite")
        let effect = AnimationEffect(try AnimationDefinition(try catalog.components.get("bounce-select")!.decode()))
        let times = (0...frames).map { Double($0) / fps }
        var values: [AnimatedValue] = []
        var numbers: [Double] = []
        numbers.reserveCapacity(times.count * 19)
        let engine = seconds {
            for time in times {
                let timing = effect.sample(at: time, into: &values)
                guard case .transform(let m) = values[0] else { continue }
                numbers.append(time); numbers.append(timing.progress ?? -1); numbers.append(timing.iteration ?? -1)
                func row(_ row: SIMD4<Double>) { numbers.append(row.x); numbers.append(row.y); numbers.append(row.z); numbers.append(row.w) }
                row(m.r1); row(m.r2); row(m.r3); row(m.r4)
            }
        }
        let baselineFile = folder + "/numbers.txt"
        FileManager.default.createFile(atPath: baselineFile, contents: nil)
        let handle = FileHandle(forWritingAtPath: baselineFile)!
        let baseline = seconds {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 17)
            for number in numbers {
                bytes.append(contentsOf: number.description.utf8)
                bytes.append(UInt8(ascii: ","))
                if bytes.count >= 1 << 16 { handle.write(Data(bytes)); bytes.removeAll(keepingCapacity: true) }
            }
            handle.write(Data(bytes))
        }
        try handle.close()
        let samples = Double(times.count)
        return [
            "ours_samples_per_s": .number(samples / ours.seconds), "baseline_samples_per_s": .number(samples / baseline),
            "ratio": .number(ours.seconds / baseline), "engine_samples_per_s": .number(samples / engine),
            "output_mib": .number(outputMiB), "peak_mib": .number(ours.peakMiB), "status": .number(Double(ours.status))
        ]
    }
}
