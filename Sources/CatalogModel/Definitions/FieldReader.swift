/// Typed access to one mapping of a definition, with errors that carry the file and field path.
struct FieldReader {
    let members: [String: JSONValue]
    let file: String
    let path: FieldPath

    init(_ json: JSONValue, file: String, path: FieldPath) throws(DefinitionError) {
        guard case .object(let members) = json else {
            throw DefinitionError(file: file, path: path.description, rule: "must be a mapping")
        }
        self.members = members
        self.file = file
        self.path = path
    }

    func error(_ key: String, _ rule: String) -> DefinitionError {
        DefinitionError(file: file, path: path.appending(key).description, rule: rule)
    }

    func rejectUnknown(allowed: Set<String>) throws(DefinitionError) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw error(unknown, "unknown field (allowed here: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ key: String) throws(DefinitionError) -> String? {
        guard let value = members[key] else { return nil }
        guard let text = value.stringValue else { throw error(key, "must be a string") }
        return text
    }

    func bool(_ key: String) throws(DefinitionError) -> Bool? {
        guard let value = members[key] else { return nil }
        guard let flag = value.boolValue else { throw error(key, "must be true or false") }
        return flag
    }

    /// A number; `.inf`/`inf` (YAML) or the string "infinity" only where allowed.
    func number(_ key: String, minimum: Double? = nil, allowInfinity: Bool = false) throws(DefinitionError) -> Double? {
        guard let value = members[key] else { return nil }
        var number = value.numberValue
        if number == nil, allowInfinity, let text = value.stringValue?.lowercased(), ["inf", ".inf", "infinity"].contains(text) { number = .infinity }
        guard let n = number, !n.isNaN, allowInfinity || n.isFinite else {
            throw error(key, allowInfinity ? "must be a number or .inf" : "must be a finite number")
        }
        if let minimum, n < minimum { throw error(key, "must be \(JSONValue.numberText(minimum)) or more") }
        return n
    }

    func numbers(_ key: String) throws(DefinitionError) -> [Double]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else { throw error(key, "must be a list of numbers") }
        var result: [Double] = []
        for (index, item) in items.enumerated() {
            guard let n = item.numberValue, n.isFinite else {
                throw DefinitionError(file: file, path: path.appending(key).appending(index: index).description, rule: "must be a number")
            }
            result.append(n)
        }
        return result
    }
}
