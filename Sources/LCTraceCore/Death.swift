/// One process death (SPEC §8 "Deaths"): a session whose exit class is neither `normal` nor
/// `open`, with the state it died in, what explains it and every source that saw it.
///
/// The engine builds one when such a session ends (never per record); outside evidence
/// (crash reports, system logs, MetricKit) adds pieces of ``evidence`` and, for a termination
/// text, ``watchdog``, to the same death. docs/DEATHS.md describes every field.
public struct Death: Sendable, Equatable {
    /// The log the death is in, as findings name it.
    public var file: String
    /// The record that ended the session (a kill, an exit, the launch that replaced it) or,
    /// where only outside evidence ends it, the line of the kill placed for it.
    public var line: Int
    /// The time of that record (the replay clock of the process); `nil` when unknown.
    public var time: Timestamp?
    /// The process, or `nil` for the stream of records without a pid.
    public var pid: Int64?
    /// The bundle id (`meta.app`), when the log named one.
    public var app: String?
    /// The app's version and build (`meta.version`), when the log named one.
    public var version: String?
    /// The OS version (`meta.os`, else `--os`), when known.
    public var os: String?
    /// The file's number of the session (``Finding/session``).
    public var session: Int
    /// How the session ended.
    public var exitClass: ExitClass
    /// The public app state at death (SPEC §3), `prewarmed` for a prewarmed process that
    /// never launched.
    public var state: String
    /// Each scene's public state at death, by scene id (empty: no scenes; the JSON omits the key).
    public var scenes: [String: String]
    /// Foreground when the app or any scene was foreground (active or inactive).
    public var visibility: DeathVisibility
    /// The finding that explains the class (LC200/LC201 for `watchdog`, LC203/LC204 for
    /// `bgtask-timeout`), else `nil`.
    public var cause: DeathCause?
    /// What a termination text says of a watchdog kill, else `nil`.
    public var watchdog: WatchdogDetails?
    /// Whose code the process was running when it died (SPEC §10), from a crash report's or a
    /// MetricKit diagnostic's threads; `nil` when no evidence gives threads (and for a launch
    /// failure, whose trap is UIKit's own).
    public var code: DeathCode? = nil
    /// Every background and scheduled task open at death, oldest first.
    public var openTasks: [DeathTask]
    /// Every source that saw this death.
    public var evidence: [DeathEvidence]
    /// The index in ``openTasks`` of the task that ran past its allowance first (LC203 or
    /// LC204), where one did (for the message; not a JSON field).
    public var overrunTask: Int?
    /// The allowance that task ran past, in nanoseconds: the process's background allowance
    /// for a background task, `refresh` for an app-refresh task (for the message; not a JSON
    /// field).
    public var taskAllowance: Int64?
    /// The verdict in one sentence (``Death/verdict``, kept up to date by ``refreshMessage()``).
    public var message: String
    /// Where pieces of evidence disagree on why the process died: what each one that did not
    /// decide the class said (`lctrace why` prints them; not a JSON field).
    public var disagreements: [String] = []
    /// What each piece of ``evidence`` that disagrees with the class said (SPEC §8: the JSON
    /// `evidence` entry gains `class` and `reason`).
    public var said: [DeathEvidence: EvidenceSaid] = [:]
    /// The termination text or exception of the piece of outside evidence that decided the
    /// class, as it wrote it (`Namespace SIGNAL, Code 0xb`; `lctrace why` prints it; not a JSON
    /// field), else `nil`.
    public var reasonText: String?

    /// Creates a death; the message is derived from the other fields.
    public init(
        file: String, line: Int, time: Timestamp?, pid: Int64?, app: String? = nil, version: String? = nil,
        os: String? = nil, session: Int, exitClass: ExitClass, state: String, scenes: [String: String] = [:],
        visibility: DeathVisibility, cause: DeathCause? = nil, watchdog: WatchdogDetails? = nil,
        openTasks: [DeathTask] = [], evidence: [DeathEvidence] = [], overrunTask: Int? = nil,
        taskAllowance: Int64? = nil
    ) {
        self.file = file
        self.line = line
        self.time = time
        self.pid = pid
        self.app = app
        self.version = version
        self.os = os
        self.session = session
        self.exitClass = exitClass
        self.state = state
        self.scenes = scenes
        self.visibility = visibility
        self.cause = cause
        self.watchdog = watchdog
        self.openTasks = openTasks
        self.evidence = evidence
        self.overrunTask = overrunTask
        self.taskAllowance = taskAllowance
        self.message = ""
        refreshMessage()
    }

    /// Re-derives ``message`` after a field changed (evidence added a watchdog text).
    public mutating func refreshMessage() {
        message = verdict
    }

    /// Adds a piece of evidence unless the death already has it.
    public mutating func addEvidence(_ piece: DeathEvidence) {
        if !evidence.contains(piece) { evidence.append(piece) }
    }
}
