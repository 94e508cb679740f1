/// A small deterministic generator (SplitMix64): a seeded case is the same on every machine and
/// every run, so a failure names a seed that reproduces it.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// random.pick(["linear", "cubic"])
/// ```
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number from 0 up to `n` (excluded); 0 when `n` is 0.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    /// One of `items`, which must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}
