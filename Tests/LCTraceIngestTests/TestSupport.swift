import CLCTraceZstd
import Foundation
import LCTraceCore
@testable import LCTraceIngest
import Testing

/// Chunk sizes that make records, line ends and frames straddle every boundary.
let chunkSizes = [1, 2, 5, 16, 500, 256 * 1024]

/// Compresses `bytes` as one zstd frame.
func zstdFrame(_ bytes: [UInt8], level: Int32 = 3) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
    let n = out.withUnsafeMutableBytes { o in
        bytes.withUnsafeBytes { i in ZSTD_compress(o.baseAddress, o.count, i.baseAddress, i.count, level) }
    }
    precondition(ZSTD_isError(n) == 0, "ZSTD_compress failed")
    return Array(out.prefix(n))
}

/// Compresses a string as one zstd frame.
func zstdFrame(_ text: String) -> [UInt8] { zstdFrame(Array(text.utf8)) }

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

/// A skippable frame (magic 0x184D2A50 + `variant`) holding `payload`.
func skippableFrame(_ payload: [UInt8], variant: UInt32 = 0) -> [UInt8] {
    func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    return le(0x184D_2A50 + variant) + le(UInt32(payload.count)) + payload
}

/// Reads every item of a reader.
func readAll(_ reader: inout LogReader) -> [LogItem] {
    var items: [LogItem] = []
    while let item = reader.next() { items.append(item) }
    return items
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

/// A compact, comparable rendering of an item:
/// `3: app.didBecomeActive t=1000000000 pid=4 scene=main task=#7 phase=begin reason=user(user) name=x`,
/// `3: malformed: MESSAGE`, `3: truncated@OFFSET: MESSAGE`, `3: lost: MESSAGE`.
func render(_ item: LogItem, _ symbols: SymbolTable) -> String {
    switch item {
    case .malformed(let line, let message):
        return "\(line): malformed: \(message)"
    case .truncated(let line, let offset, let message):
        return "\(line): truncated\(offset.map { "@\($0)" } ?? ""): \(message)"
    case .lost(let line, let message):
        return "\(line): lost: \(message)"
    case .record(let r):
        return render(r, nil, symbols)
    case .meta(let r, let m):
        return render(r, m, symbols)
    }
}

/// Renders a record (and the context of a `meta` record).
func render(_ r: Record, _ meta: SessionMeta?, _ symbols: SymbolTable) -> String {
    do {
        var s = "\(r.line): "
        s += r.event == .unknown ? "?" + (symbols[r.unknownName] ?? "") : r.event.canonicalName
        s += " t=\(r.time.nanoseconds)"
        if let pid = r.pid { s += " pid=\(pid)" }
        if let scene = symbols[r.scene] { s += " scene=\(scene)" }
        switch r.task {
        case .number(let n)?: s += " task=#\(n)"
        case .name(let sym)?: s += " task=\(symbols[sym] ?? "?")"
        case nil: break
        }
        switch r.phase {
        case .begin: s += " phase=begin"
        case .end: s += " phase=end"
        case .instant: break
        }
        if let reason = symbols[r.reason] { s += " reason=\(reason)(\(r.reasonCode))" }
        if let name = symbols[r.name] { s += " name=\(name)" }
        if let m = meta {
            s += " meta(os=\(m.os ?? "-") app=\(m.app ?? "-") model=\(m.model ?? "-")"
            s += " modes=\(m.modes.map { $0.joined(separator: ",") } ?? "-") refresh=\(m.refresh.map { String($0) } ?? "-"))"
        }
        return s
    }
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
