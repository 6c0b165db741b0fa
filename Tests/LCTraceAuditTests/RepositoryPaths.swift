import Foundation

/// Paths inside the repository, found from this file's location (tests run from any cwd).
enum RepositoryPaths {
    /// The package root.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// traces/.
    static var traces: URL { root.appendingPathComponent("traces") }

    /// Whether this run re-records goldens (`LCTRACE_RECORD=1`): the run then fails on purpose.
    static var recording: Bool { ProcessInfo.processInfo.environment["LCTRACE_RECORD"] == "1" }

    /// The sample logs, sorted by name.
    static func sampleLogs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl.zst") }.sorted()
    }
}
