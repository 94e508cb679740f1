import CatalogModel
internal import CatalogStore

// What a user of the library reaches through `catalog.components`, `.objects`, `.types` and
// `.events`: the operations of the stores that a program needs, on either backend, and nothing
// of the stores themselves (their protocols, built-in loading, cache keys) — those stay inside
// the package, so the store can change without changing the library's surface.

extension Catalog {
    /// The catalog's components: add, look up, list, search, history, remove.
    ///
    /// ```swift
    /// try catalog.components.add([definition])
    /// let current = try catalog.components.get("bounce-select")          // its newest version
    /// let every = try catalog.components.versions(of: "bounce-select")  // each version kept
    /// ```
    public struct Components: Sendable {
        let store: any ComponentStore
        /// The catalog's current token sets, which an added definition's references must be in.
        let tokens: @Sendable () throws -> TokenBinding

        /// Adds or updates definitions in one transaction (one `component.add` event each); refuses
        /// all if any is refused. `sceneTime` moves the scene clock (never backwards).
        @discardableResult
        public func add(_ definitions: [ComponentDefinition], at sceneTime: Double? = nil) throws -> [AddOutcome] {
            if definitions.contains(where: { !$0.tokenReferences.isEmpty }) {
                try Self.checkTokenReferences(definitions, current: try tokens())
            }
            return try store.add(definitions, at: sceneTime)
        }

        /// Every token a definition references is in one token set — the catalog's current ones,
        /// with those added alongside in place of theirs — else the add is refused, naming it.
        static func checkTokenReferences(_ definitions: [ComponentDefinition], current: TokenBinding) throws {
            var sets = current.sets
            for definition in definitions where definition.kind == .tokens {
                if case .tokens(let set)? = definition.defaultBody.body { sets[definition.name] = (definition.version.description, set) }
            }
            let binding = TokenBinding(sets: sets.map { ($0.key, $0.value.version, $0.value.set) })
            for definition in definitions {
                for path in definition.tokenReferences {
                    do throws(TokenLookupError) { _ = try binding.origin(of: path) } catch {
                        throw DefinitionError(file: definition.name, path: "", rule: error.description)
                    }
                }
            }
        }

        /// The version a reference names: its current one, or `NAME@VERSION`'s kept one.
        package func get(_ reference: ComponentReference) throws -> StoredComponent? { try store.get(reference) }

        /// The current version of `name`, or its kept `version`; nil when there is none.
        public func get(_ name: String, version: String? = nil) throws -> StoredComponent? { try store.get(name, version: version) }

        /// The current components by name, filtered by kind and tag, a page at a time: those after
        /// `after` (before it with `reverse`, newest name first), at most `limit`.
        public func list(
            kind: ComponentKind? = nil, tag: String? = nil, after: String? = nil, limit: Int? = nil,
            reverse: Bool = false
        ) throws -> [StoredComponent] {
            try store.list(kind: kind, tag: tag, after: after, limit: limit, reverse: reverse)
        }

        /// Every kept version of `name`, oldest first (empty when there is none).
        package func history(_ name: String) throws -> [StoredComponent] { try store.history(name) }

        /// The version a reference names, or why there is none: a name the catalog never held is
        /// ``StoreError/unknownComponent(_:)``, a version it never kept
        /// ``ComponentLookupError/unknownVersion(component:version:)``, a removed component's bare
        /// name ``ComponentLookupError/removed(component:lastVersion:)`` — what `catalog show` says.
        ///
        /// ```swift
        /// let current = try catalog.components.version(ComponentReference("bounce-select"))
        /// let first = try catalog.components.version(ComponentReference("bounce-select@1.0.0"))
        /// ```
        package func version(_ reference: ComponentReference) throws -> StoredComponent {
            if let stored = try store.get(reference) { return stored }
            if let version = reference.version, try store.get(reference.name, version: nil) != nil {
                throw ComponentLookupError.unknownVersion(component: reference.name, version: version)
            }
            if reference.version == nil, let last = try store.history(reference.name).last {
                throw ComponentLookupError.removed(component: reference.name, lastVersion: last.version)
            }
            throw StoreError.unknownComponent(reference.name)
        }

        /// Every kept version of `name`, oldest first; a name never added is
        /// ``StoreError/unknownComponent(_:)`` — what `catalog history` lists.
        public func versions(of name: String) throws -> [StoredComponent] {
            let versions = try store.history(name)
            guard !versions.isEmpty else { throw StoreError.unknownComponent(name) }
            return versions
        }

        /// The current components' names, in order.
        package func names() throws -> [String] { try store.names() }

        /// Full-text search over name, summary and tags, best match first; the text is taken as
        /// words, never as query syntax.
        public func search(_ text: String, limit: Int = 50) throws -> [StoredComponent] { try store.search(text, limit: limit) }

        /// Changes whenever a component is added, updated or removed: a key for caches of what
        /// depends on the catalog's current components (a chain's steps, token sets).
        package func stamp() throws -> String { try store.tableStamp() }

        /// ``stamp()`` when it is known without reading the store (no commit since it was read),
        /// else nil: a server answers from its cache on the request's own thread then.
        package func keptStamp() -> String? { store.keptTableStamp() }

        /// Takes `name` out of the catalog (refused while another component uses it); its versions
        /// stay kept, because the log may apply them.
        public func remove(_ name: String, at sceneTime: Double? = nil) throws { try store.remove(name, at: sceneTime) }
    }

    /// The scene's objects and their ownership.
    ///
    /// ```swift
    /// try catalog.objects.add(id: "form-1", type: "form")
    /// try catalog.objects.add(id: "field-1", type: "textField", owners: ["form-1"])
    /// try catalog.objects.remove("form-1")   // ["field-1", "form-1"]: what it alone owned goes too
    /// ```
    public struct Objects: Sendable {
        let store: any ObjectStore
        let properties: any PropertyStore

        /// Creates an object of `type` (a built-in or a declared one), owned by `owners`.
        public func add(id: String, type: String, owners: [String] = [], at sceneTime: Double? = nil) throws {
            try store.addAll([(id, type, owners)], at: sceneTime)
        }

        /// Creates objects in one transaction, in order, one `object.add` event each: all or nothing.
        package func addAll(_ objects: [(id: String, type: String, owners: [String])], at sceneTime: Double? = nil) throws {
            try store.addAll(objects, at: sceneTime)
        }

        /// The object, or nil when there is none with this id.
        public func get(_ id: String) throws -> StoredObject? { try store.get(id) }

        /// One object with its properties — what `catalog object show` prints; an unknown id is
        /// ``StoreError/unknownObject(_:)``.
        ///
        /// ```swift
        /// let cell = try catalog.objects.describe("cell-1")
        /// cell.properties.map(\.key)   // ["bounce-select.duration", …]
        /// ```
        public func describe(_ id: String) throws -> ObjectDescription {
            guard let object = try store.get(id) else { throw StoreError.unknownObject(id) }
            return ObjectDescription(object: object, properties: try properties.list(on: id))
        }

        /// Every object, in id order.
        public func list() throws -> [StoredObject] {
            var objects: [StoredObject] = []
            try store.forEach(after: nil, limit: nil, reverse: false) { objects.append($0) }
            return objects
        }

        /// Objects in id order after `after` (before it, newest first, with `reverse`), at most
        /// `limit`, each as it is read, a page at a time.
        package func forEach(after: String? = nil, limit: Int? = nil, reverse: Bool = false, _ body: (StoredObject) throws -> Void) throws {
            try store.forEach(after: after, limit: limit, reverse: reverse, body)
        }

        /// Every object's id, in order.
        package func ids() throws -> [String] { try store.ids() }

        /// Removes the object and what it alone owned; returns the ids removed.
        @discardableResult
        public func remove(_ id: String, at sceneTime: Double? = nil) throws -> [String] { try store.remove(id, at: sceneTime) }
    }

    /// Custom object types and the properties they declare.
    ///
    /// ```swift
    /// try catalog.types.declare("card", properties: ["title": .string, "elevation": .number])
    /// try catalog.types.get("card")?.properties["title"]   // .string
    /// ```
    public struct ObjectTypes: Sendable {
        let store: any ObjectTypeStore

        /// Declares a type (or redeclares it, keeping what its objects already hold valid).
        public func declare(_ name: String, properties: [String: ValueType], at sceneTime: Double? = nil) throws {
            try store.declare(name, properties: properties, at: sceneTime)
        }

        /// The declared type, or nil.
        public func get(_ name: String) throws -> ObjectType? { try store.get(name) }

        /// Every declared type, by name.
        public func list() throws -> [ObjectType] { try store.list() }
    }

    /// The event log, read. Events are appended only by the changes they record.
    ///
    /// ```swift
    /// for event in try catalog.events.list(object: "label-1") { print(event.seq, event.operation) }
    /// try catalog.events.follow(since: 0) { seq, line in print(line); return true }   // and on as events come
    /// ```
    public struct Events: Sendable {
        let store: any EventStore

        /// Events after `since` (about `object`, before `before` when given), oldest first, at most `limit`.
        public func list(since: Int64 = 0, object: String? = nil, before: Int64? = nil, limit: Int? = nil) throws -> [Event] {
            var events: [Event] = []
            try store.forEach(since: since, object: object, operation: nil, before: before, limit: limit, reverse: false) { events.append($0) }
            return events
        }

        /// The same events (only those of `operation` when given), newest first with `reverse`,
        /// each as it is read.
        package func forEach(
            since: Int64 = 0, object: String? = nil, operation: EventOperation? = nil, before: Int64? = nil, limit: Int? = nil,
            reverse: Bool = false, _ body: (Event) throws -> Void
        ) throws {
            try store.forEach(since: since, object: object, operation: operation, before: before, limit: limit, reverse: reverse, body)
        }

        /// The same events, each as its canonical JSON line (`event.jsonValue.canonicalText`),
        /// copied from the stored payload rather than parsed.
        package func forEachJSONLine(
            since: Int64 = 0, object: String? = nil, operation: EventOperation? = nil, before: Int64? = nil, limit: Int? = nil,
            reverse: Bool = false, _ body: (String) throws -> Void
        ) throws {
            try store.forEachNumberedJSONLine(since: since, object: object, operation: operation, before: before, limit: limit, reverse: reverse) {
                try body($1)
            }
        }

        /// The events after `since`, then each as it commits in any process, as JSON lines with
        /// their seq, until `body` returns false; `batchEnd` after each group (to flush output);
        /// `stopped`, asked after each group and at least once a second while idle, ends it when
        /// true (a web client that went away, with no event to notice it by).
        public func follow(
            since: Int64 = 0, object: String? = nil, batchEnd: () -> Void = {}, stopped: () -> Bool = { false },
            _ body: (Int64, String) throws -> Bool
        ) throws {
            try store.follow(since: since, object: object, batchEnd: batchEnd, stopped: stopped, body)
        }

        /// The events about `id` and the objects under it (`id/…`) up to scene time `time`.
        package func list(about id: String, until time: Double) throws -> [Event] { try store.list(about: id, after: 0, until: time) }

        /// The log after `seq` through `last` as stored rows, a page at a time, stopping past
        /// scene time `time`: what a fold reads (``AnimatedFold``).
        package func scanRows(
            after seq: Int64, through last: Int64 = .max, until time: Double = .infinity,
            _ body: (LoggedRow) throws -> Void
        ) throws {
            try store.scanRows(after: seq, through: last, until: time, pageSize: 2_048, body)
        }

        /// The last event's seq (0 for an empty log).
        package func lastSeq() throws -> Int64 { try store.lastSeq() }

        /// The scene time of the latest event (0 for an empty log).
        public func currentSceneTime() throws -> Double { try store.currentSceneTime() }
    }
}
