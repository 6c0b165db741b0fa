import ArgumentParser
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
                reports.append(try CrashReport.load(path: path))
            } catch {
                target.abandon()
                StandardError.write(error.description + "\n")
                throw ExitCode(2)
            }
        }
        return reports
    }

    /// What is said of a report that ended no session.
    static func unmatched(_ report: CrashReport) -> String {
        let name = report.process.map { " ('\($0)')" } ?? ""
        return "lctrace: crash report '\(report.path)' (pid \(report.pid)\(name), \(report.time.rfc3339), "
            + "\(report.summary)) matches no session: no live session of pid \(report.pid) within 5 s of its time"
    }
}
