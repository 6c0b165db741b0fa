import LCTraceCore
import LCTraceIngest

/// Typed reads of parsed JSON values, each error naming the value's key path.
struct MetricKitValues {
    /// The file, for errors.
    var path: String

    /// `base.key`, or `key` at the top.
    static func join(_ base: String, _ key: String) -> String { base.isEmpty ? key : "\(base).\(key)" }

    /// How an error names a value it did not expect: `a number (1e3)` as written.
    static func describe(_ value: JSONNode) -> String { value.described }

    private func wrong(_ key: String, at base: String, expected: String, found value: JSONNode) -> MetricKitError {
        MetricKitError(
            path: path, keyPath: Self.join(base, key), message: "expected \(expected), found \(Self.describe(value))")
    }

    /// The value at `key`, or `nil` when it is absent or `null`.
    private func present(_ key: String, in object: JSONNode) -> JSONNode? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// An object, or `nil` when absent.
    func object(_ key: String, in object: JSONNode, at base: String) throws(MetricKitError) -> JSONNode? {
        guard let value = present(key, in: object) else { return nil }
        guard value.members != nil else { throw wrong(key, at: base, expected: "an object", found: value) }
        return value
    }

    /// An array, or `nil` when absent.
    func array(_ key: String, in object: JSONNode, at base: String) throws(MetricKitError) -> [JSONNode]? {
        guard let value = present(key, in: object) else { return nil }
        guard let result = value.elements else { throw wrong(key, at: base, expected: "an array", found: value) }
        return result
    }

    /// A string, or `nil` when absent.
    func string(_ key: String, in object: JSONNode, at base: String) throws(MetricKitError) -> String? {
        guard let value = present(key, in: object) else { return nil }
        guard let result = value.string else { throw wrong(key, at: base, expected: "a string", found: value) }
        return result
    }

    /// An integer in `range`, or `nil` when absent. A number with a fraction or an exponent is
    /// not one, even when its value is whole (`1.0`, `1e3`), as before the tree kept numbers'
    /// text (Foundation read those as floating point).
    func integer(
        _ key: String, in object: JSONNode, at base: String, range: ClosedRange<Int64>, expected: String
    ) throws(MetricKitError) -> Int? {
        guard let value = present(key, in: object) else { return nil }
        guard let integer = value.integer, range.contains(integer) else {
            throw wrong(key, at: base, expected: expected, found: value)
        }
        return Int(integer)
    }

    /// A counter (0 or more), or `nil` when absent.
    func count(_ key: String, in object: JSONNode, at base: String) throws(MetricKitError) -> Int? {
        try integer(key, in: object, at: base, range: 0...Int64(Int32.max), expected: "a count (an integer, 0 or more)")
    }

    /// A payload time (`2020-10-12 03:59:00 +0000`), or `nil` when absent. macOS 13 writes
    /// no zone (`2022-09-28 10:59:30`): that is read as UTC.
    func time(_ key: String, in object: JSONNode, at base: String) throws(MetricKitError) -> Timestamp? {
        guard let text = try string(key, in: object, at: base) else { return nil }
        let zoned = text.split(separator: " ").count == 2 ? text + " +0000" : text
        guard let time = CrashReportTime.parse(Substring(zoned)) else {
            throw MetricKitError(
                path: path, keyPath: Self.join(base, key), message: "expected a time such as '2020-10-12 03:59:00 +0000', found '\(text)'")
        }
        return time
    }

    /// One diagnostic's used fields.
    func diagnostic(
        _ object: JSONNode, kind: MetricKitDiagnosticKind, index: [Int], at base: String
    ) throws(MetricKitError) -> MetricKitDiagnostic {
        var result = MetricKitDiagnostic(kind: kind, index: index)
        guard let metadata = try self.object("diagnosticMetaData", in: object, at: base) else { return result }
        let at = Self.join(base, "diagnosticMetaData")
        let pid = try integer("pid", in: metadata, at: at, range: -1...Int64(Int32.max), expected: "a pid (an integer, -1 or more)")
        result.pid = pid == -1 ? nil : pid
        result.bundleIdentifier = try string("bundleIdentifier", in: metadata, at: at).flatMap { $0.isEmpty ? nil : $0 }
        result.terminationReason = try string("terminationReason", in: metadata, at: at)
        result.appVersion = try string("appVersion", in: metadata, at: at).flatMap { $0.isEmpty ? nil : $0 }
        result.appBuildVersion = try string("appBuildVersion", in: metadata, at: at).flatMap { $0.isEmpty ? nil : $0 }
        result.osVersion = try string("osVersion", in: metadata, at: at).flatMap { $0.isEmpty ? nil : $0 }
        let code = Int64(Int32.min)...Int64(Int32.max)
        result.exceptionType = try integer("exceptionType", in: metadata, at: at, range: code, expected: "an integer")
        result.signal = try integer("signal", in: metadata, at: at, range: code, expected: "an integer")
        result.hangDuration = try string("hangDuration", in: metadata, at: at)
        result.launchDuration = try string("launchDuration", in: metadata, at: at)
        // Whose code (SPEC §10): only a crash's stack names the code that died.
        if kind == .crash { result.stack = try MetricKitDiagnostic.stack(object["callStackTree"], values: self, at: base) }
        return result
    }
}
