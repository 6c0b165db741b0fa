import LCTraceCore
import LCTracePipeline
import LCTraceReport

/// The text of `lctrace why`: one paragraph per death, like an engineer's note.
enum DeathNote {
    /// Every death of the run (of `pid` only, when given), or a plain sentence saying none died;
    /// nothing when no log could be read.
    static func text(_ run: RunReport, pids: Set<Int64>, recent: RecentRecords, exits: Bool = false) -> String {
        let pid: Int64? = pids.count == 1 ? pids.first : nil
        let asked = { (death: Death) in pids.isEmpty || (death.pid.map(pids.contains) ?? false) }
        let deaths = run.files.flatMap(\.deaths).filter(asked)
        let ended = run.files.flatMap(\.exits).filter(asked)
        let byRunner = ended.filter(isTestRunnerEnd)
        var exitLines = ""
        if exits, !ended.isEmpty {
            exitLines = "\nEnded without dying (\(ended.count)):\n" + ended.map(exitLine).joined()
        } else if !byRunner.isEmpty {
            // Said without --all: the runner's end of a process is the answer to why it ended.
            exitLines = "\nEnded by the test runner (\(byRunner.count)):\n" + byRunner.map(exitLine).joined()
        }
        // A file none of whose lines was a record (a CSV, a log in the wrong syntax) has no
        // verdict either way: it is named as such, never as a file in which nobody died.
        let unread = run.files.compactMap(noRecordLine)
        let afterward = unread.joined()
        guard !deaths.isEmpty else {
            // Nothing could be read (each failure is already on standard error): no verdict,
            // least of all "nobody died".
            if run.files.isEmpty { return "" }
            let read = run.files.filter { $0.onlyMalformedLines == nil }
            if read.isEmpty { return afterward }
            let which = pid.map { "pid \($0)" } ?? (pids.isEmpty ? "no process" : "pids " + pids.sorted().map(String.init).joined(separator: ", "))
            let files = read.map { PrintableText.quoted($0.path) }.joined(separator: ", ")
            if !pids.isEmpty, let never = pids.sorted().first(where: { !recent.hasRecords(ofPid: $0) }),
                pids.count == 1 || pids.allSatisfy({ !recent.hasRecords(ofPid: $0) })
            {
                let pid = never
                return "No record of pid \(pid) in \(files.isEmpty ? "the logs" : files): no process of that pid was logged.\n"
                    + afterward
            }
            if !pids.isEmpty {
                return
                    "No death of \(which) in \(files.isEmpty ? "the logs" : files): no session of it ended in a death (an exit class other than normal or open, or a purge of a process that was not running).\n"
                    + exitLines + afterward
            }
            return
                "No process died in \(files.isEmpty ? "the logs" : files): no session ended in a death (an exit class other than normal or open, or a purge of a process that was not running).\n"
                + exitLines + afterward
        }
        var text = deaths.map { paragraph($0, recent: recent) }.joined(separator: "\n") + exitLines
        // With --pid every death of that pid is listed (ReplayConfiguration.everyDeathOfPids);
        // without it a file lists its first 1,000, and the rest are said to be cut.
        if pids.isEmpty, let cut = TextReporter.omittedLine(run.summary.deathsOmitted) {
            text += "\n" + cut + "; --pid lists every death of one pid.\n"
        }
        if !afterward.isEmpty { text += "\n" + afterward }
        return text
    }

    /// The line for a file that was read but gave no record, only malformed lines (LC401),
    /// or `nil` for any other file: `why` gives it no verdict, and exits 1 as `replay` would.
    static func noRecordLine(_ file: FileResult) -> String? {
        file.onlyMalformedLines.map {
            "No record could be read in \(PrintableText.quoted(file.path)): \($0); `lctrace replay` lists them.\n"
        }
    }

    /// One death.
    static func paragraph(_ death: Death, recent: RecentRecords) -> String {
        let who = death.pid.map { "pid \($0)" } ?? "the process"
        var about = [death.app, death.version, death.os.map { "iOS \($0)" }].compactMap { $0 }.joined(separator: ", ")
        if !about.isEmpty { about = " (\(PrintableText.printable(about)))" }
        var out = "\(PrintableText.printable(death.file)):\(death.line): \(who)\(about), session \(death.session): \(death.exitClass.name)\n"
        out += "  \(PrintableText.printable(death.message)).\n"
        if let time = death.time { out += "  died at \(time.rfc3339)" } else { out += "  died at a time nothing gives" }
        if let relaunch = recent.relaunch(after: death) {
            let gap = relaunch.time.nanoseconds(since: death.time ?? relaunch.time)
            out += "; relaunched as \(relaunch.pid.map { "pid \($0)" } ?? "a new process") \(Self.tenths(max(0, gap))) s later (line \(relaunch.line))"
        }
        out += "\n"
        // "background (background)" says one thing twice: the visibility only where it adds.
        var state = "  state at death: " + (death.state == "unknown" ? Self.unknownStateWords(death) : Self.stateWords(death.state))
        if death.state != death.visibility.rawValue && death.state != "unknown" && death.visibility != .unknown { state += " (\(death.visibility.rawValue))" }
        if !death.scenes.isEmpty {
            state +=
                "; scenes: "
                + death.scenes.sorted { $0.key < $1.key }.map { "\(PrintableText.printable($0.key)) \(Self.stateWords($0.value))" }
                .joined(separator: ", ")
        }
        out += state + "\n"
        if let reason = death.reasonText {
            // A termination text as its fields, the raw text on its own line; a signal by name.
            let named = Self.signalName(in: reason)
            out += "  termination: " + (named ?? RunEvidence.oneLine(PrintableText.printable(reason))) + "\n"
            // Said once: the verdict may already quote a watchdog's words.
            if let watchdog = death.watchdog, let said = Death.describeWatchdog(watchdog), !death.message.contains(said) {
                out += "    " + said + "\n"
            }
            if named != nil || reason.contains("\n") || death.watchdog != nil {
                out += "    raw: " + RunEvidence.oneLine(PrintableText.printable(reason)) + "\n"
            }
        } else if let watchdog = death.watchdog, let said = Death.describeWatchdog(watchdog), !death.message.contains(said) {
            out += "  termination text: \(said)\n"
        }
        if !death.openTasks.isEmpty {
            out += "  open at death:\n"
            for task in death.openTasks {
                var line = "    \(task.api == "bgsched" ? "scheduled task" : "task") \(PrintableText.printable(task.task.text))"
                if let name = task.name, name != task.task.text { line += " \(PrintableText.quoted(name))" }
                line += ", owner \(task.owner.map(PrintableText.printable) ?? "unknown")"
                line += ", begun at line \(task.line), open \(Self.tenths(task.openFor)) s"
                out += line + "\n"
            }
        }
        out += "  evidence: " + death.evidence.map(describe).joined(separator: "; ") + "\n"
        // Pieces that saw the death but say another reason than the one that decided its class.
        for said in death.disagreements { out += "  evidence disagrees: \(PrintableText.printable(said))\n" }
        let records = recent.records(before: death)
        if !records.isEmpty {
            out += "  last \(records.count == 1 ? "record" : "\(records.count) records") of \(who) before it died:\n"
            let width = String(records.last!.line).count
            for entry in records {
                let number = String(entry.line)
                out += "    line \(String(repeating: " ", count: width - number.count))\(number)  \(entry.time.rfc3339)  \(entry.text)\n"
            }
        }
        return out
    }

    /// Whether a test runner's `Terminate` ended the session (SPEC §12).
    static func isTestRunnerEnd(_ end: Death) -> Bool {
        end.evidence.contains { if case .testRunner = $0 { return true } else { return false } }
    }

    /// One line for a session that ended without dying (`why --all`); one a test runner
    /// ended says so, with the runner's line, and its time is the process's last record's
    /// (the transcript's times have no zone).
    static func exitLine(_ end: Death) -> String {
        let who = end.pid.map { "pid \($0)" } ?? "the process"
        if isTestRunnerEnd(end) {
            let runner = end.evidence.compactMap { piece -> String? in
                guard case .testRunner(let file, let line) = piece else { return nil }
                return "xcodebuild transcript \(PrintableText.quoted(file)) line \(line)"
            }.joined(separator: "; ")
            let words = end.reasonText.map { ": " + RunEvidence.oneLine(PrintableText.printable($0)) } ?? ""
            return "  \(PrintableText.printable(end.file)):\(end.line): \(who), session \(end.session): ended normally by the test runner"
                + " while \(stateWords(end.state))" + (end.time.map { ", after its last record at \($0.rfc3339)" } ?? "")
                + " (\(runner)\(words))\n"
        }
        let how = end.exitClass == .normal ? "exited normally" : "purged while \(stateWords(end.state)) (not a death: iOS reclaimed an app it was not running)"
        return "  \(PrintableText.printable(end.file)):\(end.line): \(who), session \(end.session): \(how)"
            + (end.time.map { " at \($0.rfc3339)" } ?? "") + "\n"
    }

    /// A state as words: `active`, `in the background`, `suspended`; an unknown state is
    /// "in a state the log does not show" (SPEC §7).
    static func stateWords(_ state: String) -> String {
        switch state {
        case "unknown": return "in a state the log does not show"
        case "background": return "in the background"
        case "foregroundActive": return "active"
        case "foregroundInactive": return "inactive"
        case "notRunning": return "not running (launching)"
        default: return state
        }
    }

    /// An unknown state at death in words, naming what does not say it: "in a state the log
    /// does not show" (SPEC §7) where a log saw the death; a death known from evidence alone
    /// (SPEC §10) has no log, so its own evidence is named: "in a state the diagnostic does not
    /// say" (MetricKit), "in a state the report does not say" (a crash or JetsamEvent report),
    /// "in a state the evidence does not say" (both).
    static func unknownStateWords(_ death: Death) -> String {
        var diagnostic = false
        var report = false
        for piece in death.evidence {
            switch piece {
            case .log, .systemLog, .testRunner: return stateWords("unknown")
            case .metrickit: diagnostic = true
            case .crashReport: report = true
            }
        }
        switch (diagnostic, report) {
        case (true, false): return "in a state the diagnostic does not say"
        case (false, true): return "in a state the report does not say"
        case (true, true): return "in a state the evidence does not say"
        case (false, false): return stateWords("unknown")
        }
    }

    /// Seconds to 0.1 s.
    static func tenths(_ nanos: Int64) -> String {
        DurationText.decimal(Double(nanos) / 1e9, digits: 1)
    }

    /// The signal a termination text names, by name: `SIGSEGV (11)`; `nil` when it names none.
    static func signalName(in text: String) -> String? {
        let names: [Int: String] = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGEMT", 8: "SIGFPE", 9: "SIGKILL",
            10: "SIGBUS", 11: "SIGSEGV", 12: "SIGSYS", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
        ]
        let upper = text.uppercased()
        for (number, name) in names.sorted(by: { $0.key < $1.key }) where upper.contains(name) { return "\(name) (\(number))" }
        // `Namespace SIGNAL, Code 0xb`, `SIGNAL 0xb`, `signal 11`.
        let words = upper.split { !$0.isLetter && !$0.isNumber }
        for (i, word) in words.enumerated() where word == "SIGNAL" {
            var j = i + 1
            if j < words.count && words[j] == "CODE" { j += 1 }
            guard j < words.count else { continue }
            let w = words[j]
            let value = w.hasPrefix("0X") ? Int(w.dropFirst(2), radix: 16) : Int(w)
            if let value, let name = names[value] { return "\(name) (\(value))" }
        }
        return nil
    }

    /// `its own log, line 11`, `crash report 'a.ips'`, `system log 's.txt' line 9`.
    static func describe(_ piece: DeathEvidence) -> String {
        switch piece {
        case .log(_, let line): return "its own log, line \(line)"
        case .systemLog(let file, let line): return "system log \(PrintableText.quoted(file)) line \(line)"
        case .crashReport(let file): return "crash report \(PrintableText.quoted(file))"
        case .metrickit(let file, let index): return "MetricKit \(PrintableText.quoted(file)) diagnostic \(DeathEvidence.indexText(index))"
        case .testRunner(let file, let line): return "the test runner's Terminate, xcodebuild transcript \(PrintableText.quoted(file)) line \(line)"
        }
    }
}
