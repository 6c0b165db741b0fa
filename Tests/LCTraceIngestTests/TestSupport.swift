import CLCTraceZstd
import Foundation
import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// Compresses `bytes` as one zstd frame with a content checksum, as the `zstd` tool writes it.
func checkedZstdFrame(_ bytes: [UInt8]) -> [UInt8] {
    let context = ZSTD_createCCtx()
    defer { ZSTD_freeCCtx(context) }
    _ = ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
    var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
    let n = out.withUnsafeMutableBytes { o in
        bytes.withUnsafeBytes { i in ZSTD_compress2(context, o.baseAddress, o.count, i.baseAddress, i.count) }
    }
    precondition(ZSTD_isError(n) == 0, "ZSTD_compress2 failed")
    return Array(out.prefix(n))
}

/// Reads bytes with a chunk size and renders every item (see ``render(_:_:)``).
func renderAll(_ bytes: [UInt8], chunkSize: Int = 256 * 1024) throws -> [String] {
    var reader = try LogReader(bytes: bytes, name: "test", chunkSize: chunkSize)
    var out: [String] = []
    while let item = reader.next() { out.append(render(item, reader.symbols)) }
    return out
}

/// Renders text bytes with a chunk size.
func renderAll(_ text: String, chunkSize: Int = 256 * 1024) throws -> [String] {
    try renderAll(Array(text.utf8), chunkSize: chunkSize)
}

/// Scans one line with a fresh scanner and renders the outcome.
func scanLine(_ line: String) -> String {
    var scanner = RecordScanner()
    switch scanner.scan(line, lineNumber: 1) {
    case .record(let r): return render(.record(r), scanner.symbols)
    case .meta(let r, let m): return render(.meta(r, m), scanner.symbols)
    case .malformed(let message): return "malformed: \(message)"
    }
}

/// Scans raw bytes as one line with a fresh scanner; the malformed message or nil.
func scanError(_ bytes: [UInt8]) -> String? {
    var scanner = RecordScanner()
    let outcome = bytes.withUnsafeBytes { scanner.scan($0, lineNumber: 1) }
    if case .malformed(let message) = outcome { return message }
    return nil
}

/// A temporary directory removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-ingest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Locates the shared conformance data: `<repo>/../shared/conformance`, then `/work/shared/conformance`.
enum Conformance {
    /// The JSONTestSuite `test_parsing` directory, or `nil` when it is not on this machine.
    static let jsonTestSuite: URL? = {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            repo.deletingLastPathComponent().appendingPathComponent("shared/conformance/JSONTestSuite/test_parsing"),
            URL(fileURLWithPath: "/work/shared/conformance/JSONTestSuite/test_parsing"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// The names of the suite's files with a prefix (`y_`, `n_`, `i_`), sorted.
    static func files(_ prefix: String) -> [String] {
        guard let dir = jsonTestSuite,
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of one file of the suite.
    static func bytes(_ name: String) throws -> [UInt8] {
        guard let dir = jsonTestSuite else { throw CancellationError() }
        return Array(try Data(contentsOf: dir.appendingPathComponent(name)))
    }
}
