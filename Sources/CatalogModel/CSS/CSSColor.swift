import Foundation

extension RGBAColor {
    /// Parses a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; `rgb()`/`rgba()` and
    /// `hsl()`/`hsla()` in the legacy comma syntax and the modern space syntax with `/ alpha`;
    /// the CSS named colours and `transparent`. Channels are clamped to their ranges, as CSS does.
    ///
    /// These are CSS's legacy sRGB forms, and browsers keep them in 8 bits per channel, alpha
    /// included (Chromium stores `rgba(…, 0.5)` as alpha 128/255); so does this parser, so that
    /// interpolated colours match what a browser computes.
    ///
    /// ```swift
    /// try RGBAColor(css: "rgb(255 0 0 / 50%)")   // r 1, g 0, b 0, a 128/255
    /// try RGBAColor(css: "hsl(120, 100%, 25%)")  // r 0, g 0.5, b 0
    /// ```
    package init(css text: String) throws(CSSValueError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if lower == "transparent" {
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
        } else if let rgb = CSSNamedColors.table[lower] {
            self.init(red: Double(rgb >> 16 & 0xff) / 255, green: Double(rgb >> 8 & 0xff) / 255, blue: Double(rgb & 0xff) / 255)
        } else if lower.hasPrefix("#") {
            guard let color = RGBAColor(hex: lower) else {
                throw CSSValueError("\"\(text)\" is not a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa)")
            }
            self = color
        } else if let calls = CSSSyntax.functionCalls(in: lower), calls.count == 1 {
            let exact: RGBAColor
            switch calls[0].name {
            case "rgb", "rgba": exact = try Self.rgbFunction(calls[0].arguments, text)
            case "hsl", "hsla": exact = try Self.hslFunction(calls[0].arguments, text)
            default: throw CSSValueError("unsupported colour function \(calls[0].name)() in \"\(text)\" (expected rgb(), rgba(), hsl() or hsla())")
            }
            self = exact.quantized
        } else {
            throw CSSValueError("\"\(text)\" is not a CSS colour (a name, #hex, rgb(), rgba(), hsl() or hsla())")
        }
    }

    /// Each channel rounded to the nearest of 256 levels.
    package var quantized: RGBAColor {
        func level(_ value: Double) -> Double { (value * 255).rounded() / 255 }
        return RGBAColor(red: level(red), green: level(green), blue: level(blue), alpha: level(alpha))
    }

    private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// Splits and checks the argument count: three channels and an optional alpha.
    private static func channels(_ arguments: Substring, _ text: String) throws(CSSValueError) -> (items: [Substring], commas: Bool) {
        let parts = CSSSyntax.components(arguments)
        let count = parts.items.count
        let alphaPlacedWell = parts.slashAt == nil || (parts.slashAt == 3 && count == 4)
        guard count == 3 || count == 4, alphaPlacedWell, parts.commas || count == 3 || parts.slashAt == 3 else {
            throw CSSValueError("\"\(text)\" needs three channels and an optional alpha (\"r, g, b[, a]\" or \"r g b[ / a]\")")
        }
        return (parts.items, parts.commas)
    }

    private static func alpha(_ item: Substring?, _ text: String) throws(CSSValueError) -> Double {
        guard let item else { return 1 }
        if item == "none" { return 0 }
        guard let (value, unit) = CSSSyntax.dimension(item), unit.isEmpty || unit == "%" else {
            throw CSSValueError("alpha \"\(item)\" in \"\(text)\" must be a number or a percentage")
        }
        return clamp(unit == "%" ? value / 100 : value)
    }

    private static func rgbFunction(_ arguments: Substring, _ text: String) throws(CSSValueError) -> RGBAColor {
        let (items, commas) = try channels(arguments, text)
        var values: [Double] = []
        var units: Set<String> = []
        for item in items.prefix(3) {
            if item == "none", !commas { values.append(0); continue }
            guard let (value, unit) = CSSSyntax.dimension(item), unit.isEmpty || unit == "%" else {
                throw CSSValueError("channel \"\(item)\" in \"\(text)\" must be a number 0–255 or a percentage")
            }
            units.insert(unit)
            values.append(clamp(unit == "%" ? value / 100 : value / 255))
        }
        // The legacy syntax takes all numbers or all percentages; the modern one may mix.
        guard !commas || units.count <= 1 else {
            throw CSSValueError("\"\(text)\": the comma syntax takes all numbers or all percentages")
        }
        return RGBAColor(
            red: values[0], green: values[1], blue: values[2],
            alpha: try alpha(items.count == 4 ? items[3] : nil, text))
    }

    private static func hslFunction(_ arguments: Substring, _ text: String) throws(CSSValueError) -> RGBAColor {
        let (items, commas) = try channels(arguments, text)
        var hue = 0.0
        if !(items[0] == "none" && !commas) {
            guard let (value, unit) = CSSSyntax.dimension(items[0]), let degrees = CSSAngle.degrees(value, unit: unit, unitlessAllowed: true) else {
                throw CSSValueError("hue \"\(items[0])\" in \"\(text)\" must be a number or an angle")
            }
            hue = degrees
        }
        var sl: [Double] = []
        for item in items[1...2] {
            if item == "none", !commas { sl.append(0); continue }
            guard let (value, unit) = CSSSyntax.dimension(item), unit == "%" || (unit.isEmpty && !commas) else {
                throw CSSValueError("\"\(item)\" in \"\(text)\" must be a percentage")
            }
            sl.append(clamp(value / 100))
        }
        // CSS Color 4 §7.1 hsl-to-rgb.
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = sl[0] * min(sl[1], 1 - sl[1])
            return sl[1] - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return RGBAColor(
            red: channel(0), green: channel(8), blue: channel(4),
            alpha: try alpha(items.count == 4 ? items[3] : nil, text))
    }
}

/// CSS `<angle>` units.
enum CSSAngle {
    /// Degrees for a value in `deg`, `rad`, `grad` or `turn`; a unitless number only when allowed
    /// (hues) or when it is 0 (transform functions accept a bare 0).
    static func degrees(_ value: Double, unit: String, unitlessAllowed: Bool) -> Double? {
        switch unit {
        case "deg": value
        case "rad": value * 180 / .pi
        case "grad": value * 0.9
        case "turn": value * 360
        case "": unitlessAllowed || value == 0 ? value : nil
        default: nil
        }
    }
}
