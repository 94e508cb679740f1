/// A decorator as data, after `ViewDecorator`/`HyperlinkDecorator` and `LTBouncyPlaceholder`: an
/// object attached to an owner (found-or-created by type, at most one per owner, dying with it)
/// that declares properties which read as the owner's, lazily created child objects the owner
/// retains, handlers that react to events with actions, and owner behaviours it overrides.
///
/// ```yaml
/// decorator:
///   attachesTo: [label]
///   attachWhenSet: [url]                # setting url on a label attaches the decorator
///   properties:
///     url: {type: url}
///   handlers:
///     tap:
///       - if: {openableURL: {property: url}}
///         then: [{emit: {effect: openURL, value: {property: url}}}]
/// ```
public struct DecoratorDefinition: Sendable, Hashable {
    /// Object types it may decorate (empty: any).
    public var attachesTo: [String]
    /// Properties whose setting on an owner attaches the decorator lazily.
    public var attachWhenSet: [String]
    /// Declared properties: their types and optional defaults.
    public var properties: [String: DeclaredProperty]
    /// Child objects created on first use, retained by the owner.
    public var children: [String: ChildObject]
    /// Owner behaviours the decorator suppresses (`placeholder`: the text field's own placeholder).
    public var overrides: [String]
    /// Event name → actions, in order.
    public var handlers: [String: [DecoratorAction]]

    public struct DeclaredProperty: Sendable, Hashable {
        public var type: ValueType
        public var defaultValue: PropertyValue?
    }

    public struct ChildObject: Sendable, Hashable {
        public var type: String
        /// Property values the child starts with (expressions, read when it is created).
        public var properties: [String: ValueExpression]
    }
}

/// What a handler does.
public indirect enum DecoratorAction: Sendable, Hashable {
    /// Run an animation or chain component on the owner or a child.
    case run(component: String, on: ActionTarget, parameters: [String: JSONValue])
    /// Set a property of the owner or a child (or of the decorator, when it declares it).
    case set(property: String, on: ActionTarget, value: ValueExpression)
    /// Produce an effect for the host to carry out (`openURL`, custom).
    case emit(effect: String, value: ValueExpression?)
    case when(DecoratorCondition, then: [DecoratorAction], otherwise: [DecoratorAction])
}

/// Where an action applies.
public enum ActionTarget: Sendable, Hashable {
    case owner
    case child(String)
}

/// A value an action reads: a literal, a property (the decorator's, else the owner's), or the
/// event's value (`textChanged` carries the new text).
public enum ValueExpression: Sendable, Hashable {
    case literal(JSONValue)
    case property(String)
    case eventValue
}

/// The guards docs/Definitions.md, "Decorator guards" names.
public indirect enum DecoratorCondition: Sendable, Hashable {
    case empty(ValueExpression)
    case nonEmpty(ValueExpression)
    case equals(ValueExpression, ValueExpression)
    case isTrue(ValueExpression)
    case openableURL(ValueExpression)
    case not(DecoratorCondition)
}
