import LCTraceCore
import LCTracePipeline
import LCTraceReport

/// The text of `lctrace why`: one paragraph per death, like an engineer's note.
enum DeathNote {
    /// Every death of the run (of `pid` only, when given), or a plain sentence saying none died;
    /// nothing when no log could be read.
    static func text(_ run: RunReport, pid: Int64?, recent: RecentRecords) -> String {
        let deaths = run.files.flatMap(\.deaths).filter { pid == nil || $0.pid == pid }
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
            let which = pid.map { "pid \($0)" } ?? "no process"
            let files = read.map { PrintableText.quoted($0.path) }.joined(separator: ", ")
            if let pid, !recent.hasRecords(ofPid: pid) {
                return "No record of pid \(pid) in \(files.isEmpty ? "the logs" : files): no process of that pid was logged.\n"
                    + afterward
            }
            if pid != nil {
                return
                    "No death of \(which) in \(files.isEmpty ? "the logs" : files): no session of it ended in a death (an exit class other than normal or open).\n"
                    + afterward
            }
            return "No process died in \(files.isEmpty ? "the logs" : files): no session ended in a death (an exit class other than normal or open).\n"
                + afterward
        }
        var text = deaths.map { paragraph($0, recent: recent) }.joined(separator: "\n")
        // With --pid every death of that pid is listed (ReplayConfiguration.everyDeathOfPid);
        // without it a file lists its first 1,000, and the rest are said to be cut.
        if pid == nil, let cut = TextReporter.omittedLine(run.summary.deathsOmitted) {
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
        // "background (background)" says one thing twice: the visibility only where it adds.
        var state = "  state at death: \(death.state)"
        if death.state != death.visibility.rawValue { state += " (\(death.visibility.rawValue))" }
        if !death.scenes.isEmpty {
            state +=
                "; scenes: "
                + death.scenes.sorted { $0.key < $1.key }.map { "\(PrintableText.printable($0.key)) \($0.value)" }
                .joined(separator: ", ")
        }
        out += state + "\n"
        // Said once: the verdict already quotes a watchdog's words.
        if let watchdog = death.watchdog, let said = Death.describeWatchdog(watchdog), !death.message.contains(said) {
            out += "  termination text: \(said)\n"
        }
        if !death.openTasks.isEmpty {
            out += "  open at death:\n"
            for task in death.openTasks {
                var line = "    \(task.api == "bgsched" ? "scheduled task" : "task") \(PrintableText.printable(task.task.text))"
                if let name = task.name, name != task.task.text { line += " \(PrintableText.quoted(name))" }
                line += ", owner \(task.owner.map(PrintableText.printable) ?? "unknown")"
                line += ", begun at line \(task.line), open \(DurationText.budget(task.openFor)) s"
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

    /// `its own log, line 11`, `crash report 'a.ips'`, `system log 's.txt' line 9`.
    static func describe(_ piece: DeathEvidence) -> String {
        switch piece {
        case .log(_, let line): return "its own log, line \(line)"
        case .systemLog(let file, let line): return "system log \(PrintableText.quoted(file)) line \(line)"
        case .crashReport(let file): return "crash report \(PrintableText.quoted(file))"
        case .metrickit(let file, let index): return "MetricKit \(PrintableText.quoted(file)) diagnostic \(DeathEvidence.indexText(index))"
        }
    }
}
