import CatalogEngine
import CatalogModel

extension Catalog {
    /// The property in which a container keeps the layout applied to it (`apply LAYOUT --to ID`
    /// without a `rect`): the component's name and version, the roles and the parameters as given,
    /// so that its slots are laid out again when its frame or bounds change, as `layoutSubviews`
    /// does (DESIGN §9).
    static let appliedLayoutKey = "appliedLayout"

    /// What ``appliedLayoutKey`` holds for an application.
    static func appliedLayout(_ stored: StoredComponent, roles: [String: String], parameters: [String: String]) -> PropertyValue {
        .json([
            "component": .string(stored.name), "version": .string(stored.version),
            "roles": .object(roles.mapValues(JSONValue.string)), "parameters": .object(parameters.mapValues(JSONValue.string))
        ])
    }

    /// Lays the slots of the layout applied to `container` out again in its current bounds — and
    /// those of each slot that is itself such a container — writing the frames that changed, each
    /// a `prop.set` in the open transaction. A log records the frames, never the laying out: a
    /// replay folds them as written.
    func relayout(_ container: String, at sceneTime: Double?, visited: Set<String> = []) throws {
        guard !visited.contains(container), case .json(let applied)? = try database.properties.value(for: Self.appliedLayoutKey, on: container),
            let name = applied["component"]?.stringValue, let version = applied["version"]?.stringValue,
            let stored = try database.components.get(name, version: version)
        else { return }
        let definition = try stored.decode()
        let parameters = (applied["parameters"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        let layout = try LayoutDefinition(definition, parameters: try definition.parameterValues(text: parameters, file: definition.name))
        guard let rect = layout.rect(containerBounds: try containerBounds(of: container)) else { return }
        let roles = (applied["roles"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
        var sets: [PropertyWrite] = []
        for (slot, frame) in LayoutSolver.frames(for: layout.root, in: rect) {
            guard let id = roles[slot], try database.objects.get(id) != nil,
                try database.properties.value(for: "frame", on: id) != .rect(frame)
            else { continue }
            sets.append(PropertyWrite(id: id, key: "frame", value: .rect(frame)))
        }
        guard !sets.isEmpty else { return }
        try Self.checkModelValues(sets.map { ($0.id, $0.key, $0.value) })
        try database.applications.change(sets: sets, at: sceneTime)
        // A slot that is a container in turn: its new frame lays its own slots out.
        try relayout(resizedBy: sets.map { ($0.id, $0.key) }, at: sceneTime, visited: visited.union([container]))
    }

    /// Lays out again each container whose `frame` or `bounds` is among `writes`: the one rule
    /// every write path (a set, an import, a handler, a layout's own frames) follows.
    func relayout(resizedBy writes: [(id: String, key: String)], at sceneTime: Double?, visited: Set<String> = []) throws {
        let resized = Set(writes.filter { $0.key == "frame" || $0.key == "bounds" }.map(\.id))
        for id in resized.sorted() { try relayout(id, at: sceneTime, visited: visited) }
    }
}
