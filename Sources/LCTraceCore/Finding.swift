/// One thing the replay found. Every reporter renders this one model (SPEC §5, §6).
///
/// Findings are rare, so this type allocates freely.
public struct Finding: Hashable, Sendable {
    /// The rule that fired.
    public var rule: Rule
    /// The severity (normally `rule.severity`).
    public var severity: Severity
    /// The file as the user named it (`-` input is `<stdin>`).
    public var file: String
    /// The 1-based line of the record that revealed the finding.
    public var line: Int
    /// The time of that record, when it had a readable one.
    public var time: Timestamp?
    /// The process the finding concerns (for LC103, the process that ended).
    public var pid: Int64?
    /// The scene, for scene findings.
    public var scene: String?
    /// The background task, for task findings.
    public var task: TaskValue?
    /// The code that began the task (SPEC §8 "Owners"): `OneSignal`, `Firebase
    /// (GoogleDataTransport)`, …; `nil` where no task is involved or its owner is unknown.
    public var owner: String?
    /// The model state when the record arrived (`background`, …), when relevant.
    public var state: String?
    /// The canonical event name of the record, when relevant.
    public var event: String?
    /// What happened and what was expected: short, subjects in single quotes, no trailing period.
    public var message: String
    /// For LC103 and other session-ending findings: the exit class of the session.
    public var exitClass: ExitClass?
    /// Where the evidence came from: the app's records or the system's log (docs/SYSTEM-LOGS.md).
    public var source: FindingSource
    /// The session (process lifetime) the finding belongs to: the replay engine's 1-based
    /// number of it in the file, in the order the sessions began; `nil` for findings about
    /// the file rather than a process (a malformed line, a cut, lost records, an unknown event). Every report that groups findings
    /// by session reads this, and nothing else (docs/RELIABILITY.md, "Sessions").
    public var session: Int?

    /// Creates a finding; `severity` defaults to the rule's.
    public init(
        rule: Rule, severity: Severity? = nil, file: String, line: Int, time: Timestamp? = nil,
        pid: Int64? = nil, scene: String? = nil, task: TaskValue? = nil, state: String? = nil,
        event: String? = nil, message: String, exitClass: ExitClass? = nil,
        source: FindingSource = .app, session: Int? = nil, owner: String? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.file = file
        self.line = line
        self.time = time
        self.pid = pid
        self.scene = scene
        self.task = task
        self.state = state
        self.event = event
        self.message = message
        self.exitClass = exitClass
        self.source = source
        self.session = session
        self.owner = owner
    }
}
