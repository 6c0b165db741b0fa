import LCTraceCore
import LCTraceIngest

/// What each recognised system message about the app becomes (docs/SYSTEM-LOGS.md): the record
/// an observer would have written, and UIKit's own verdict where its message is one. Both
/// readers of system messages use it, the transcript translator (``SyslogTranslator``) and the
/// unified-log export's (``UnifiedLogSystemEvidence``), so one message gives the same record
/// and verdict in either.
///
/// State messages are deduplicated per pid (Console exports often repeat every line): a
/// suspension is written only when the process is not already suspended, a resumption only
/// after a suspension seen in the log, a kill only once; a task's expiration once.
struct SyslogFactEffects {
    /// What a UIKit message (from the app's own process) gives.
    struct TaskEffect {
        /// The record, if any.
        var native: NativeLine?
        /// UIKit's verdict, if its message is one.
        var verdict: SystemVerdict?
    }

    /// What is known of one pid.
    private struct ProcessState {
        enum Phase { case unknown, running, suspended, ended }
        var phase = Phase.unknown
        var watchdogIgnored = false
    }

    /// A task of one process: UIKit numbers tasks per process, so two processes (an app
    /// relaunched, an app and its extension) each have a task 1.
    private struct ProcessTask: Hashable {
        var pid: Int64?
        var task: Int64
    }

    private var states: [Int64: ProcessState] = [:]
    /// Tasks whose expiration was written, per process.
    private var expired: Set<ProcessTask> = []

    /// The effect of a UIKit background-task message of the app's process.
    ///
    /// - Parameters:
    ///   - fact: a `task…` fact (others give nothing).
    ///   - pid: the process's pid, when known.
    ///   - time: the message's time.
    ///   - line: the line findings name.
    ///   - file: the name findings carry.
    mutating func task(_ fact: SyslogFact, pid: Int64?, time: Timestamp, line: Int, file: String) -> TaskEffect {
        var fields: [(key: String, value: NativeLine.Value)] = []
        if let pid { fields.append(("pid", .integer(pid))) }
        switch fact {
        case .taskCreated(let id, let name), .taskOverdue(let id, let name), .taskExpiredNotEnded(let id, let name):
            fields.append(("task", .integer(id)))
            if let name { fields.append(("name", .string(name))) }
            fields.append(("source", .string("system")))
            // UIKit prints the task's name: the replay gives the verdict its owner from the run's
            // configured catalogue (SPEC §8), as it does for the tasks it replays.
            if case .taskCreated = fact {
                return TaskEffect(native: NativeLine(time: time, event: "bgtask.begin", fields: fields))
            }
            if case .taskOverdue = fact {
                let message = "UIKit reported task '\(id)' still open more than 30 s after it began, in background"
                let verdict = SystemVerdict(
                    Finding(
                        rule: .bgtaskOverrun, file: file, line: line, time: time, pid: pid, task: .number(id),
                        message: message, source: .system), taskName: name)
                return TaskEffect(verdict: verdict)
            }
            let verdict = SystemVerdict(
                Finding(
                    rule: .bgtaskExpiredNotEnded, file: file, line: line, time: time, pid: pid, task: .number(id),
                    event: "bgtask.expire", message: "UIKit reported task '\(id)' still not ended after its expiration handler ran",
                    source: .system), taskName: name)
            guard expired.insert(ProcessTask(pid: pid, task: id)).inserted else { return TaskEffect(verdict: verdict) }
            return TaskEffect(native: NativeLine(time: time, event: "bgtask.expire", fields: fields), verdict: verdict)
        case .taskEnding(let id), .taskUnknown(let id):
            fields.append(("task", .integer(id)))
            fields.append(("source", .string("system")))
            expired.remove(ProcessTask(pid: pid, task: id))
            var effect = TaskEffect(native: NativeLine(time: time, event: "bgtask.end", fields: fields))
            if case .taskUnknown = fact {
                effect.verdict = SystemVerdict(
                    Finding(
                        rule: .bgtaskUnmatchedEnd, file: file, line: line, time: time, pid: pid, task: .number(id),
                        event: "bgtask.end", message: "UIKit reported 'bgtask.end' for task '\(id)' that does not exist",
                        source: .system))
            }
            return effect
        default:
            return TaskEffect()
        }
    }

    /// The record of a RunningBoard or FrontBoard message about the app's process `pid`, if
    /// it changes what is known of it (`visibility` never does: the model has no event for it).
    mutating func process(_ fact: SyslogFact, pid: Int64, time: Timestamp) -> NativeLine? {
        var state = states[pid] ?? ProcessState()
        defer { states[pid] = state }
        var event: String?
        var reason: String?
        switch fact {
        case .running:
            if state.phase == .suspended {
                state.phase = .running
                event = "sys.resume"
            }
        case .suspended:
            if state.phase != .suspended && state.phase != .ended {
                state.phase = .suspended
                event = "sys.suspend"
            }
        case .killed(_, let why):
            if why == "watchdog" && state.watchdogIgnored { break }
            if state.phase != .ended {
                state.phase = .ended
                event = "sys.kill"
                reason = why
            }
        case .watchdogIgnored:
            state.watchdogIgnored = true
        default:
            break
        }
        guard let event else { return nil }
        var fields: [(key: String, value: NativeLine.Value)] = [("pid", .integer(pid))]
        if let reason { fields.append(("reason", .string(reason))) }
        fields.append(("source", .string("system")))
        return NativeLine(time: time, event: event, fields: fields)
    }
}
