/// One MetricKit diagnostic, named by its file and its index there (SPEC §8).
public struct MetricKitDiagnosticID: Sendable, Hashable {
    /// The MetricKit file as the user named it.
    public var file: String
    /// Its index in the file.
    public var index: [Int]

    /// Creates an id.
    public init(file: String, index: [Int]) {
        self.file = file
        self.index = index
    }
}
