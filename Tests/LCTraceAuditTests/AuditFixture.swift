import Foundation
import LCTraceAudit
import LCTraceCore
import LCTraceGen
import LCTraceIngest
import LCTraceReplay

/// A temporary directory of small generated logs (and whatever else a test puts there),
/// removed when the fixture is released.
final class AuditFixture {
    let root: String

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-audit-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The bytes of a small generated log with planted faults (plain NDJSON).
    static func log(seed: UInt64, records: Int = 200, model: GeneratorOptions.Model = .mixed) -> [UInt8] {
        let options = GeneratorOptions(
            seed: seed, records: records, model: model,
            faults: [.bgtaskLeaked: 0.2, .illegalTransition: 0.15, .handlerOverrun: 0.1, .abnormalExit: 0.1])
        return LogGenerator(options: options).generateBytes().bytes
    }

    /// Writes `bytes` at `relative` (directories created), zstd-compressed when `zstd`.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8], zstd: Bool = false) -> String {
        let path = root + "/" + relative
        let dir = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        if zstd {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let writer = ZstdFrameWriter(fd: fd, frameSize: 4096)
            try? bytes.withUnsafeBytes { try writer.write($0) }
            try? writer.finish()
            close(fd)
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        }
        return path
    }

    func write(_ relative: String, text: String) {
        write(relative, Array(text.utf8))
    }

    /// A tree of `count` generated logs spread over nested directories, every third one
    /// zstd-compressed; returns their paths.
    @discardableResult
    func populate(count: Int, records: Int = 200) -> [String] {
        (0..<count).map { i in
            let dir = ["a", "a/b", "a/b/c", "d"][i % 4]
            return write("\(dir)/log\(i).jsonl\(i % 3 == 0 ? ".zst" : "")", Self.log(seed: UInt64(i + 1), records: records), zstd: i % 3 == 0)
        }
    }

    /// Audits `paths` and renders the whole output in `format`.
    static func render(
        _ paths: [String], format: AuditReport.Format, jobs: Int, shard: AuditShard? = nil, top: Int = 5,
        summaryOnly: Bool = false
    ) -> (text: String, aggregate: AuditAggregate) {
        let inputs = AuditRun.select(AuditDiscovery.discover(paths), shard: shard)
        var report = AuditReport(format: format, summaryOnly: summaryOnly, toolVersion: "test")
        var out = report.begin(top: top, shard: shard)
        let aggregate = AuditRun.run(
            inputs, configuration: ReplayConfiguration(), jobs: jobs, top: top, keepFindings: report.needsFindings,
            onEntry: { out += report.entry($0) })
        out += report.end(aggregate)
        return (out, aggregate)
    }

    /// Each line of a jsonl text, parsed.
    static func parsedLines(_ text: String) -> [NSDictionary] {
        text.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? NSDictionary ?? [:]
        }
    }
}
