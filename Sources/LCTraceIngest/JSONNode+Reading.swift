/// Typed reads of a ``JSONNode``: each is `nil` for a value of another kind, so a reader says
/// in its own words what it expected.
extension JSONNode {
    /// The members of an object, or `nil`.
    package var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil`.
    package var elements: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string, or `nil`.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Whether it is `null`.
    package var isNull: Bool { self == .null }

    /// The value of the member `key` of an object (the last one when the key is repeated), or
    /// `nil` when it is absent or this is not an object. `null` is returned as ``null``.
    ///
    /// - Complexity: O(the object's members): objects read whole are small.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Whether it is an object with a member `key`.
    package func has(_ key: String) -> Bool { self[key] != nil }

    /// An integral number (no fraction, no exponent) that fits `Int64`, or `nil`.
    package var integer: Int64? {
        guard case .number(let text, integral: true) = self else { return nil }
        return Int64(text)
    }

    /// A number's value as the nearest `Double` (infinite when it is too large), or `nil`.
    package var double: Double? {
        guard case .number(let text, _) = self else { return nil }
        return Double(text)
    }

    /// How messages name a value: `a string`, `a number (1e3)` (as written), `true`, `null`,
    /// `an array`, `an object`.
    package var described: String {
        switch self {
        case .string: return "a string"
        case .number(let text, _): return "a number (\(text))"
        case .bool(let value): return "\(value)"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
