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

    /// The extensions of sample logs: native logs, unified-log exports (ndjson and json forms),
    /// and system-log transcripts (`syslog-*.txt.zst`).
    static let sampleExtensions = [".jsonl.zst", ".ndjson.zst", ".json.zst", ".txt.zst"]

    /// The sample logs, sorted by name.
    static func sampleLogs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        return names.filter { name in sampleExtensions.contains { name.hasSuffix($0) } }.sorted()
    }

    /// A sample's name: its file name without the extension (`oslog-killed-in-background`).
    static func sampleName(_ file: String) -> String {
        guard let ext = sampleExtensions.first(where: { file.hasSuffix($0) }) else { return file }
        return String(file.dropLast(ext.count))
    }

    /// For a unified-log export sample (`oslog-NAME`, `oslog-json-NAME`), the native sample
    /// with the same events (`NAME.jsonl.zst`).
    static func nativeTwin(of file: String) -> String? {
        let name = sampleName(file)
        for prefix in ["oslog-json-", "oslog-"] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count)) + ".jsonl.zst"
        }
        return nil
    }
}
