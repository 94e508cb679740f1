import CatalogModel
import Foundation

/// Whether a selector matches one element of a plain page, and with what specificity — enough of
/// Selectors Level 4 to find the rules a browser applies to an animated element.
///
/// The element is a `div` carrying some classes, in the body of a document (`html > body > div`);
/// nothing is hovered, focused or checked, and siblings are unknown, so selectors that need a
/// state, a sibling or an attribute other than `class` do not match (the safe answer: a rule that
/// might not apply is never taken as applying).
///
/// ```swift
/// let element = CSSElement(classes: ["animated", "bounceIn"])
/// CSSSelectorMatch.specificity(of: ".animated.bounceIn", on: element)   // (0, 2, 0)
/// CSSSelectorMatch.specificity(of: ".animated:hover", on: element)      // nil
/// ```
struct CSSElement: Hashable, Sendable {
    var tag = "div"
    var id: String?
    var classes: Set<String> = []
    /// The document's root element (`:root`).
    var isRoot = false
    /// Its parent elements inside the page's body, nearest first (`.open .panel`'s `.open`).
    var parents: [CSSElement] = []

    /// Its ancestors in the page, nearest first: its parents, then `body` and `html`.
    var ancestors: [CSSElement] { isRoot ? [] : tag == "body" && classes.isEmpty ? [.html] : parents + [.body, .html] }

    /// `html`, then `body`, the ancestors of an element in the page's body.
    static let html = CSSElement(tag: "html", isRoot: true)
    static let body = CSSElement(tag: "body")
}

/// A selector's specificity: ids, classes (with attributes and pseudo-classes), types.
struct CSSSpecificity: Comparable, Hashable {
    var ids = 0, classes = 0, types = 0
    static func < (a: Self, b: Self) -> Bool { (a.ids, a.classes, a.types) < (b.ids, b.classes, b.types) }
    static func + (a: Self, b: Self) -> Self { Self(ids: a.ids + b.ids, classes: a.classes + b.classes, types: a.types + b.types) }
}

enum CSSSelectorMatch {
    /// The specificity of the most specific selector of the list `selectors` that matches
    /// `element` (whose ancestors are `ancestors`, nearest first), or nil when none does.
    static func specificity(of selectors: String, on element: CSSElement, ancestors: [CSSElement]? = nil) -> CSSSpecificity? {
        // `:not(:is(…))` nested past any stylesheet's use matches nothing, and stays off the stack.
        var depth = 0, deepest = 0
        for character in selectors.utf8 {
            if character == UInt8(ascii: "(") { depth += 1; deepest = max(deepest, depth) }
            if character == UInt8(ascii: ")") { depth -= 1 }
        }
        guard deepest <= 16 else { return nil }
        let ancestors = ancestors ?? element.ancestors
        return CSSKeyframesImport.splitTopLevel(selectors, on: ",").compactMap { complex(String($0), element, ancestors) }.max()
    }

    /// The classes of each compound of `selector`, outermost first, when it is compounds of
    /// classes joined by descendant or child combinators (`.open > .panel.wide`); nil otherwise.
    static func classChain(_ selector: String) -> [Set<String>]? {
        // A page nests an animated element a few levels deep; a chain of more is no element to time.
        guard let parts = compounds(selector), parts.count <= 8,
            parts.allSatisfy({ $0.combinator == "" || $0.combinator == " " || $0.combinator == ">" })
        else { return nil }
        var chain: [Set<String>] = []
        for part in parts {
            guard let simple = simpleSelectors(part.compound), simple.allSatisfy({ $0.hasPrefix(".") }) || parts.last?.compound == part.compound else {
                return nil
            }
            chain.append(Set(simple.compactMap { $0.hasPrefix(".") ? String($0.dropFirst()) : nil }))
        }
        return chain
    }

    /// The classes `selector` requires of its subject (`.animated.bounceIn:not(.paused)` →
    /// animated, bounceIn), or nil when it is not one compound selector.
    static func subjectClasses(_ selector: String) -> Set<String>? {
        guard let parts = compounds(selector), parts.count == 1, let simple = simpleSelectors(parts[0].compound) else { return nil }
        return Set(simple.compactMap { $0.hasPrefix(".") ? String($0.dropFirst()) : nil })
    }

    /// The classes the subject of `selector` needs outside any parentheses (`a > .b.c:not(.d)` →
    /// b, c): an element without them cannot match. Empty when it cannot tell.
    static func subjectClassesOfLastCompound(_ selector: String) -> Set<String> {
        guard let subject = compounds(selector)?.last, let simple = simpleSelectors(subject.compound) else { return [] }
        return Set(simple.compactMap { $0.hasPrefix(".") ? String($0.dropFirst()) : nil })
    }

    /// A complex selector: compounds joined by combinators, the last one the subject.
    private static func complex(_ selector: String, _ element: CSSElement, _ ancestors: [CSSElement]) -> CSSSpecificity? {
        guard let parts = compounds(selector), let subject = parts.last,
            var total = compound(subject.compound, element)
        else { return nil }
        // Match the rest right to left against the ancestors: `>` the parent, ` ` any ancestor.
        var remaining = ancestors[...]
        var combinator = subject.combinator
        for part in parts.dropLast().reversed() {
            switch combinator {
            case ">":
                guard let parent = remaining.first, let found = compound(part.compound, parent) else { return nil }
                total = total + found
                remaining = remaining.dropFirst()
            case " ":
                guard let index = remaining.firstIndex(where: { compound(part.compound, $0) != nil }) else { return nil }
                total = total + compound(part.compound, remaining[index])!
                remaining = remaining[(index + 1)...]
            default:
                return nil  // `+` and `~` need siblings the element is not known to have
            }
            combinator = part.combinator
        }
        return total
    }

    /// `a > b .c` → [(a, ""), (b, ">"), (.c, " ")]: each compound with the combinator before it.
    private static func compounds(_ selector: String) -> [(compound: String, combinator: String)]? {
        var parts: [(String, String)] = []
        var current = "", combinator = "", pending: String?
        var depth = 0
        for character in CSSSyntax.oneLine(selector) {
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth -= 1 }
            if depth == 0, character == " " || character == ">" || character == "+" || character == "~" {
                if !current.isEmpty { parts.append((current, combinator)); current = ""; combinator = " " }
                if character != " " { pending = String(character) }
                continue
            }
            if let next = pending { combinator = next; pending = nil }
            current.append(character)
        }
        guard !current.isEmpty, pending == nil else { return nil }
        parts.append((current, combinator))
        return parts
    }

    /// `div.a[class~=b]:not(.c)` → ["div", ".a", "[class~=b]", ":not(.c)"]; nil when it does not read.
    private static func simpleSelectors(_ compound: String) -> [String]? {
        var result: [String] = []
        var current = ""
        var depth = 0
        for character in compound {
            if depth == 0, character == "." || character == "#" || character == "[" || (character == ":" && current != ":") {
                if !current.isEmpty { result.append(current) }
                current = ""
            }
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return depth == 0 ? result : nil
    }

    /// One compound selector against one element.
    private static func compound(_ compound: String, _ element: CSSElement) -> CSSSpecificity? {
        guard let simple = simpleSelectors(compound) else { return nil }
        var total = CSSSpecificity()
        for part in simple {
            guard let found = simpleSelector(part, element) else { return nil }
            total = total + found
        }
        return total
    }

    private static func simpleSelector(_ part: String, _ element: CSSElement) -> CSSSpecificity? {
        let lower = part.lowercased()
        if part == "*" { return CSSSpecificity() }
        if part.hasPrefix(".") { return element.classes.contains(String(part.dropFirst())) ? CSSSpecificity(classes: 1) : nil }
        if part.hasPrefix("#") { return element.id == String(part.dropFirst()) ? CSSSpecificity(ids: 1) : nil }
        if part.hasPrefix("[") { return attribute(String(part.dropFirst().dropLast()), element) ? CSSSpecificity(classes: 1) : nil }
        if part.hasPrefix("::") { return nil }  // a pseudo-element is not the element
        if part.hasPrefix(":") {
            let name = lower.dropFirst().prefix { $0 != "(" }
            let argument = part.firstIndex(of: "(").map { String(part[part.index(after: $0)...].dropLast()) }
            switch (name, argument) {
            case ("root", nil): return element.isRoot ? CSSSpecificity(classes: 1) : nil
            case ("not", let list?):
                let inner = CSSKeyframesImport.splitTopLevel(list, on: ",").map { complex($0, element, []) }
                guard !inner.contains(where: { $0 != nil }) else { return nil }
                return CSSKeyframesImport.splitTopLevel(list, on: ",").compactMap { staticSpecificity($0) }.max() ?? CSSSpecificity()
            case ("is", let list?), ("matches", let list?), ("-webkit-any", let list?):
                return specificity(of: list, on: element, ancestors: [])
            case ("where", let list?):
                return specificity(of: list, on: element, ancestors: []) == nil ? nil : CSSSpecificity()
            default:
                // States (`:hover`, `:focus`, `:checked`), structure (`:first-child`) and legacy
                // pseudo-elements (`:before`) either need what the element is not known to have or
                // are not the element at all.
                return nil
            }
        }
        return lower == element.tag ? CSSSpecificity(types: 1) : nil
    }

    /// A selector's specificity without matching it (for `:not()`, whose specificity is its argument's).
    private static func staticSpecificity(_ selector: String) -> CSSSpecificity? {
        guard let parts = compounds(selector) else { return nil }
        var total = CSSSpecificity()
        for part in parts {
            for simple in simpleSelectors(part.compound) ?? [] {
                if simple == "*" { continue }
                if simple.hasPrefix("#") {
                    total.ids += 1
                } else if simple.hasPrefix(".") || simple.hasPrefix("[") || (simple.hasPrefix(":") && !simple.hasPrefix("::")) {
                    total.classes += 1
                } else {
                    total.types += 1
                }
            }
        }
        return total
    }

    /// `class~="x"`, `class*=fa-`, … against the element's class attribute; any other attribute
    /// is absent.
    private static func attribute(_ text: String, _ element: CSSElement) -> Bool {
        let operators = ["~=", "|=", "^=", "$=", "*=", "="]
        guard let op = operators.compactMap({ op in text.range(of: op).map { (op, $0) } }).min(by: { $0.1.lowerBound < $1.1.lowerBound }) else {
            return text.trimmingCharacters(in: .whitespaces).lowercased() == "class" && !element.classes.isEmpty
        }
        guard text[..<op.1.lowerBound].trimmingCharacters(in: .whitespaces).lowercased() == "class" else { return false }
        var value = text[op.1.upperBound...].trimmingCharacters(in: .whitespaces)
        if value.hasSuffix(" i") || value.hasSuffix(" s") { value = String(value.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        switch op.0 {
        case "~=": return element.classes.contains(value)
        case "=": return element.classes == [value]
        case "*=": return !value.isEmpty && element.classes.contains { $0.contains(value) }
        case "^=", "|=", "$=":
            // The attribute's order is the page's; only one class makes it certain.
            guard element.classes.count == 1, let only = element.classes.first else { return false }
            return op.0 == "^="
                ? only.hasPrefix(value) && !value.isEmpty
                : op.0 == "$=" ? only.hasSuffix(value) && !value.isEmpty : (only == value || only.hasPrefix(value + "-"))
        default: return false
        }
    }
}
