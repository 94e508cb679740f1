import CatalogModel
import Foundation

/// The scenarios that ship with the built-in components (`catalog/scenarios/`, embedded at build
/// time): each built-in decorator and layout played as DESIGN §9 writes a scenario — what the
/// web app's scenario pages show and the browser judge plays.
///
/// ```swift
/// let typing = try BuiltInScenarios.named("placeholder-typing")
/// typing?.scenario.steps.count   // 4
/// ```
package enum BuiltInScenarios {
    /// Where they are among the embedded catalog files.
    static let folder = "scenarios/"

    /// Every built-in scenario, by name.
    package static func all() throws -> [ScenarioFile] { try parsed.get() }

    /// Read once: they are part of the binary.
    private static let parsed = Result { () throws -> [ScenarioFile] in
        try EmbeddedCatalog.files.filter { $0.name.hasPrefix(folder) && $0.name.hasSuffix(".scenario.yaml") }
            .map { file in
                try ScenarioFile(text: String(decoding: Data(base64Encoded: file.base64)!, as: UTF8.self), path: "catalog/\(file.name)")
            }
            .sorted { $0.scenario.name < $1.scenario.name }
    }

    /// The built-in scenario called `name`, if there is one.
    package static func named(_ name: String) throws -> ScenarioFile? {
        try all().first { $0.scenario.name == name }
    }
}
