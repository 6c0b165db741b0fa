/// A MetricKit diagnostic other than a crash that joined a session (SPEC §8): evidence, not a
/// finding, listed in the JSON report's top-level `diagnostics` array.
public struct JoinedDiagnostic: Sendable, Equatable {
    /// The MetricKit file it is in.
    public var file: String
    /// Its index in that file: `[n]`, or `[payload, diagnostic]` in a top-level array.
    public var index: [Int]
    /// Its pid.
    public var pid: Int64
    /// The log of the session it joined.
    public var log: String
    /// That log's number of the session (``Finding/session``).
    public var session: Int
    /// `hang`, `cpu-exception`, `disk-write-exception` or `app-launch`.
    public var kind: String
    /// `hangDuration` as written (`"2,717秒"` stays so), when given.
    public var hangDuration: String?
    /// `launchDuration` as written, when given.
    public var launchDuration: String?

    /// Creates an entry.
    public init(
        file: String, index: [Int], pid: Int64, log: String, session: Int, kind: String, hangDuration: String? = nil,
        launchDuration: String? = nil
    ) {
        self.file = file
        self.index = index
        self.pid = pid
        self.log = log
        self.session = session
        self.kind = kind
        self.hangDuration = hangDuration
        self.launchDuration = launchDuration
    }
}
