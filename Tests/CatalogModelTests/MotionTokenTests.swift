import CatalogModel
import Testing

/// Material 3 and IBM Carbon motion tokens, against the values their own references publish
/// (the M3 motion token reference; `@carbon/motion` v11's exports).
struct MotionTokenTests {
    @Test func durationsAreTheVendorsValues() {
        let d = MotionTokens.durations
        #expect(d["md.sys.motion.duration.short1"] == 0.05 && d["md.sys.motion.duration.short4"] == 0.2)
        #expect(d["md.sys.motion.duration.medium2"] == 0.3 && d["md.sys.motion.duration.long4"] == 0.6)
        #expect(d["md.sys.motion.duration.extra-long1"] == 0.7 && d["md.sys.motion.duration.extra-long4"] == 1)
        #expect(d["carbon.motion.duration.fast-01"] == 0.07 && d["carbon.motion.duration.moderate-02"] == 0.24)
        #expect(d["carbon.motion.duration.slow-02"] == 0.7)
        #expect(d.count == 16 + 6)
    }

    @Test func easingsParseByName() throws {
        #expect(try TimingFunction(parsing: "md.sys.motion.easing.emphasized.decelerate") == .cubicBezier(0.05, 0.7, 0.1, 1))
        #expect(try TimingFunction(parsing: "md.sys.motion.easing.standard") == .cubicBezier(0.2, 0, 0, 1))
        #expect(try TimingFunction(parsing: "carbon.motion.entrance.productive") == .cubicBezier(0, 0, 0.38, 0.9))
        #expect(try TimingFunction(parsing: "carbon.motion.exit.expressive") == .cubicBezier(0.4, 0.14, 1, 1))
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: "md.sys.motion.easing.wobbly") }
    }

    @Test func coreAnimationDurationsTakeTokens() throws {
        let model = try CoreAnimationModel(
            json: [
                "type": "basic", "keyPath": "opacity", "toValue": 1,
                "duration": "carbon.motion.duration.moderate-02", "timingFunction": "carbon.motion.standard.productive"
            ],
            file: "t.yaml", path: FieldPath("animation"))
        #expect(model.timing.duration == 0.24 && model.timing.timingFunction == .cubicBezier(0.2, 0, 0.38, 0.9))
        #expect {
            _ = try CoreAnimationModel(
                json: ["type": "basic", "keyPath": "opacity", "toValue": 1, "duration": "md.sys.motion.duration.huge"],
                file: "t.yaml", path: FieldPath("animation"))
        } throws: { ($0 as? DefinitionError)?.path == "animation.duration" }
    }
}
