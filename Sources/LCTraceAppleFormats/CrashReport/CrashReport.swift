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

    // What a report alone says of its death (SPEC §10): read from the report, used when it
    // joins no log.

    /// The app's version as the report's body writes it (`1.0 (1)`: `bundleInfo`'s
    /// `CFBundleShortVersionString` and `CFBundleVersion`, `Version:`), when given.
    public var version: String?
    /// The OS version number (`16.0` of `iPhone OS 16.0 (20A362)`), when given.
    public var os: String?
    /// `procRole` / `Role:` as written (`Foreground`, `Background`, `Non UI`), when given.
    public var role: String?
    /// The termination text's `ProcessVisibility` and `ProcessState` (`Foreground`,
    /// `Suspended`), when written.
    public var processVisibility: String?
    /// The termination text's `ProcessState`, when written.
    public var processState: String?
    /// `incident` / `Incident Identifier:`, when given: one incident in two forms is one piece.
    public var incident: String?
    /// The executable's path (`procPath`, `Path:`), when given.
    public var executablePath: String?
    /// The thread whose code the death names (SPEC §10): the main thread for a watchdog kill,
    /// else the thread the report singles out, else the main thread; `nil` without threads.
    public var stack: CodeStack?
    /// The crashed thread holds `_UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption`:
    /// iOS 27's launch failure of an app that has not adopted the scene life cycle (SPEC §11).
    public var isLaunchFailure = false
    /// What was read with doubt, with its key path (`/threads/0/frames/4/imageIndex: image 99
    /// is past the report's 17 images, read as a frame with no image`).
    public var warnings: [String] = []
    /// The report was given as a FILE (SPEC §10), not with `--crash-report`: joining no log,
    /// it is replayed on its own rather than listed as unjoined.
    public var givenAsFile = false
    /// A JetsamEvent entry of a daemon (`states` holds `daemon`): never judged on its own.
    public var isDaemon = false
    /// The line the report's death and findings are placed at (SPEC §10: 1 for a document).
    public var line = 1
    /// For a MetricKit crash diagnostic given as a FILE: its payload's window, build and OS,
    /// which its piece for the join carries (``piece``, ``TimelessFacts``); `nil` otherwise.
    public var timeless: TimelessFacts?

    /// The executable's name: `procPath`'s last component, else the process name, else the
    /// last component of the bundle id.
    public var executable: String? {
        if let path = executablePath, let last = path.split(separator: "/").last { return String(last) }
        if let process { return process }
        return bundle.flatMap { $0.split(separator: ".").last.map(String.init) }
    }

    /// The folder of the app's bundle (the executable's folder), when the path is known.
    public var bundlePath: String? {
        guard let path = executablePath, let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[...slash])
    }

    /// Whose code the report's thread names (SPEC §10), with the owners of `owners`; `nil`
    /// without threads and for a launch failure (the trap is UIKit's own).
    public func code(owners: OwnerCatalogue = OwnerCatalogue()) -> DeathCode? {
        guard !isLaunchFailure, var stack else { return nil }
        // A watchdog kill's code is its main thread's (SPEC §10: MetricKit's attributed stack).
        if isWatchdog { stack.role = .main }
        return WhoseCode.code(of: stack, executable: executable, bundlePath: bundlePath, owners: owners)
    }

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
        if let start = jsonStart(text), !isTextAfterHeader(text, from: start) {
            return try parseJSON(text, from: start, path: path)
        }
        return try parseText(text, path: path)
    }

    /// Whether a report that begins with a one-line JSON header goes on as a text report (a
    /// `bug_type` 109 header before the classic text, as older iOS and Xcode wrote it): the
    /// first line after the header that is not blank starts with a letter.
    static func isTextAfterHeader(_ text: String, from start: String.Index) -> Bool {
        guard let newline = text[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) else { return false }
        let rest = text[text.index(after: newline)...].drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = rest.first else { return false }
        return first.isLetter
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
