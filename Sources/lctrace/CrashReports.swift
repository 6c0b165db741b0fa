import ArgumentParser
import LCTraceAppleFormats
import LCTraceCore
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

    /// What is said of the reports that ended no session, in order: each crash report, and a
    /// JetsamEvent report once, only when none of its killed processes matched.
    static func unmatched(_ reports: [CrashReport], of all: [CrashReport]) -> [String] {
        var lines: [String] = []
        var saidJetsam: Set<String> = []
        for report in reports {
            // A MetricKit diagnostic's report was made for a session it joined: it ends that
            // session, unless the log shows the session ending normally.
            if case .metrickit(let index, let log) = report.origin {
                lines.append(
                    "lctrace: MetricKit \(PrintableText.quoted(report.path)) diagnostic \(DeathEvidence.indexText(index)) (\(report.summary)) "
                        + "joined session \(report.session ?? 0) of \(PrintableText.quoted(log)), which ended normally there "
                        + "('app.willTerminate', then its exit): no death carries it")
                continue
            }
            guard report.isJetsamEvent else {
                lines.append(unmatched(report))
                continue
            }
            let entries = all.filter { $0.path == report.path && $0.isJetsamEvent }
            guard saidJetsam.insert(report.path).inserted, entries.allSatisfy(reports.contains) else { continue }
            let killed = entries.map { "pid \($0.pid)" + ($0.process.map { " ('\($0)')" } ?? "") }
            lines.append(
                "lctrace: JetsamEvent report \(PrintableText.quoted(report.path)) (\(report.time.rfc3339), killed: "
                    + killed.joined(separator: ", ") + ") matches no session: no live session of those pids within 5 s of its time")
        }
        return lines
    }

    /// What is said of a report that ended no session.
    static func unmatched(_ report: CrashReport) -> String {
        let name = report.process.map { " ('\($0)')" } ?? ""
        return "lctrace: crash report \(PrintableText.quoted(report.path)) (pid \(report.pid)\(name), \(report.time.rfc3339), "
            + "\(report.summary)) matches no session: no live session of pid \(report.pid) within 5 s of its time"
    }
}
