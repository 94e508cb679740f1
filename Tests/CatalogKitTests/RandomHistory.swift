import CatalogKit
import CatalogModel

/// A seeded random history of a small scene — objects added and removed (owned by each other or
/// not), properties set with every policy and unset, animations applied, decorators attached —
/// for tests that compare two ways of reading the same log.
struct RandomHistory {
    /// SplitMix64, seeded: the same scenes every run.
    struct Random {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
    }

    /// Ids under others' ids on purpose: "a/x" owned by "b" is not a's child in ownership.
    static let ids = ["a", "b", "a/x", "b/x", "a/x/z"]

    var random: Random

    init(seed: UInt64) { random = Random(state: seed) }

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
            case 0, 1: _ = try? catalog.objects.add(id: id, type: ["view", "label", "cell"][random.below(3)],
                                                    owners: random.below(2) == 0 && other != id ? [other] : [], at: time)
            case 2: _ = try? catalog.objects.remove(id, at: time)
            case 3: _ = try? catalog.setProperty(.number(Double(random.below(10)) / 10), for: "opacity", on: id, at: time)
            case 4: _ = try? catalog.setProperty(.object(other), for: "ref", on: id, policy: [.retain, .copy, .weak][random.below(3)], at: time)
            case 5: _ = try? catalog.properties.unset(["ref", "opacity"][random.below(2)], on: id, at: time)
            case 6: _ = try? catalog.apply(["fade-in", "pop"][random.below(2)], to: [id], at: time)
            default: _ = try? catalog.setProperty(.url("https://swift.org"), for: "url", on: id, at: time)
            }
            try after(step)
        }
        return times
    }
}
