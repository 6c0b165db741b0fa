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
        let time: String = if case .metrickit = report.origin { "" } else { ", \(report.time.rfc3339)" }
        return "lctrace: \(report.name) (pid \(report.pid)\(name)\(time), \(RunEvidence.oneLine(report.summary))) joined no session: "
            + (report.unjoinedReason ?? "no session of pid \(report.pid) was alive at its time")
    }
}
