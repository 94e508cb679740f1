import ArgumentParser
import CatalogKit
import Foundation

/// `--quiet`, for the commands that can run for minutes: no progress line.
struct ProgressOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Draw no progress line (one is drawn only when standard error is a terminal).")
    var quiet = false

    /// The line to report to, or nil where none is drawn: quiet, standard error not a terminal
    /// (a pipe, a file), a terminal that cannot move the cursor (`TERM=dumb`), or output meant
    /// for programs (`shown: false`, e.g. `--format json`).
    func line(shown: Bool = true) -> ProgressLine? {
        guard shown, !quiet, isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return ProgressLine(colored: ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true)
    }
}

/// One line on standard error, redrawn in place as work goes on — items done, rate, time left —
/// as cargo, git and Homebrew show theirs, and erased when the work ends so that what the command
/// prints stays as it would without a terminal.
///
/// ```swift
/// let line = progress.line()
/// defer { line?.finish() }
/// try catalog.takeSnapshot(progress: line?.report)
/// // folding the log  45% (900,000/2,000,000 events)  310,000/s  4 s left
/// ```
final class ProgressLine {
    private let colored: Bool
    private let clock = ContinuousClock()
    private var stepStart: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var step = ""
    private var drawn = false

    init(colored: Bool) {
        self.colored = colored
        stepStart = clock.now
    }

    /// Takes a report; draws it when the step changed or a tenth of a second has passed since
    /// the last drawing (a terminal redrawn faster only flickers).
    func report(_ progress: WorkProgress) {
        let now = clock.now
        if progress.step != step {
            step = progress.step
            stepStart = now
        } else if let lastDraw, now - lastDraw < .milliseconds(100) {
            return
        }
        lastDraw = now
        draw(Self.text(of: progress, elapsed: Self.seconds(now - stepStart)))
    }

    /// Erases the line, leaving the cursor where the line began.
    func finish() {
        guard drawn else { return }
        write(colored ? "\r\u{1B}[2K" : "\r" + String(repeating: " ", count: Self.columns() - 1) + "\r")
        drawn = false
    }

    /// `step  45% (900,000/2,000,000 events)  310,000/s  4 s left`; parts not known are left out.
    static func text(of progress: WorkProgress, elapsed: Double) -> (step: String, rest: String) {
        var parts: [String] = []
        let count = progress.total.map { "\(grouped(progress.done))/\(grouped($0)) \(progress.unit)" } ?? "\(grouped(progress.done)) \(progress.unit)"
        if let fraction = progress.fraction {
            parts.append("\(Int((fraction * 100).rounded(.down)))% (\(count))")
        } else {
            parts.append(count)
        }
        if elapsed >= 0.2, progress.done > 0 {
            parts.append("\(grouped(Int((Double(progress.done) / elapsed).rounded())))/s")
            if let fraction = progress.fraction, fraction > 0, fraction < 1 {
                parts.append("\(duration(elapsed * (1 - fraction) / fraction)) left")
            }
        }
        return (progress.step, parts.joined(separator: "  "))
    }

    private func draw(_ text: (step: String, rest: String)) {
        // Cut to the terminal's width: a line that wraps can no longer be redrawn in place.
        let width = Self.columns() - 1
        var plain = text.step + "  " + text.rest
        if plain.count > width { plain = String(plain.prefix(width)) }
        var line = "\r"
        if colored, plain.count > text.step.count {
            line += "\u{1B}[1;36m" + text.step + "\u{1B}[0m" + plain.dropFirst(text.step.count) + "\u{1B}[K"
        } else {
            line += plain + String(repeating: " ", count: max(0, width - plain.count))
        }
        write(line)
        drawn = true
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// 75 → "1 min 15 s", 4.2 → "4 s", 0.3 → "< 1 s".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        let whole = Int(seconds.rounded())
        if whole < 1 { return "< 1 s" }
        if whole < 60 { return "\(whole) s" }
        if whole < 3_600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3_600) h \(whole % 3_600 / 60) min"
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The terminal's width in columns (80 when it cannot be told).
    private static func columns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
    }
}
