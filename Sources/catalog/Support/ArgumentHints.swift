import ArgumentParser

/// What a person needs beyond argument-parser's own messages: the command they probably meant
/// (as `git` does), why a value starting with `-` was taken for an option, and a refusal of
/// `-word` tokens, which the parser would otherwise read as bundled one-letter flags (so
/// `object add -dash` meant `-d -a -s -h`: help, exit 0).
enum ArgumentHints {
    /// A `-word` token before `--`: never a valid option here (ours are `--long` or one letter).
    static func bundledFlags(in arguments: [String]) -> String? {
        for token in arguments.prefix(while: { $0 != "--" }) {
            let letters = token.dropFirst()
            guard token.hasPrefix("-"), !token.hasPrefix("--"), letters.count > 1,
                letters.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") })
            else { continue }
            return "'\(token)' is not an option (options are --long or one letter, like -o): "
                + "a value that starts with '-' goes at the end, after '--', e.g. catalog prop set ID KEY -- \(token)"
        }
        return nil
    }

    /// The subcommand path reached, and the word that named no subcommand of it, if any.
    static func unknownSubcommand(in arguments: [String], root: ParsableCommand.Type) -> (path: [String], word: String, names: [String])? {
        var command = root
        var path = [root._commandName]
        var skipNext = false
        for token in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            if token == "--" { return nil }
            if token.hasPrefix("-") {
                // After any other option the words are its values or arguments (`log --format
                // json`), never a subcommand name: subcommands come first.
                guard token == "--db" || token.hasPrefix("--db=") else { return nil }
                skipNext = token == "--db"
                continue
            }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            guard let next = subcommands.first(where: { $0._commandName == token || $0.configuration.aliases.contains(token) }) else {
                return (path, token, subcommands.map { $0._commandName })
            }
            command = next
            path.append(next._commandName)
        }
        return nil
    }

    /// `'lst' is not a catalog command.` plus the closest names, as git says it.
    static func didYouMean(_ arguments: [String], root: ParsableCommand.Type) -> String? {
        guard let (path, word, names) = unknownSubcommand(in: arguments, root: root) else { return nil }
        let command = path.joined(separator: " ")
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }
        let best = scored.map(\.1).min() ?? .max
        let limit = max(1, word.count / 3)
        var message = "'\(word)' is not a \(command) command."
        let close =
            scored.filter { $0.1 == best && best <= limit }.map(\.0)
            + names.filter { $0.hasPrefix(word.lowercased()) && word.count >= 2 && best > limit }
        if !close.isEmpty {
            message += close.count == 1 ? " Did you mean '\(close[0])'?" : " Did you mean one of: \(close.joined(separator: ", "))?"
        }
        return message + "\nSee '\(command) --help'."
    }

    /// Appended when a parse failed and a token looks like a negative number.
    static func negativeValue(in arguments: [String]) -> String? {
        guard
            let token = arguments.first(where: { token in
                guard token.hasPrefix("-"), let next = token.dropFirst().first else { return false }
                return next.isNumber || next == "." || token.lowercased() == "-inf"
            })
        else { return nil }
        // The same command with the value moved after `--`, which ends the options.
        let rewritten = (["catalog"] + arguments.filter { $0 != token } + ["--", token]).joined(separator: " ")
        return "Hint: '\(token)' was read as an option. A value that starts with '-' goes at the end, after '--': \(rewritten)"
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent swaps): `lsit` is one from `list`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }

    /// True when the arguments ask for JSON output (`--format json` or `jsonl`, before any
    /// `--`), so that a usage error is reported as JSON too. `import --format` names the
    /// input's format, not the output's.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        let options = arguments.prefix { $0 != "--" }
        let command = options.indices.first { !options[$0].hasPrefix("-") && ($0 == 0 || options[$0 - 1] != "--db") }
        guard command.map({ options[$0] }) != "import" else { return false }
        for (index, token) in options.enumerated() {
            let value: String? =
                token == "--format"
                ? options.dropFirst(index + 1).first
                : token.hasPrefix("--format=") ? String(token.dropFirst("--format=".count)) : nil
            if let value, ErrorPresentation.isJSON(value) { return true }
        }
        return false
    }
}
