import CatalogModel
internal import CatalogStore
import Foundation

/// Decoded decorator and behaviour definitions, kept by content hash: `prop set` and `send` look
/// them up on every call, and a stored version never changes, so each is decoded once.
final class ResolvedDefinitions: @unchecked Sendable {
    private let lock = NSLock()
    private var decorators: [String: DecoratorDefinition] = [:]
    private var handlers: [String: AnimationHandlers] = [:]
    private var decoratorList: (stamp: String, list: [(StoredComponent, DecoratorDefinition)])?

    /// The catalog's decorators, decoded, kept while the component table's `stamp` is unchanged.
    func decorators(stamp: String, build: () throws -> [(StoredComponent, DecoratorDefinition)]) throws -> [(StoredComponent, DecoratorDefinition)] {
        if let hit = lock.withLock({ decoratorList }), hit.stamp == stamp { return hit.list }
        let list = try build()
        lock.withLock { decoratorList = (stamp, list) }
        return list
    }

    func decorator(_ stored: StoredComponent) throws -> DecoratorDefinition {
        if let hit = lock.withLock({ decorators[stored.contentHash] }) { return hit }
        let decoded = try DecoratorDefinition(try stored.decode())
        lock.withLock { decorators[stored.contentHash] = decoded }
        return decoded
    }

    func handlers(_ stored: StoredComponent) throws -> AnimationHandlers {
        if let hit = lock.withLock({ handlers[stored.contentHash] }) { return hit }
        let decoded = try AnimationHandlers(try stored.decode())
        lock.withLock { handlers[stored.contentHash] = decoded }
        return decoded
    }
}
