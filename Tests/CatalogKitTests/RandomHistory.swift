import CatalogKit
import CatalogModel
import TestSupport

/// A seeded random history of a small scene — objects added and removed (owned by each other or
/// not), properties set with every policy and unset, animations applied, decorators attached —
/// for tests that compare two ways of reading the same log.
struct RandomHistory {
    /// Ids under others' ids on purpose: "a/x" owned by "b" is not a's child in ownership.
    static let ids = ["a", "b", "a/x", "b/x", "a/x/z"]

    /// Seeded: the same scenes every run.
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// Writes `steps` random changes, calling `after` after each one (with the step's index);
    /// returns the scene time of each step.
    mutating func write(into catalog: Catalog, steps: Int = 300, after: (Int) throws -> Void = { _ in }) rethrows -> [Double] {
        let ids = Self.ids
        var time = 0.0
        var times: [Double] = []
        for step in 0..<steps {
            time += Double(random.below(3)) * 0.1
            times.append(time)
            let id = ids[random.below(ids.count)], other = ids[random.below(ids.count)]
            // Each step may be refused (an object that is not there, one that exists): the log
            // holds what was accepted, which is all that matters here.
            switch random.below(8) {
            case 0, 1:
                _ = try? catalog.objects.add(
                    id: id, type: ["view", "label", "cell"][random.below(3)],
                    owners: random.below(2) == 0 && other != id ? [other] : [], at: time)
            case 2: _ = try? catalog.objects.remove(id, at: time)
            case 3: _ = try? catalog.setProperty(.number(Double(random.below(10)) / 10), for: "opacity", on: id, at: time)
            case 4: _ = try? catalog.setProperty(.object(other), for: "ref", on: id, policy: [.retain, .copy, .weak][random.below(3)], at: time)
            case 5: _ = try? catalog.database.properties.unset(["ref", "opacity"][random.below(2)], on: id, at: time)
            case 6: _ = try? catalog.apply(["fade-in", "pop"][random.below(2)], to: [id], at: time)
            default: _ = try? catalog.setProperty(.url("https://swift.org"), for: "url", on: id, at: time)
            }
            try after(step)
        }
        return times
    }
}
