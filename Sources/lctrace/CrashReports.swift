import ArgumentParser
import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceIngest
import LCTraceReport

/// The crash reports of `lctrace replay --crash-report` (docs/SYSTEM-LOGS.md).
enum CrashReports {
    /// Reads every report before anything is replayed: a report that cannot be read is a
    /// usage error (exit 2), said on standard error, and the output is left untouched.
    static func load(_ paths: [String], abandoning target: OutputTarget) throws -> [CrashReport] {
        var reports: [CrashReport] = []
        for path in paths {
            do {
                reports.append(contentsOf: try CrashReport.loadAll(path: path))
            } catch {
                target.abandon()
                StandardError.write(error.description + "\n")
                throw ExitCode(2)
            }
        }
        return reports
    }

    /// At most this many pieces of unjoined evidence are said one a line (SPEC §8), then a count.
    static let unjoinedLines = 10

    /// What is said on standard error of the evidence that joined no session (SPEC §8
    /// `unjoined`): the crash reports and system-log kills of `reports`, then the MetricKit
    /// diagnostics of the run's ``RunReport/unjoined``, each with the join's reason, at most
    /// ``unjoinedLines`` of them, then how many more.
    static func unmatched(_ reports: [CrashReport], of all: [CrashReport], run: RunReport) -> [String] {
        var lines = unmatched(reports, of: all)
        for entry in run.unjoined where entry.kind == "metrickit" {
            // Its reason begins with the diagnostic it is (`diagnostic 0: pid missing`).
            let parts = entry.reason.split(separator: ":", maxSplits: 1)
            let which = parts.count == 2 && parts[0].hasPrefix("diagnostic ") ? " " + parts[0] : ""
            let why = which.isEmpty ? entry.reason : String(parts[1].dropFirst())
            lines.append(
                "lctrace: MetricKit \(PrintableText.quoted(entry.file))\(which)"
                    + (entry.pid.map { " (pid \($0))" } ?? "") + " joined no session: " + PrintableText.printable(why))
        }
        guard lines.count > unjoinedLines else { return lines }
        let more = lines.count - unjoinedLines
        return Array(lines.prefix(unjoinedLines))
            + ["lctrace: \(more) more piece\(more == 1 ? "" : "s") of evidence joined no session (the JSON report's 'unjoined' lists them all)"]
    }

    /// What is said of the reports that joined no session, in order (SPEC §8 `unjoined`): each
    /// with the join's reason; a JetsamEvent report once, only when none of its killed
    /// processes joined.
    static func unmatched(_ reports: [CrashReport], of all: [CrashReport]) -> [String] {
        var lines: [String] = []
        var saidJetsam: Set<String> = []
        for report in reports {
            guard report.isJetsamEvent else {
                lines.append(unmatched(report))
                continue
            }
            let entries = all.filter { $0.path == report.path && $0.isJetsamEvent }
            guard saidJetsam.insert(report.path).inserted, entries.allSatisfy({ e in reports.contains { $0.path == e.path && $0.pid == e.pid } })
            else { continue }
            let killed = entries.map { "pid \($0.pid)" + ($0.process.map { " ('\($0)')" } ?? "") }
            lines.append(
                "lctrace: JetsamEvent report \(PrintableText.quoted(report.path)) (\(report.time.rfc3339), killed: "
                    + killed.joined(separator: ", ") + ") joined no session: "
                    + (entries.count == 1 ? report.unjoinedReason ?? "" : "no session of those pids was alive at its time"))
        }
        return lines
    }

    /// What is said of a report that joined no session.
    static func unmatched(_ report: CrashReport) -> String {
        let name = report.process.map { " ('\($0)')" } ?? ""
        let time: String = report.hasTime ? ", \(report.time.rfc3339)" : ""
        return "lctrace: \(report.name) (pid \(report.pid)\(name)\(time), \(RunEvidence.oneLine(report.summary))) joined no session: "
            + (report.unjoinedReason ?? "no session of pid \(report.pid) was alive at its time")
    }
}
