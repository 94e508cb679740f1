import CatalogEngine
import CatalogModel

/// A Lottie document as ``LottieImport`` reads it: the canvas, the frame rate and span, and each
/// layer's transform (anchor, position — also split into x and y —, scale, rotation — `r`, or
/// `rz` as many exporters write a 2D layer's —, skew and its axis, and start time), its parents'
/// transforms (by `ind`), opacity, solid fill and the span it shows for, with keyframes in either
/// format (the modern one; the old one whose keyframes carry their end value `e` and end on a
/// keyframe with only `t`), each segment's easing as CSS text. Per layer, what the catalog cannot
/// play is an ``Unsupported`` with the reason.
///
/// ```swift
/// let source = try LottieSource(json, file: "loader.json")
/// source.layers.map(\.name)   // ["dot"]
/// ```
struct LottieSource {
    /// Why a layer cannot be imported.
    struct Unsupported: Error {
        var reason: String
    }

    /// A keyframe: its time (frames), value, and the easing (CSS text) of the segment it starts.
    struct Keyframe {
        var time: Double
        var value: [Double]
        var easing: String
        /// A motion path: the segment this keyframe starts curves from its value along `out`
        /// (`to`) into the next value along `in` (`ti`), offsets from each; nil for a straight one.
        var tangents: (out: [Double], in: [Double])? = nil
    }

    enum Property {
        case fixed([Double])
        case animated([Keyframe])

        func fixed(or reason: String) throws(Unsupported) -> [Double] {
            switch self {
            case .fixed(let value): return value
            case .animated: throw Unsupported(reason: reason)
            }
        }

        /// Each value (keyframes keep their times and easings).
        func map(_ transform: ([Double]) -> [Double]) -> Property {
            switch self {
            case .fixed(let value): .fixed(transform(value))
            case .animated(let keyframes): .animated(keyframes.map { Keyframe(time: $0.time, value: transform($0.value), easing: $0.easing) })
            }
        }

        /// Its keyframes `frames` later.
        func shifted(by frames: Double) -> Property { retimed { $0 + frames } }

        /// Its keyframes at `time(t)` instead of `t` (an increasing map: easings and values stay).
        func retimed(_ time: (Double) -> Double) -> Property {
            guard case .animated(let keyframes) = self else { return self }
            return .animated(
                keyframes.map {
                    var k = $0; k.time = time(k.time); return k
                })
        }

        /// Its value at `time` (in its keyframes' time), as a player computes it: held before the
        /// first keyframe and after the last, each segment eased by its keyframe's easing, a
        /// curved segment moving along its path.
        func value(at time: Double) -> [Double] {
            guard case .animated(let keyframes) = self, let first = keyframes.first, let last = keyframes.last else { return values[0] }
            if time <= first.time { return first.value }
            if time >= last.time { return last.value }
            let index = keyframes.lastIndex { $0.time <= time }!
            let (from, to) = (keyframes[index], keyframes[index + 1])
            let linear = (time - from.time) / (to.time - from.time)
            let progress = ((try? TimingFunction(parsing: from.easing)) ?? .linear).output(at: linear)
            if let tangents = from.tangents {
                // Along the path: its points sit at equal steps of its length.
                let points = LottieMotionPath(from: from.value, to: to.value, out: tangents.out, in: tangents.in).points
                let position = min(max(progress, 0), 1) * Double(points.count - 1)
                let k = min(Int(position), points.count - 2), f = position - Double(k)
                return zip(points[k], points[k + 1]).map { $0 + ($1 - $0) * f }
            }
            let count = min(from.value.count, to.value.count)
            return (0..<count).map { from.value[$0] + (to.value[$0] - from.value[$0]) * progress }
        }

        /// Every value it takes at a keyframe (its one value when fixed).
        var values: [[Double]] {
            switch self {
            case .fixed(let value): [value]
            case .animated(let keyframes): keyframes.map(\.value)
            }
        }

        /// One dimension of each value.
        func component(_ index: Int) -> Property { map { [$0.indices.contains(index) ? $0[index] : $0.last ?? 0] } }

        /// Two properties' values side by side: where one holds, at the other's keyframes; where
        /// both move, only when they share their keyframes' times and easings (else `reason`).
        static func joined(_ a: Property, _ b: Property, or reason: String) throws(Unsupported) -> Property {
            switch (a, b) {
            case (.fixed(let x), .fixed(let y)): return .fixed(x + y)
            case (.animated, .fixed(let y)): return a.map { $0 + y }
            case (.fixed(let x), .animated): return b.map { x + $0 }
            case (.animated(let first), .animated(let second)):
                guard first.count == second.count, zip(first, second).allSatisfy({ $0.time == $1.time && $0.easing == $1.easing }) else {
                    throw Unsupported(reason: reason)
                }
                return .animated(zip(first, second).map { Keyframe(time: $0.time, value: $0.value + $1.value, easing: $0.easing) })
            }
        }

        /// `a − b`, one dimension each (as ``joined(_:_:or:)`` pairs them).
        static func difference(_ a: Property, _ b: Property, or reason: String) throws(Unsupported) -> Property {
            try joined(a, b, or: reason).map { [$0[0] - $0[1]] }
        }
    }

    /// A layer's transform as a player composes it — translate(position) · rotate · skew ·
    /// scale · translate(−anchor) — with keyframe times in the layer's time (the document's,
    /// less `startTime`).
    struct Transform {
        var startTime: Double
        var anchor: Property
        /// x and y, each on its own (a split position's are; a joined one's share keyframes).
        var positionAxes: [Property]
        /// The joined position's keyframes when it moves along a curved path (spatial tangents).
        var motionPath: [Keyframe]?
        var scale: Property
        var rotation: Property
        /// Degrees of skew, along the axis `skewAxis` (degrees from x).
        var skew: Property
        var skewAxis: Property

        /// Whether it skews at some time.
        var skews: Bool { skew.values.contains { ($0.first ?? 0) != 0 } }

        /// Held at its values at document time `time` (its keyframes are in its own time).
        func frozen(at time: Double) -> Transform {
            let local = time - startTime
            func held(_ property: Property) -> Property { .fixed(property.value(at: local)) }
            var frozen = self
            if let path = motionPath {
                let point = Property.animated(path).value(at: local)
                frozen.positionAxes = [.fixed([point[0]]), .fixed([point.count > 1 ? point[1] : 0])]
                frozen.motionPath = nil
            } else {
                frozen.positionAxes = positionAxes.map(held)
            }
            frozen.anchor = held(anchor)
            frozen.scale = held(scale)
            frozen.rotation = held(rotation)
            frozen.skew = held(skew)
            frozen.skewAxis = held(skewAxis)
            return frozen
        }

        /// Placed in a composition that shows its own at `outer = start + stretch × inner`: the
        /// start mapped, each keyframe time (in the layer's time) scaled.
        func placed(start: Double, stretch: Double) -> Transform {
            var placed = self
            placed.startTime = start + stretch * startTime
            guard stretch != 1 else { return placed }
            let scale: (Double) -> Double = { $0 * stretch }
            placed.anchor = anchor.retimed(scale)
            placed.positionAxes = positionAxes.map { $0.retimed(scale) }
            placed.motionPath = motionPath?.map {
                var k = $0; k.time *= stretch; return k
            }
            placed.scale = self.scale.retimed(scale)
            placed.rotation = rotation.retimed(scale)
            placed.skew = skew.retimed(scale)
            placed.skewAxis = skewAxis.retimed(scale)
            return placed
        }
    }

    struct Layer {
        var name: String
        var transform: Transform
        /// The transforms of its parent, its parent's parent, …: nearest first.
        var parents: [Transform]
        /// The transforms of the shape groups its drawing is inside, outermost first: each a
        /// parent of what it holds, in the layer's time.
        var groups: [Transform] = []
        /// Where it is drawn in the document: its layer's index in each composition from the
        /// document's down (a precomposition layer, then a layer of its asset, …), and the indices
        /// of the shape groups around its drawing (`shapes`, then each group's `it`).
        var source: [Int] = []
        var groupPath: [Int] = []
        var opacity: Property
        /// `[r, g, b, a]`, 0…1, or nil for no solid fill.
        var fill: Property?
        /// The frames (document time) in which it shows: from its `ip` up to its `op`.
        var shown: Range<Double>
        var startTime: Double { transform.startTime }
    }

    let frameRate: Double, inPoint: Double, outPoint: Double, width: Double, height: Double
    /// The layers as the document lists them (topmost first): each read (nil for a null layer,
    /// which shows nothing of its own), or why it cannot be.
    let layers: [(name: String, location: String, layer: Result<Layer?, Unsupported>)]

    init(_ json: JSONValue, file: String) throws(DefinitionError) {
        func number(_ key: String) throws(DefinitionError) -> Double {
            guard let n = json[key]?.numberValue, n.isFinite else { throw DefinitionError(file: file, path: key, rule: "must be a number") }
            return n
        }
        frameRate = try number("fr")
        inPoint = try number("ip")
        outPoint = try number("op")
        width = (try? number("w")) ?? 100
        height = (try? number("h")) ?? 100
        guard frameRate > 0, frameRate <= 1000 else { throw DefinitionError(file: file, path: "fr", rule: "must be more than 0 and at most 1000") }
        guard outPoint > inPoint else { throw DefinitionError(file: file, path: "op", rule: "must be after ip") }
        guard width > 0, height > 0 else { throw DefinitionError(file: file, path: "w", rule: "the canvas must have a size") }
        var assets: [String: [JSONValue]] = [:]
        for asset in json["assets"]?.arrayValue ?? [] {
            if let id = asset["id"]?.stringValue, let layers = asset["layers"]?.arrayValue { assets[id] = layers }
        }
        layers = Self.layers(json["layers"]?.arrayValue ?? [], assets: assets, within: [], frameRate: frameRate)
    }

    /// The drawn parts of a composition's layers, in order: a precomposition's layers placed in
    /// it (`P/inner`), a shape layer's groups that move apart as parts of their own (`L/group`).
    /// - Parameter within: the precompositions (asset ids) around these layers, outermost first.
    private static func layers(_ items: [JSONValue], assets: [String: [JSONValue]], within: [String], frameRate: Double)
        -> [(name: String, location: String, layer: Result<Layer?, Unsupported>)]
    {
        // Parents are found by their index (`ind`); any layer of the composition may be one, drawn or not.
        var byIndex: [Double: JSONValue] = [:]
        for item in items {
            if let index = item["ind"]?.numberValue, byIndex[index] == nil { byIndex[index] = item }
        }
        var result: [(name: String, location: String, layer: Result<Layer?, Unsupported>)] = []
        for (index, item) in items.enumerated() {
            let name = item["nm"]?.stringValue ?? ""
            do throws(Unsupported) {
                if item["ty"]?.numberValue == 0 {
                    let precomp = try frame(item, byIndex: byIndex)
                    guard let id = item["refId"]?.stringValue, let inner = assets[id] else {
                        throw Unsupported(reason: "a precomposition whose asset is missing")
                    }
                    guard !within.contains(id), within.count < 16 else { throw Unsupported(reason: "precompositions nested in a cycle") }
                    let clock = try Self.clock(of: item, shown: precomp.shown, frameRate: frameRate)
                    for (innerName, innerLocation, innerLayer) in layers(inner, assets: assets, within: within + [id], frameRate: frameRate) {
                        let placed = Result { () throws(Unsupported) -> Layer? in
                            guard let layer = try innerLayer.get() else { return nil }
                            var placed = try Self.placed(layer, in: precomp, clock: clock)
                            placed.source = [index] + layer.source
                            return placed
                        }
                        result.append(("\(name)/\(innerName)", "layers[\(index)].\(innerLocation)", placed))
                    }
                } else {
                    for var part in try Self.parts(item, byIndex: byIndex) {
                        part.source = [index]
                        result.append((part.name, "layers[\(index)]", .success(part)))
                    }
                    if item["ty"]?.numberValue == 3 { result.append((name, "layers[\(index)]", .success(nil))) }
                }
            } catch {
                result.append((name, "layers[\(index)]", .failure(error)))
            }
        }
        return result
    }

    /// What places a layer in its composition: its transform, its parents', its opacity and the
    /// span it shows for — of any layer type.
    private static func frame(_ json: JSONValue, byIndex: [Double: JSONValue]) throws(Unsupported) -> Layer {
        if json["hasMask"] == .bool(true) || !(json["masksProperties"]?.arrayValue ?? []).isEmpty { throw Unsupported(reason: "a mask") }
        if json["tt"] != nil || json["td"] != nil { throw Unsupported(reason: "a track matte") }
        let transform = try Self.transform(of: json)
        // Parenting moves a layer by its parents' transforms (not their opacity), each in its own time.
        var parents: [Transform] = [], visited: Set<Double> = []
        var link = json["parent"]
        while let value = link {
            guard let index = value.numberValue, let parent = byIndex[index] else {
                throw Unsupported(reason: "a parent (ind \(value.canonicalText)) the document does not have")
            }
            guard visited.insert(index).inserted, parents.count < 100 else { throw Unsupported(reason: "parents in a cycle") }
            do throws(Unsupported) { parents.append(try Self.transform(of: parent)) } catch {
                throw Unsupported(reason: "a parent (\"\(parent["nm"]?.stringValue ?? "")\") with \(error.reason)")
            }
            link = parent["parent"]
        }
        let ks = json["ks"] ?? [:]
        let ip = json["ip"]?.numberValue ?? -Double.greatestFiniteMagnitude, op = json["op"]?.numberValue ?? Double.greatestFiniteMagnitude
        guard ip.isFinite, op.isFinite else { throw Unsupported(reason: "an ip or op that is not a number") }
        return Layer(
            name: json["nm"]?.stringValue ?? "", transform: transform, parents: parents,
            opacity: try property(ks["o"], default: [100], name: "opacity"), fill: nil, shown: ip..<max(ip, op))
    }

    /// A drawn layer's parts: one for a solid, one per distinct motion of a shape layer's groups
    /// (groups that move alike are one part); none for a null layer.
    private static func parts(_ json: JSONValue, byIndex: [Double: JSONValue]) throws(Unsupported) -> [Layer] {
        // A type that is not a small whole number (1e300, 2.5) is no layer a player draws.
        let type = json["ty"]?.numberValue.flatMap { Int(exactly: $0) } ?? -1
        switch type {
        case 2: throw Unsupported(reason: "an image layer")
        case 3: return []  // a null layer draws nothing; it only parents others
        case 5: throw Unsupported(reason: "a text layer")
        case 1, 4: break
        default: throw Unsupported(reason: "a layer of type \(type)")
        }
        // Players read time remapping on precompositions only.
        if json["tm"] != nil { throw Unsupported(reason: "time remapping") }
        var layer = try frame(json, byIndex: byIndex)
        if type == 1 {
            layer.fill = .fixed(try solidColor(json["sc"]?.stringValue))
            return [layer]
        }
        let groups = try ShapeGroups(json["shapes"]?.arrayValue ?? [])
        guard !groups.parts.isEmpty else {
            layer.fill = try shapeFill(json["shapes"]?.arrayValue ?? [])
            return [layer]
        }
        var parts: [Layer] = []
        for part in groups.parts {
            var piece = layer
            if groups.parts.count > 1 { piece.name = ([layer.name] + part.names).joined(separator: "/") }
            for tr in part.transforms {
                // A group's transform is in its layer's time.
                piece.groups.append(try transform(of: ["ks": tr, "st": json["st"] ?? 0]))
                piece.opacity = try product(
                    piece.opacity, try property(tr["o"], default: [100], name: "group opacity"),
                    or: "opacity animated on both a layer and a group inside it")
            }
            piece.fill = part.fill
            piece.groupPath = part.path
            parts.append(piece)
        }
        return parts
    }

    /// How a precomposition layer shows its composition: at document time `t` its content is at
    /// `(t − start) / stretch` (its `st` and `sr`, as lottie-web, rlottie and ThorVG read them).
    struct Clock {
        var start: Double
        var stretch: Double
        /// The composition's frame it holds throughout (a remap to one time), if it does.
        var frozenAt: Double? = nil
        /// A remap that plays and holds in turn, if it does.
        var remap: TimeRemap? = nil
    }

    /// A precomposition layer's clock: its start time and stretch, or a time remapping (`tm`,
    /// seconds of the composition at each frame of the layer) that holds one frame throughout (a
    /// freeze frame), only offsets it — keyframes one second apart per second, linear, spanning
    /// the frames the layer shows — read as the start time it amounts to, or plays and holds in
    /// turn (``TimeRemap``). A remap that changes speed or reverses is refused.
    private static func clock(of json: JSONValue, shown: Range<Double>, frameRate: Double) throws(Unsupported) -> Clock {
        let stretch = json["sr"]?.numberValue ?? 1
        guard stretch.isFinite, stretch > 0, stretch <= 1000 else {
            throw Unsupported(reason: "a time stretch (sr \(json["sr"]?.canonicalText ?? "")) that is not more than 0 and at most 1000")
        }
        let start = json["st"]?.numberValue ?? 0
        guard let remap = json["tm"] else { return Clock(start: start, stretch: stretch) }
        // Players disagree on a remap beside a start time or a stretch (lottie-web drops the
        // stretch, ThorVG applies it after; ThorVG and rlottie read the remap before the start).
        guard start == 0, stretch == 1 else { throw Unsupported(reason: "time remapping beside a start time or stretch") }
        let seconds = try property(remap, default: [0], name: "time remap")
        // One time throughout (a freeze frame): the content held at that frame.
        if Set(seconds.values.map { $0.first ?? 0 }).count == 1 {
            let frame = (seconds.values[0].first ?? 0) * frameRate
            guard frame.isFinite else { throw Unsupported(reason: "time remapping to a time that is not a number") }
            return Clock(start: 0, stretch: 1, frozenAt: frame)
        }
        guard case .animated(let keys) = seconds else { throw Unsupported(reason: "time remapping that is not numbers") }
        if let offset = remapOffset(keys, shown: shown, frameRate: frameRate) { return Clock(start: offset, stretch: 1) }
        return Clock(start: 0, stretch: 1, remap: try TimeRemap(keys, frameRate: frameRate))
    }

    /// The start time a time remap amounts to when it only offsets: every segment linear and one
    /// frame of the composition per frame, its keyframes spanning the frames the layer shows
    /// (before the first and after the last a remap holds); nil when it does more.
    private static func remapOffset(_ keys: [Keyframe], shown: Range<Double>, frameRate: Double) -> Double? {
        let offsets = keys.map { $0.time - $0.value[0] * frameRate }
        let linear = keys.dropLast().allSatisfy { Self.isIdentity($0.easing) }
        guard linear, let first = offsets.first, offsets.allSatisfy({ abs($0 - first) <= 1e-6 * max(1, abs(first)) }),
            keys[0].time <= shown.lowerBound, keys[keys.count - 1].time >= shown.upperBound
        else { return nil }
        return first
    }

    /// Whether an easing leaves progress as it is: `linear`, or a cubic bézier whose handles lie
    /// on the diagonal.
    static func isIdentity(_ easing: String) -> Bool {
        switch try? TimingFunction(parsing: easing) {
        case .linear?: true
        case .cubicBezier(let x1, let y1, let x2, let y2)?: x1 == y1 && x2 == y2
        default: false
        }
    }

    /// A layer of a precomposition placed in the document: its times mapped by the
    /// precomposition layer's clock, the precomposition's transform and parents around its own,
    /// its opacity multiplied by the precomposition's, shown where both show.
    private static func placed(_ layer: Layer, in precomp: Layer, clock: Clock) throws(Unsupported) -> Layer {
        if let frame = clock.frozenAt { return try frozen(layer, at: frame, in: precomp) }
        if let remap = clock.remap { return try remapped(layer, in: precomp, by: remap) }
        func outer(_ t: Double) -> Double { clock.start + clock.stretch * t }
        var placed = layer
        placed.transform = layer.transform.placed(start: clock.start, stretch: clock.stretch)
        placed.parents = layer.parents.map { $0.placed(start: clock.start, stretch: clock.stretch) } + [precomp.transform] + precomp.parents
        placed.groups = layer.groups.map { $0.placed(start: clock.start, stretch: clock.stretch) }
        // The layer's opacity and fill keyframes are in its own time, which the stretch scales;
        // the precomposition's opacity keyframes in the precomposition's own.
        let scale: (Double) -> Double = { $0 * clock.stretch }
        placed.fill = layer.fill?.retimed(scale)
        let outerOpacity = precomp.opacity.shifted(by: precomp.startTime - placed.transform.startTime)
        placed.opacity = try product(
            layer.opacity.retimed(scale), outerOpacity,
            or: "opacity animated on both a layer and the precomposition around it")
        let shown = outer(layer.shown.lowerBound)..<outer(layer.shown.upperBound)
        let low = max(shown.lowerBound, precomp.shown.lowerBound), high = min(shown.upperBound, precomp.shown.upperBound)
        placed.shown = low..<max(low, high)
        return placed
    }

    /// A layer of a precomposition whose time remap plays and holds in turn: every keyframe in
    /// document frames, shown where the remap shows its content while the precomposition shows.
    private static func remapped(_ layer: Layer, in precomp: Layer, by remap: TimeRemap) throws(Unsupported) -> Layer {
        var placed = layer
        placed.transform = try layer.transform.remapped(remap)
        placed.parents = try layer.parents.map { transform throws(Unsupported) in try transform.remapped(remap) } + [precomp.transform] + precomp.parents
        placed.groups = try layer.groups.map { transform throws(Unsupported) in try transform.remapped(remap) }
        placed.fill = try layer.fill?.remapped(remap, startTime: layer.startTime)
        placed.opacity = try product(
            layer.opacity.remapped(remap, startTime: layer.startTime), precomp.opacity.shifted(by: precomp.startTime),
            or: "opacity animated on both a layer and the precomposition around it")
        let shown = try remap.shown(layer.shown)
        let low = max(shown.lowerBound, precomp.shown.lowerBound), high = min(shown.upperBound, precomp.shown.upperBound)
        placed.shown = low..<max(low, high)
        return placed
    }

    /// A layer of a precomposition that holds its frame `frame`: every value as it stands then,
    /// shown wherever the precomposition shows when the layer shows at that frame.
    private static func frozen(_ layer: Layer, at frame: Double, in precomp: Layer) throws(Unsupported) -> Layer {
        var placed = layer
        placed.transform = layer.transform.frozen(at: frame)
        placed.parents = layer.parents.map { $0.frozen(at: frame) } + [precomp.transform] + precomp.parents
        placed.groups = layer.groups.map { $0.frozen(at: frame) }
        let local = frame - layer.startTime
        placed.fill = layer.fill.map { .fixed($0.value(at: local)) }
        let outerOpacity = precomp.opacity.shifted(by: precomp.startTime - placed.transform.startTime)
        placed.opacity = try product(
            .fixed(layer.opacity.value(at: local)), outerOpacity,
            or: "opacity animated on both a layer and the precomposition around it")
        placed.shown = layer.shown.contains(frame) ? precomp.shown : precomp.shown.lowerBound..<precomp.shown.lowerBound
        return placed
    }

    /// Two opacities (percent) multiplied: exact where one of them holds.
    private static func product(_ a: Property, _ b: Property, or reason: String) throws(Unsupported) -> Property {
        switch (a, b) {
        case (.fixed(let x), .fixed(let y)): return .fixed([(x.first ?? 100) * (y.first ?? 100) / 100])
        case (.animated, .fixed(let y)): return a.map { [$0[0] * (y.first ?? 100) / 100] }
        case (.fixed(let x), .animated): return b.map { [(x.first ?? 100) * $0[0] / 100] }
        case (.animated, .animated): throw Unsupported(reason: reason)
        }
    }

    /// A layer's transform (`ks`) and start time, of any layer type: a parent may be any.
    static func transform(of json: JSONValue) throws(Unsupported) -> Transform {
        if json["ddd"]?.numberValue == 1 { throw Unsupported(reason: "a 3D layer") }
        if json["ao"]?.numberValue == 1 { throw Unsupported(reason: "auto-orient") }
        // A precomposition's stretch times its content (``Clock``), not its own transform.
        if json["ty"]?.numberValue != 0, let stretch = json["sr"], stretch.numberValue != 1 {
            throw Unsupported(reason: "a time stretch (sr \(stretch.canonicalText)) on a layer that is not a precomposition")
        }
        let ks = json["ks"] ?? [:]
        var rotation = try property(ks["rz"] ?? ks["r"], default: [0], name: "rotation")
        if case .fixed(let v) = rotation, v.isEmpty { rotation = .fixed([0]) }
        let skew = try property(ks["sk"], default: [0], name: "skew")
        // tan(±90°) has no value: After Effects keeps a skew within ±85°.
        if skew.values.contains(where: { abs($0.first ?? 0) > 85 }) { throw Unsupported(reason: "a skew beyond ±85°") }
        var positionAxes: [Property], motionPath: [Keyframe]?
        if let p = ks["p"], p["s"] == .bool(true) {
            positionAxes = [try property(p["x"], default: [0], name: "position x"), try property(p["y"], default: [0], name: "position y")]
        } else {
            let p = try property(ks["p"], default: [0, 0], name: "position", spatial: true)
            positionAxes = [p.component(0), p.component(1)]
            if case .animated(let keyframes) = p, keyframes.contains(where: { $0.tangents != nil }) { motionPath = keyframes }
        }
        guard let startTime = (json["st"] ?? 0).numberValue, startTime.isFinite else { throw Unsupported(reason: "a start time (st) that is not a number") }
        return Transform(
            startTime: startTime, anchor: try property(ks["a"], default: [0, 0], name: "anchor"), positionAxes: positionAxes,
            motionPath: motionPath,
            scale: try property(ks["s"], default: [100, 100], name: "scale"), rotation: rotation, skew: skew,
            skewAxis: try property(ks["sa"], default: [0], name: "skew axis"))
    }

    /// A property in either keyframe format; `default` where the layer has none. Only a `spatial`
    /// one (a position) may curve between its keyframes.
    static func property(_ json: JSONValue?, default fallback: [Double], name: String, spatial: Bool = false) throws(Unsupported) -> Property {
        guard let json else { return .fixed(fallback) }
        if json["x"]?.stringValue != nil { throw Unsupported(reason: "an expression (on \(name))") }
        guard let k = json["k"] else { return .fixed(fallback) }
        let items = k.arrayValue ?? []
        guard let first = items.first, first["t"] != nil else {
            let value = numbers(k)
            guard !value.isEmpty else { throw Unsupported(reason: "a \(name) that is not numbers") }
            return .fixed(value)
        }
        var keyframes: [Keyframe] = []
        var previousEnd: [Double]?
        for item in items {
            guard let time = item["t"]?.numberValue, time.isFinite else { throw Unsupported(reason: "a \(name) keyframe without a time") }
            let start = item["s"].map(numbers) ?? previousEnd ?? []
            guard !start.isEmpty else { throw Unsupported(reason: "a \(name) keyframe without a value") }
            let (out, into) = (numbers(item["to"] ?? []), numbers(item["ti"] ?? []))
            let curves = (out + into).contains { $0 != 0 }
            guard !curves || spatial else { throw Unsupported(reason: "a motion path (spatial tangents on \(name))") }
            // The old format ends a segment on `e`, which may differ from where the next one starts.
            if let end = previousEnd, end != start, let last = keyframes.last, last.time < time {
                keyframes.append(Keyframe(time: time, value: end, easing: "linear"))
            }
            keyframes.append(Keyframe(time: time, value: start, easing: easing(item), tangents: curves ? (out, into) : nil))
            // An `e` that holds no numbers says nothing: every keyframe value has at least one.
            previousEnd = item["e"].map(numbers).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard keyframes.count > 1 else { return .fixed(keyframes.first?.value ?? fallback) }
        return .animated(keyframes)
    }

    /// The segment a keyframe starts: held, along its handles (the first entry of each list, as
    /// players read them), or straight.
    private static func easing(_ keyframe: JSONValue) -> String {
        if keyframe["h"]?.numberValue == 1 || keyframe["h"] == .bool(true) { return "steps(1, jump-end)" }
        func first(_ handle: JSONValue?, _ axis: String) -> Double? {
            guard let value = handle?[axis] else { return nil }
            return value.numberValue ?? value.arrayValue?.first?.numberValue
        }
        guard let x1 = first(keyframe["o"], "x"), let y1 = first(keyframe["o"], "y"), let x2 = first(keyframe["i"], "x"),
            let y2 = first(keyframe["i"], "y")
        else { return "linear" }
        return cubicBezierText(x1, y1, x2, y2)
    }

    /// `cubic-bezier(x1, y1, x2, y2)`, numbers as JSON writes them.
    static func cubicBezierText(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        "cubic-bezier(\([x1, y1, x2, y2].map(JSONValue.numberText).joined(separator: ", ")))"
    }

    private static func numbers(_ json: JSONValue) -> [Double] {
        if let n = json.numberValue { return [n] }
        return json.arrayValue?.compactMap(\.numberValue) ?? []
    }

    /// `#rrggbb` → `[r, g, b, 1]`.
    private static func solidColor(_ text: String?) throws(Unsupported) -> [Double] {
        guard let text, text.hasPrefix("#"), text.count == 7, let value = Int(text.dropFirst(), radix: 16) else {
            throw Unsupported(reason: "a solid layer without an #rrggbb colour")
        }
        return [Double((value >> 16) & 255) / 255, Double((value >> 8) & 255) / 255, Double(value & 255) / 255, 1]
    }

    /// The first solid fill of a layer's shapes, its colour with its opacity as alpha.
    static func shapeFill(_ shapes: [JSONValue]) throws(Unsupported) -> Property? {
        for shape in shapes {
            switch shape["ty"]?.stringValue {
            case "tm": throw Unsupported(reason: "trim paths")
            case "gf", "gs": throw Unsupported(reason: "a gradient")
            case "gr":
                if let fill = try shapeFill(shape["it"]?.arrayValue ?? []) { return fill }
            case "fl":
                let color = try property(shape["c"], default: [0, 0, 0, 1], name: "fill colour")
                let opacity = try property(shape["o"], default: [100], name: "fill opacity")
                switch (color, opacity) {
                case (.fixed(let c), .fixed(let o)): return .fixed(Array(c.prefix(3)) + [o[0] / 100])
                case (.animated, .fixed(let o)): return color.map { Array($0.prefix(3)) + [o[0] / 100] }
                case (.fixed(let c), .animated): return opacity.map { Array(c.prefix(3)) + [$0[0] / 100] }
                case (.animated, .animated): throw Unsupported(reason: "a fill whose colour and opacity both animate")
                }
            default: continue
            }
        }
        return nil
    }

    /// Whether a shape group's transform leaves its shapes where they are (anchor at position,
    /// no scale, rotation or opacity).
    static func isIdentity(_ transform: JSONValue) -> Bool {
        func fixed(_ key: String, _ fallback: [Double]) -> [Double]? {
            guard let p = try? property(transform[key], default: fallback, name: key), case .fixed(let v) = p else { return nil }
            return v
        }
        guard let a = fixed("a", [0, 0]), let p = fixed("p", [0, 0]), let s = fixed("s", [100, 100]), let r = fixed("r", [0]),
            let o = fixed("o", [100])
        else { return false }
        return Array(a.prefix(2)) == Array(p.prefix(2)) && s.prefix(2).allSatisfy { $0 == 100 } && (r.first ?? 0) == 0 && (o.first ?? 100) == 100
    }
}
