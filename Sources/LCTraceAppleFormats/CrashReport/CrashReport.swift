import LCTraceCore

/// A crash report (`.ips`) given with a log (`lctrace replay LOG --crash-report FILE`): the
/// process it names, when it was written and why the system ended the process
/// (docs/SYSTEM-LOGS.md). Both forms are read: the JSON `.ips` (a one-line JSON header, then
/// a JSON body) and the text form (`Process:`, `Date/Time:`, `Termination Reason:`).
public struct CrashReport: Sendable, Equatable {
    /// The report's file, as given.
    public var path: String
    /// The pid of the process the report is about.
    public var pid: Int64
    /// The process name (`procName`, `Process:`), when given.
    public var process: String?
    /// The bundle id (`bundleID`, `Identifier:`), when given.
    public var bundle: String?
    /// When the report was captured (`captureTime`, else the header's `timestamp`; `Date/Time:`).
    public var time: Timestamp
    /// The `sys.kill` reason the report amounts to: a termination code (`0x8badf00d`,
    /// `0xdead10cc`, `0xc00010ff`, …), `watchdog`, `jetsam`, or `crash` (SPEC §5).
    public var reason: String
    /// The report's own words for the reason, for messages (`FRONTBOARD 0x8badf00d`).
    public var summary: String
    /// Where the report comes from (``CrashReportOrigin``).
    public var origin: CrashReportOrigin
    /// What its termination text says of a watchdog kill (``TerminationText``), else `nil`.
    public var watchdog: WatchdogDetails?
    /// The session of its log the report belongs to, when a join decided it (a MetricKit crash
    /// diagnostic, which has no time): the report then ends exactly that session, however it
    /// ended, never by time (``TimedEvidence``); `nil`: placed by time and pid.
    public var session: Int?
    /// The log of that session (its name as findings give it), once the join bound the report.
    public var log: String?
    /// The line of the process's own last record in that session: the report's kill, when the
    /// log has none of its own, is placed right after it (``TimedEvidence``).
    public var afterLine: Int?
    /// The report decides the class of the death it joins (SPEC §8's ranks; ``EvidenceJoin``);
    /// else it is evidence on a death another piece, or the log itself, decided.
    public var decides = true
    /// What the report said, kept on the death when it disagrees with the class decided.
    public var said: EvidenceSaid?
    /// `why`'s lines for the pieces that disagree with the class decided (`evidence disagrees: …`).
    public var disagreements: [String] = []
    /// Why the report joined no session (`no session of pid 504 was alive at …`), once the
    /// join has tried it.
    public var unjoinedReason: String?

    /// Whether the report is one killed process of a JetsamEvent report (`bug_type` 298),
    /// which lists every process: its entries are alternatives, and the file is said to
    /// match no session only when none of them matched.
    public var isJetsamEvent: Bool { origin == .jetsamEvent }

    /// Creates a report.
    public init(
        path: String, pid: Int64, process: String? = nil, bundle: String? = nil, time: Timestamp, reason: String,
        summary: String, origin: CrashReportOrigin = .crashReport
    ) {
        self.path = path
        self.pid = pid
        self.process = process
        self.bundle = bundle
        self.time = time
        self.reason = reason
        self.summary = summary
        self.origin = origin
    }

    /// Parses a report in either form, told apart by content: JSON when the first non-blank
    /// character is `{`, else text.
    ///
    /// - Parameters:
    ///   - text: the whole report.
    ///   - path: the name errors carry.
    /// - Throws: ``CrashReportError`` naming what was expected when a required field is
    ///   missing or not of the expected type.
    public static func parse(_ text: String, path: String) throws(CrashReportError) -> CrashReport {
        if let start = jsonStart(text) { return try parseJSON(text, from: start, path: path) }
        return try parseText(text, path: path)
    }

    /// Parses a report in either form, or a JetsamEvent report (`bug_type` 298): one report
    /// per process it says was killed (``parseJetsamEvent(header:body:path:)``).
    ///
    /// - Throws: ``CrashReportError`` as ``parse(_:path:)``, and for a JetsamEvent report
    ///   without a killed process.
    public static func parseAll(_ text: String, path: String) throws(CrashReportError) -> [CrashReport] {
        if let jetsam = try parseJetsamEvent(text, path: path) { return jetsam }
        return [try parse(text, path: path)]
    }

    /// The largest report read, in bytes (real reports are a few hundred kilobytes).
    public static let maximumBytes = 16 << 20

    /// Reads and parses a report file.
    ///
    /// - Throws: ``CrashReportError`` when the file cannot be read, is larger than
    ///   ``maximumBytes``, is not UTF-8 text, or is not a crash report.
    public static func load(path: String) throws(CrashReportError) -> CrashReport {
        let bytes = try CrashReportFile.contents(of: path, maximumBytes: maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CrashReportError(path: path, message: "not UTF-8 text: expected a crash report (.ips)")
        }
        return try parse(text, path: path)
    }

    /// Reads a report file that may be a JetsamEvent report (``parseAll(_:path:)``).
    ///
    /// - Throws: ``CrashReportError`` as ``load(path:)``.
    public static func loadAll(path: String) throws(CrashReportError) -> [CrashReport] {
        let bytes = try CrashReportFile.contents(of: path, maximumBytes: maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CrashReportError(path: path, message: "not UTF-8 text: expected a crash report (.ips)")
        }
        return try parseAll(text, path: path)
    }
}
