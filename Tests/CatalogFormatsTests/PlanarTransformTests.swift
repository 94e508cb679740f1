import CatalogEngine
import Foundation
import TestSupport
import Testing

@testable import CatalogFormats

/// The function-list form baked 2D transforms take: it gives the matrix back, and it moves
/// continuously where a matrix factoring would jump (past half a turn, through a reflection).
struct PlanarTransformTests {
    private func close(_ a: Matrix4, _ b: Matrix4) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) < 1e-12 }
    }

    @Test func theFactoringGivesTheMatrixBack() {
        var generator = SeededRandom(seed: 0x5EED)
        for _ in 0..<500 {
            let entries = (0..<6).map { _ in Double.random(in: -3...3, using: &generator) }
            let m = Matrix4(
                SIMD4(entries[0], entries[1], 0, 0), SIMD4(entries[2], entries[3], 0, 0), SIMD4(0, 0, 1, 0), SIMD4(entries[4], entries[5], 0, 1))
            #expect(close(PlanarTransform(m, near: nil).matrix, m), "\(entries)")
        }
    }

    @Test func anAngleUnwindsPastHalfATurn() {
        // 3 rad, then 3.5 rad: atan2 says −2.78 for the second; unwound it is 3.5.
        let first = PlanarTransform(.rotation(x: 0, y: 0, z: 1, angle: 3), near: nil)
        let second = PlanarTransform(.rotation(x: 0, y: 0, z: 1, angle: 3.5), near: first)
        #expect(abs(second.angle - 3.5) < 1e-12)
        // Half-way between them, as a browser interpolates the written rotate() numbers: 3.25 rad.
        #expect(close(first.interpolated(to: second, at: 0.5).matrix, .rotation(x: 0, y: 0, z: 1, angle: 3.25)))
    }

    @Test func aFlipKeepsItsAngleAndTurnsItsScaleNegative() {
        // scaleX from 1 to −1: a factoring with a positive x scale would jump half a turn at 0.
        var previous: PlanarTransform?
        for step in 0...20 {
            let s = 1 - Double(step) / 10
            let current = PlanarTransform(.scale(s == 0 ? 1e-9 : s, 1, 1), near: previous)
            #expect(abs(current.angle) < 1e-9 && abs(current.scaleX - (s == 0 ? 1e-9 : s)) < 1e-12, "at \(s): \(current)")
            previous = current
        }
    }

    @Test func everyKeyframeWritesTheSameFunctions() {
        let a = PlanarTransform(.rotation(x: 0, y: 0, z: 1, angle: 1), near: nil)
        let b = PlanarTransform(.translation(4, 0, 0), near: a)
        let functions = PlanarTransform.Functions(needed: [a, b])
        #expect(a.css(functions) == "translate(0px, 0px) rotate(1rad)")
        #expect(b.css(functions) == "translate(4px, 0px) rotate(0rad)")
    }
}
