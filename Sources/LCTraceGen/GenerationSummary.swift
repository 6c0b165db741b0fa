/// What one run of `LogGenerator` wrote.
public struct GenerationSummary: Sendable, Equatable {
    /// Lines written (records, including `meta`, unknown-event and malformed lines).
    public var records: Int
    /// Bytes written.
    public var bytes: Int
    /// Sessions with at least one record in the log (the last may be open).
    public var sessions: Int
    /// Every planted fault with the line of its finding, in line order.
    public var planted: [PlantedFinding]

    /// Creates a summary.
    public init(records: Int = 0, bytes: Int = 0, sessions: Int = 0, planted: [PlantedFinding] = []) {
        self.records = records
        self.bytes = bytes
        self.sessions = sessions
        self.planted = planted
    }
}
