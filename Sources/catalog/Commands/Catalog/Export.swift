import ArgumentParser
import CatalogKit
import Foundation

extension ExportFormat: ExpressibleByArgument {}

extension BrowserEngines: ExpressibleByArgument {
    public init?(argument: String) { self.init(target: argument) }
    public static var allValueStrings: [String] { targets }
    public var defaultValueDescription: String { self == .all ? "all" : names.joined(separator: ",").lowercased() }
}

struct Export: ParsableCommand {

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an animation or chain as the web runs it: CSS, Web Animations JSON or an ES module.",
        discussion: """
            Exact where the web can say what the engine does (Core Animation timing, per-keyframe \
            easings, discrete steps, simple groups, additive values); elsewhere (springs, paced and \
            cubic modes, cumulative, iterationStart in CSS, …) keyframes are baked from the \
            engine's samples, every value within 0.1 % of the property's range. --explain tells \
            which, per property, with the measured error.

            css: @keyframes and a rule at --selector (default .NAME) setting `animation`; a chain \
            gets one rule per role at SELECTOR--ROLE. waapi: JSON, [{"keyframes", "options"}] as \
            element.animate() takes them ({role: [...]} for a chain). js: an ES module exporting \
            play(element) (chains: play({role: element})), returning {animations, finished}. \
            lottie: a Lottie document, one shape layer per role — a rectangle of the reference box \
            (--box, default 100,100) whose transform, opacity and fill follow the component — at \
            --fps frames per second. svg: an SVG document animated with SMIL, one rectangle per \
            role whose opacity, fill, corner radius and transform follow the component, written \
            from the engine's samples — it plays wherever an image does. dotlottie: the Lottie \
            document in a dotLottie archive (version 2: manifest.json first, then a/NAME.json), \
            bytes to -o FILE.lottie or standard output; every property that takes a token's value \
            is a slot, and each context of the token sets' modifiers (a DTCG resolver's \
            theme=dark) a theme, t/CONTEXT.json. --context resolves token references in that \
            context instead of the one each set holds.

            The stylesheet and the module also carry what plays when the user prefers reduced \
            motion (an @media (prefers-reduced-motion: reduce) block; a matchMedia check): the \
            component's reducedMotion:, each step's for a chain. --reduced-motion writes only that.

            --target names the browser engines the export must play in as the engine computes \
            (all by default; chromium, firefox or webkit). Where one of them interpolates a \
            keyframe pair otherwise — a transform through matrices, which the three decompose \
            differently; offsets one in single precision; a Core Animation value outside its \
            range — that part is baked into a form all of them play alike; --explain names it.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var referenceBox: ReferenceBoxOption
    @Argument(
        help: "A component NAME[@VERSION], or a definition file (.yaml, .json, .css, - for stdin).",
        completion: DatabaseCompletion.components())
    var component: String
    @Option(parsing: .unconditional, help: "What to write: css, waapi, js, lottie, dotlottie or svg.") var to: ExportFormat
    @Option(help: "The CSS selector of the rule (default: .NAME).") var selector: String?
    @Option(help: "Frames per second of a Lottie document, 1 to 240 (default: 60).") var fps: Double?
    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.") var output: String?
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter value (repeatable).", valueName: "NAME=VALUE")) var parameters: [KeyValue] = []
    @Option(help: "The browser engines it must play in as the engine computes: all, chromium, firefox or webkit.")
    var target: BrowserEngines = .all
    @Flag(help: "Say, per property, whether the export is exact or baked, and the measured error.") var explain = false
    @Flag(help: "Write only what plays when the user prefers reduced motion (the component's reducedMotion:).")
    var reducedMotion = false
    @OptionGroup var context: TokenContextOption

    func validate() throws {
        if selector != nil, to != .css { throw ValidationError("--selector goes with --to css") }
        if let fps {
            guard to == .lottie || to == .dotlottie else { throw ValidationError("--fps goes with --to lottie or dotlottie") }
            guard ExportFormat.isFrameRate(fps) else { throw ValidationError("--fps must be from 1 to 240, not \(fps)") }
        }
        if target != .all, to == .lottie || to == .svg || to == .dotlottie { throw ValidationError("--target goes with --to css, waapi or js") }
        if let selector, !ExportFormat.isSelector(selector) {
            throw ValidationError("--selector takes a CSS selector, not \"\(selector)\"")
        }
    }

    /// What the command writes: the export (text, or a dotLottie archive's bytes), or with
    /// `--explain` the table it prints.
    enum Product {
        case text(String)
        case data(Data)
        case explanation(String)
    }

    func run() throws {
        switch try product() {
        case .text(let text): try OutputFile.write(text, to: output)
        case .data(let data): try OutputFile.write(data, to: output)
        case .explanation(let table): print(table)
        }
    }

    func product() throws -> Product {
        // A Lottie layer is a rectangle of the box: 100 × 100 unless --box says otherwise.
        let box = referenceBox.box ?? to.defaultBox
        let resolver = global.resolver()
        resolver.tokenContexts = try context.chosen()
        let found = try resolver.resolve(component, kinds: [.animation, .chain, .decorator, .layout], for: "export")
        let file = found.source
        // Layouts, decorators and adopted behaviours leave as DESIGN §9 writes them.
        let behaviour: String?
        do {
            behaviour = try to.behaviourText(of: found.definition, selector: selector) { try resolver.catalog() }
        } catch let error as ExportError {
            throw CommandFailure(error, message: "\(file): cannot export: \(error.description)")
        }
        if let behaviour {
            // A layout's --explain: how each slot is placed. Every slot the stylesheet writes is
            // exact (one the engine's solver disagrees with is refused), and the module does the same.
            if explain, found.definition.kind == .layout, !reducedMotion, parameters.isEmpty {
                let sheet = try LayoutStylesheet(found.definition)
                var table = Table(header: ["SLOT", "FORM", "HOW"])
                for slot in sheet.slots {
                    let moving = sheet.choices(moving: slot.name).map { "\($0.parameter) ([\(sheet.attribute(of: $0.parameter))])" }
                    let how = "exact: calc() of the container's box, held to the engine's solver at export"
                    table.append(row: [slot.name, to.rawValue, how + (moving.isEmpty ? "" : "; moved by " + moving.joined(separator: ", "))])
                }
                return .explanation(table.render())
            }
            guard !explain, !reducedMotion, parameters.isEmpty else {
                throw CommandFailure(
                    "\(file): --explain, --reduced-motion and --param go with animations and chains; a layout's parameters are custom properties",
                    code: .usage)
            }
            return .text(behaviour)
        }
        let export: ComponentExport
        do {
            export = try ComponentExport(
                definition: found.definition, parameters: KeyValue.dictionary(parameters), target: to.target, engines: target,
                file: file, catalog: try resolver.catalog(for: found.definition), reducedMotion: reducedMotion,
                context: DefinitionContext(referenceBox: box, tokens: try resolver.tokenBinding(for: found.definition)))
        } catch let error as ExportError {
            throw CommandFailure(error, message: "\(file): cannot export: \(error.description)")
        }
        if explain, to == .svg {
            let svg: AnimatedSVG
            do { svg = try export.svg() } catch let error as ExportError {
                throw CommandFailure(error, message: "\(file): cannot export: \(error.description)")
            }
            var table = Table(header: ["ROLE", "ATTRIBUTE", "FIDELITY", "KEYFRAMES", "MAX ERROR", "WHY"])
            for (role, channel, fidelity) in svg.explanation {
                switch fidelity {
                case .exact: table.append(row: [role, channel, "exact", "-", "-", "-"])
                case .baked(let points, let error, let reason):
                    table.append(row: [role, channel, "baked", "\(points)", String(format: "%.0f%% of bound", error * 100), reason])
                }
            }
            return .explanation(table.render())
        }
        if to == .dotlottie, !explain {
            do { return .data(try to.data(of: export, fps: fps)) } catch let error as ExportError {
                throw CommandFailure(error, message: "\(file): cannot export: \(error.description)")
            }
        }
        var lottie: LottieExport?
        if to == .lottie || to == .dotlottie {
            do { lottie = try export.lottie(frameRate: fps ?? ExportFormat.defaultFrameRate) } catch let error as ExportError {
                throw CommandFailure(error, message: "\(file): cannot export: \(error.description)")
            }
        }
        if explain {
            let heading = lottie == nil ? "target: \(target.names.joined(separator: ", "))\n\n" : ""
            var table = Table(header: ["ROLE", "PROPERTY", "FIDELITY", "KEYFRAMES", "MAX ERROR", "WHY"])
            func row(_ fidelity: WebAnimation.Fidelity, keyframes: Int) -> [String] {
                switch fidelity {
                case .exact: ["exact", "\(keyframes)", "-", "-"]
                case .baked(let points, let error, let reason): ["baked", "\(points)", String(format: "%.0f%% of bound", error * 100), reason]
                }
            }
            if let lottie {
                for (role, channel, fidelity) in lottie.explanation {
                    table.append(row: [role, channel] + row(fidelity, keyframes: lottie.keyframeCount(role: role, channel: channel)))
                }
            } else {
                for (role, animation) in export.explanation {
                    table.append(
                        row: [role ?? "-", animation.properties.joined(separator: ",")] + row(animation.fidelity, keyframes: animation.keyframes.count))
                }
            }
            return .explanation(heading + table.render())
        }
        return .text(try lottie.map(\.document.text) ?? to.text(of: export, selector: selector))
    }
}
