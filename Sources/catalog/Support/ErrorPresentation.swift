import CatalogKit

/// How the command line words the library's typed errors: the library says what is wrong, in
/// its own terms; here the option or command that fixes it is added (`--role SLOT=ID`,
/// `catalog object add …`), since only the command line knows its options.
enum ErrorPresentation {
    /// The text for a library error; nil for errors that are already phrased for the user.
    static func text(for error: any Error) -> String? {
        switch error {
        case let error as SceneError: text(error)
        case let error as StoreError: text(error)
        default: nil
        }
    }

    static func text(_ error: StoreError) -> String {
        switch error {
        case .unknownObject(let id) where !ObjectID.isValid(id): StoreError.invalidObjectID(id).description
        case .unknownObject(let id): "\(error): create it with `catalog object add \(id) --type TYPE`"
        case .unknownComponent: "\(error): `catalog list` shows what is there"
        default: error.description
        }
    }

    static func text(_ error: SceneError) -> String {
        switch error {
        case .store(let error): text(error)
        case .noTargets(_, let kind): "name the objects to \(kind == .animation ? "animate" : "decorate") with --to ID[,ID…]"
        case .noRect(let layout): "\(layout) needs a rect: --param rect=x,y,w,h, or --to a container with bounds"
        case .nothingBound(let layout, let slots): "\(layout) lays out nothing: bind its slots with --role SLOT=ID (slots: \(slots.joined(separator: ", ")))"
        case .unboundRole(let chain, let role, let roles): "bind every role of \(chain): --role \(role)=ID (roles: \(roles.joined(separator: ", ")))"
        default: error.description
        }
    }
}
