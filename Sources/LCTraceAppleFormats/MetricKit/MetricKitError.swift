/// Why a MetricKit file could not be read: the file, where in it (a key path such as
/// `crashDiagnostics[2].diagnosticMetaData.pid`, or a byte offset), and what was expected.
///
/// Every such error is a usage error (exit 2): the file is not what `--metrickit` reads.
public struct MetricKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var path: String
    /// The key path of the offending value, when the JSON was read; `nil` for the file as a whole.
    public var keyPath: String?
    /// What was expected and what was found.
    public var message: String

    /// Creates an error.
    public init(path: String, keyPath: String? = nil, message: String) {
        self.path = path
        self.keyPath = keyPath
        self.message = message
    }

    /// `FILE: KEYPATH: message`, or `FILE: message`.
    public var description: String {
        if let keyPath, !keyPath.isEmpty { return "\(path): \(keyPath): \(message)" }
        return "\(path): \(message)"
    }
}
