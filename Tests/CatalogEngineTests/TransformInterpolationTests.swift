import CatalogEngine
import CatalogModel
import Foundation
import Testing

/// CSS Transforms Level 2 interpolation. Expected matrices are derived by hand in the comments.
struct TransformInterpolationTests {
    private func interpolate(_ from: String, _ to: String, at t: Double) throws -> Matrix4 {
        TransformListInterpolator(from: try TransformFunction.list(css: from), to: try TransformFunction.list(css: to)).matrix(at: t)
    }

    private func expectMatrix(_ m: Matrix4, _ expected: [Double], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        for (ours, theirs) in zip(m.entries, expected) {
            #expect(abs(ours - theirs) <= 1e-9, "\(m.entries) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    /// 2D `matrix(a, b, c, d, e, f)` in CATransform3D order.
    private func matrix(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) -> [Double] {
        [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1]
    }

    // The sampling path writes some lists' numbers directly; they are the matrix's, bit for bit.
    @Test func writtenNumbersAreTheMatrixEntries() throws {
        let lists = [
            ("scale(1)", "scale(0.8)"), ("scale(2, 0.5)", "none"), ("translate(10px, -4px)", "translate(0)"),
            ("translate3d(1px, 2px, 3px)", "none"), ("scale(1) translate(1px)", "scale(2) translate(5px)"),
            ("rotate(0deg)", "rotate(90deg)"), ("scale(1)", "rotate(45deg)")
        ]
        for (from, to) in lists {
            let interpolator = TransformListInterpolator(from: try TransformFunction.list(css: from), to: try TransformFunction.list(css: to))
            for t in [-0.75, 0, 0.1, 1.0 / 3, 0.5, 0.9, 1, 1.6] {
                var numbers = [Double](repeating: .nan, count: 16)
                numbers.withUnsafeMutableBufferPointer { interpolator.write(at: t, into: $0.baseAddress!) }
                #expect(numbers.map(\.bitPattern) == interpolator.matrix(at: t).entries.map(\.bitPattern), "\(from) → \(to) at \(t)")
            }
        }
    }

    @Test func aMirroredTransformFlipsTheWayChromiumDoes() throws {
        // rotate(0deg) → scaleX(-1): the negative determinant flips one axis before the 2D
        // decomposition; Chromium flips x, so halfway the x scale passes through 0 and y stays 1:
        // matrix(0, 0, 0, 1, 0, 0) (flipping y instead gives a rotation through 90°).
        expectMatrix(try interpolate("rotate(0deg)", "scaleX(-1)", at: 0.5), matrix(0, 0, 0, 1, 0, 0))
        expectMatrix(try interpolate("rotate(0deg)", "scaleX(-1)", at: 0.25), matrix(0.5, 0, 0, 1, 0, 0))
        // With a rotation and a second axis, as Chromium 156 computes it (getComputedStyle, 6 digits).
        let m = try interpolate("rotate(30deg)", "scale(-1, 2)", at: 0.25)
        for (ours, browser) in zip(m.entries, matrix(0.46194, 0.191342, -0.478354, 1.15485, 0, 0)) { #expect(abs(ours - browser) < 1e-5) }
    }

    @Test func theBrowserCaseScaleYToSkewXScaleX() throws {
        // Lists of different functions: matrix interpolation. scaleY(7) = [1 0; 0 7] decomposes to
        // scale (1, 7), shear 0; skewX(45deg) scaleX(7) = [7 1; 0 1] to scale (7, 1), shear 1/1 = 1,
        // no rotation. Halfway: scale (4, 4), shear 0.5 → [4 2; 0 4] = matrix(4, 0, 2, 4, 0, 0).
        // (The 2D unmatrix of CSS Transforms Level 1 would give about matrix(4, 0, 1.49, 3.59, 0, 0).)
        expectMatrix(try interpolate("scaleY(7)", "skewX(45deg) scaleX(7)", at: 0.5), matrix(4, 0, 2, 4, 0, 0))
    }

    @Test func matchingRotationsTurnByTheirAngles() throws {
        // rotate(0) → rotate(720deg) interpolates the angle: a quarter of the way is 180°,
        // halfway a full turn (a matrix interpolation would never move).
        expectMatrix(try interpolate("rotate(0deg)", "rotate(720deg)", at: 0.25), matrix(-1, 0, 0, -1, 0, 0))
        expectMatrix(try interpolate("rotate(0deg)", "rotate(720deg)", at: 0.5), matrix(1, 0, 0, 1, 0, 0))
        // rotate() and rotateZ() share a primitive.
        expectMatrix(try interpolate("rotate(0deg)", "rotateZ(180deg)", at: 0.5), matrix(0, 1, -1, 0, 0, 0))
    }

    @Test func noneBecomesTheIdentityOfTheOtherSide() throws {
        // none → translate(100px) rotate(90deg) at 0.5 is translate(50px) rotate(45deg):
        // the translation applies after the rotation, so e = 50, f = 0.
        let c = cos(Double.pi / 4)
        expectMatrix(try interpolate("none", "translate(100px) rotate(90deg)", at: 0.5), matrix(c, c, -c, c, 50, 0))
        expectMatrix(try interpolate("scale(3)", "none", at: 0.5), matrix(2, 0, 0, 2, 0, 0))
    }

    @Test func aShorterListIsPaddedWithIdentities() throws {
        // translate(10px) → translate(20px) scale(3): the first list gains scale(1); halfway is
        // translate(15px) scale(2).
        expectMatrix(try interpolate("translate(10px)", "translate(20px) scale(3)", at: 0.5), matrix(2, 0, 0, 2, 15, 0))
    }

    @Test func theRestAfterAMismatchInterpolatesAsMatrices() throws {
        // translate pairs with translate; rotate(90deg) vs scale(2) do not match, so they are
        // decomposed: rotation 90° → 0° slerps to 45°, scale 1 → 2 to 1.5. Result:
        // translate(20px) then rotate(45deg) scale(1.5).
        let s = 1.5 * sin(Double.pi / 4)
        expectMatrix(try interpolate("translate(10px) rotate(90deg)", "translate(30px) scale(2)", at: 0.5), matrix(s, s, -s, s, 20, 0))
    }

    @Test func aSingularSideSwitchesAtHalfway() throws {
        // scale(0) cannot be decomposed: the value is discrete, switching at 0.5.
        expectMatrix(try interpolate("scale(0)", "rotate(90deg)", at: 0.49), matrix(0, 0, 0, 0, 0, 0))
        expectMatrix(try interpolate("scale(0)", "rotate(90deg)", at: 0.5), matrix(0, 1, -1, 0, 0, 0))
    }

    @Test func rotationsAboutDifferentAxesSlerp() throws {
        // rotateX(90deg) → rotateY(90deg): quaternions (sin 45°, 0, 0, cos 45°) and
        // (0, sin 45°, 0, cos 45°), dot 0.5, half-angle 60°. Halfway, each weighs
        // sin 30° / sin 60° = 1/√3: q = (√2/2, √2/2, 0, √2)/√3, a turn of 2·acos(√(2/3)) about (1, 1, 0).
        let angle = 2 * acos((2.0 / 3).squareRoot())
        let axis = 1 / 2.0.squareRoot()
        let expected = Matrix4.rotation(x: axis, y: axis, z: 0, angle: angle)
        expectMatrix(try interpolate("rotateX(90deg)", "rotateY(90deg)", at: 0.5), expected.entries)
    }

    @Test func perspectiveInterpolatesItsInverseDistance() throws {
        // perspective(none) is 1/d = 0; halfway to 100px is 1/d = 0.005, so m34 = −0.005.
        let m = try interpolate("perspective(none)", "perspective(100px)", at: 0.5)
        #expect(abs(m.r3.w + 0.005) < 1e-12)
    }

    @Test func decompositionRecomposesTheMatrix() {
        // Property: for invertible 2D and 3D matrices (with perspective), decompose → recompose
        // gives the matrix back, and interpolating at 0 and 1 gives the two ends.
        var random = SeededGenerator(state: 7)
        for index in 0..<300 {
            let functions: [TransformFunction.Primitive] = [
                .translate(
                    x: .random(in: -100...100, using: &random), y: .random(in: -100...100, using: &random),
                    z: index % 2 == 0 ? 0 : .random(in: -50...50, using: &random)),
                .rotate(x: 0, y: index % 3 == 0 ? 1 : 0, z: 1, angle: .random(in: -6...6, using: &random)),
                .skew(x: .random(in: -0.7...0.7, using: &random), y: 0),
                .scale(x: .random(in: 0.2...3, using: &random) * (index % 5 == 0 ? -1 : 1), y: .random(in: 0.2...3, using: &random), z: 1),
                .perspective(index % 4 == 0 ? .random(in: 200...900, using: &random) : nil)
            ]
            let m = functions.reduce(Matrix4.identity) { Matrix4($1).concatenating($0) }
            guard let decomposed = DecomposedTransform(m) else { Issue.record("\(m) did not decompose"); continue }
            for (ours, expected) in zip(decomposed.matrix.entries, m.entries) {
                #expect(abs(ours - expected) <= 1e-9 * max(1, abs(expected)), "case \(index)")
            }
            let other = DecomposedTransform(Matrix4.rotation(x: 0, y: 0, z: 1, angle: 1))!
            for (ours, expected) in zip(decomposed.interpolated(to: other, at: 0).matrix.entries, m.entries) {
                #expect(abs(ours - expected) <= 1e-9 * max(1, abs(expected)), "case \(index) at 0")
            }
        }
    }
}
