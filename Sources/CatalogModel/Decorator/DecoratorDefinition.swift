/// A decorator as data, after `ViewDecorator`/`HyperlinkDecorator` and `LTBouncyPlaceholder`: an
/// object attached to an owner (found-or-created by type, at most one per owner, dying with it)
/// that declares properties which read as the owner's, child objects the owner retains (made
/// when it attaches), handlers that react to events with actions, and owner behaviours it overrides.
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
package struct DecoratorDefinition: Sendable, Hashable {
    /// Object types it may decorate (empty: any).
    package var attachesTo: [String]
    /// Properties whose setting on an owner attaches the decorator lazily.
    package var attachWhenSet: [String]
    /// Declared properties: their types and optional defaults.
    package var properties: [String: DeclaredProperty]
    /// Child objects made when the decorator attaches, retained by the owner.
    package var children: [String: ChildObject]
    /// Owner behaviours the decorator suppresses (`placeholder`: the text field's own placeholder).
    package var overrides: [String]
    /// Event name → actions, in order.
    package var handlers: [String: [DecoratorAction]]

    /// A property the decorator declares, which reads as a property of its owner.
    package struct DeclaredProperty: Sendable, Hashable {
        /// What a value set on it converts to (or is refused as).
        package var type: ValueType
        /// What it reads as before anything is set.
        package var defaultValue: PropertyValue?
    }

    /// An object the decorator creates for its owner when first needed (UIKit's lazily created
    /// subview), owned by the owner.
    package struct ChildObject: Sendable, Hashable {
        /// The child's object type.
        package var type: String
        /// Property values the child starts with (expressions, read when it is created).
        package var properties: [String: ValueExpression]
    }
}

/// What a handler does.
///
/// ```swift
/// // on tap: open the URL when it can be opened
/// DecoratorAction.when(.openableURL(.property("url")), then: [.emit(effect: "openURL", value: .property("url"))], otherwise: [])
/// ```
package indirect enum DecoratorAction: Sendable, Hashable {
    /// Run an animation or chain component on the owner or a child.
    case run(component: String, on: ActionTarget, parameters: [String: JSONValue])
    /// Set a property of the owner or a child (or of the decorator, when it declares it).
    case set(property: String, on: ActionTarget, value: ValueExpression)
    /// Produce an effect for the host to carry out (`openURL`, custom).
    case emit(effect: String, value: ValueExpression?)
    /// Run `then` when the condition holds, else `otherwise`.
    case when(DecoratorCondition, then: [DecoratorAction], otherwise: [DecoratorAction])
}

/// Where an action applies.
///
/// ```swift
/// DecoratorAction.run(component: "fade-in", on: .child("placeholderLabel"), parameters: [:])
/// ```
package enum ActionTarget: Sendable, Hashable {
    /// The object the decorator is attached to.
    case owner
    /// One of the decorator's children, by name.
    case child(String)
}

/// A value an action reads: a literal, a property (the decorator's, else the owner's), or the
/// event's value (`textChanged` carries the new text).
///
/// ```swift
/// DecoratorAction.set(property: "text", on: .child("placeholderLabel"), value: .eventValue)
/// ```
package enum ValueExpression: Sendable, Hashable {
    /// A value written in the definition.
    case literal(JSONValue)
    /// The current value of a property, by key.
    case property(String)
    /// The value the event carried (`send --value`).
    case eventValue
}

/// The guards docs/Definitions.md, "Decorator guards" names.
///
/// ```swift
/// DecoratorCondition.not(.empty(.eventValue))   // the text field holds text
/// ```
package indirect enum DecoratorCondition: Sendable, Hashable {
    /// The value is absent, an empty string or an empty list.
    case empty(ValueExpression)
    /// The value is present and not empty.
    case nonEmpty(ValueExpression)
    /// The two values are equal.
    case equals(ValueExpression, ValueExpression)
    /// The value is `true`.
    case isTrue(ValueExpression)
    /// The value is a URL the platform can open (see ``OpenableURL``).
    case openableURL(ValueExpression)
    /// The condition does not hold.
    case not(DecoratorCondition)
}
