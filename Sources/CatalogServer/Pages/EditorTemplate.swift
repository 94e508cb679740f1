import CatalogModel
import Foundation

/// The starting points `/new` offers, one per way DESIGN §3.1 writes an animation: each a valid
/// definition a designer renames and shapes in the editor, then saves as a new component.
struct EditorTemplate: Sendable {
    /// Its address under `/new/`.
    let id: String
    /// What the list calls it.
    let title: String
    /// One line on what it starts from.
    let summary: String
    /// The definition, as JSON.
    let definition: String

    static let all: [EditorTemplate] = [
        EditorTemplate(
            id: "fade", title: "Fade", summary: "Core Animation's basic animation: opacity from 0 to 1.",
            definition: """
                {"name": "untitled-fade", "kind": "animation", "version": "1.0.0", "summary": "Fade in", "tags": ["appear"],
                 "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.25,
                               "timingFunction": "easeOut", "fillMode": "forwards", "removedOnCompletion": false}}
                """),
        EditorTemplate(
            id: "keyframes", title: "Keyframes", summary: "Core Animation's keyframe animation: a scale that overshoots and settles.",
            definition: """
                {"name": "untitled-keyframes", "kind": "animation", "version": "1.0.0", "summary": "Grow, overshoot and settle", "tags": ["scale"],
                 "animation": {"type": "keyframe", "keyPath": "transform.scale", "values": [0.8, 1.05, 1], "keyTimes": [0, 0.6, 1],
                               "timingFunctions": ["easeOut", "easeInEaseOut"], "duration": 0.3, "fillMode": "forwards", "removedOnCompletion": false}}
                """),
        EditorTemplate(
            id: "spring", title: "Spring", summary: "A spring in iOS 17's form, duration and bounce (or mass, stiffness and damping).",
            definition: """
                {"name": "untitled-spring", "kind": "animation", "version": "1.0.0", "summary": "Spring to full size", "tags": ["spring"],
                 "animation": {"type": "spring", "keyPath": "transform.scale", "fromValue": 0.8, "toValue": 1, "perceptualDuration": 0.5,
                               "bounce": 0.2, "fillMode": "forwards", "removedOnCompletion": false}}
                """),
        EditorTemplate(
            id: "web-keyframes", title: "Web Animations keyframes", summary: "Element.animate()'s shape: rise and fade in.",
            definition: """
                {"name": "untitled-rise", "kind": "animation", "version": "1.0.0", "summary": "Rise and fade in", "tags": ["appear"],
                 "keyframes": [{"opacity": 0, "transform": "translateY(8px)"}, {"opacity": 1, "transform": "translateY(0px)"}],
                 "options": {"duration": 250, "easing": "cubic-bezier(0.2, 0, 0, 1)", "fill": "both"}}
                """)
    ]

    /// The definition in canonical JSON, as the store keeps definitions.
    var canonicalDefinition: String {
        (try? JSONValue(jsonData: Data(definition.utf8)).canonicalText) ?? definition
    }
}
