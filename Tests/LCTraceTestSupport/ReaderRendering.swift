import CLCTraceZstd
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest

// Helpers of the tests of every reader (LCTraceIngestTests, LCTraceAppleFormatsTests): inputs
// that straddle every boundary, and a comparable rendering of what a reader hands out.

/// Chunk sizes that make records, line ends and frames straddle every boundary.
public let chunkSizes = [1, 2, 5, 16, 500, 256 * 1024]

/// Compresses `bytes` as one zstd frame.
public func zstdFrame(_ bytes: [UInt8], level: Int32 = 3) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
    let n = out.withUnsafeMutableBytes { o in
        bytes.withUnsafeBytes { i in ZSTD_compress(o.baseAddress, o.count, i.baseAddress, i.count, level) }
    }
    precondition(ZSTD_isError(n) == 0, "ZSTD_compress failed")
    return Array(out.prefix(n))
}

/// Compresses a string as one zstd frame.
public func zstdFrame(_ text: String) -> [UInt8] { zstdFrame(Array(text.utf8)) }

/// A skippable frame (magic 0x184D2A50 + `variant`) holding `payload`.
public func skippableFrame(_ payload: [UInt8], variant: UInt32 = 0) -> [UInt8] {
    func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    return le(0x184D_2A50 + variant) + le(UInt32(payload.count)) + payload
}

/// Reads every item of a reader.
public func readAll(_ reader: inout LogReader) -> [LogItem] {
    var items: [LogItem] = []
    while let item = reader.next() { items.append(item) }
    return items
}

/// A compact, comparable rendering of an item:
/// `3: app.didBecomeActive t=1000000000 pid=4 scene=main task=#7 phase=begin reason=user(user) name=x`,
/// `3: malformed: MESSAGE`, `3: truncated@OFFSET: MESSAGE`, `3: lost: MESSAGE`.
public func render(_ item: LogItem, _ symbols: SymbolTable) -> String {
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
public func render(_ r: Record, _ meta: SessionMeta?, _ symbols: SymbolTable) -> String {
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

/// Opens bytes as every command does, through the one opener (`LogOpener`): `auto` detects a
/// unified-log export or a system-log transcript.
public func openLog(
    bytes: [UInt8], name: String, chunkSize: Int = 256 * 1024, readAheadSlot: Int? = nil, scanBatch: Int? = nil,
    inputFormat: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter(), limits: IngestLimits = .default
) throws(IngestError) -> LogReader {
    try LogOpener.open(
        bytes: bytes, name: name, chunkSize: chunkSize, readAheadSlot: readAheadSlot, scanBatch: scanBatch,
        options: ReadOptions(inputFormat: inputFormat, filter: filter, limits: limits))
}

/// Opens a path as every command does, through the one opener (`LogOpener`).
public func openLog(
    path: String, inputFormat: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter(),
    limits: IngestLimits = .default, concurrentDecompression: Bool = LogReader.hasSpareProcessor
) throws(IngestError) -> LogReader {
    try LogOpener.open(
        path,
        options: ReadOptions(
            inputFormat: inputFormat, filter: filter, limits: limits, concurrentDecompression: concurrentDecompression))
}

/// A log exercising line ends, blank lines, a malformed line, aliases and an
/// unterminated (but valid) last line.
public let sampleLog =
    #"{"t":1,"ev":"process.launch","pid":1,"reason":"user"}"# + "\n"
    + "\n"
    + #"{"t":2,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}"# + "\r\n"
    + "   \t \r\n"
    + #"{"t":3,"ev":"bogus""# + "\n"
    + #"{"t":"2026-11-20T10:00:00Z","ev":"applicationDidBecomeActive:","pid":1}"# + "\n"
    + "\r\n"
    + #"{"t":4,"ev":"sceneDidBecomeActive:","scene":"s1"}"#

/// What ``sampleLog`` reads as.
public let sampleItems = [
    "1: process.launch t=1000000000 pid=1 reason=user(user)",
    "3: app.didFinishLaunching t=2000000000 pid=1 phase=begin",
    "5: malformed: expected ',' or '}' after a member at column 20",
    "6: app.didBecomeActive t=1795168800000000000 pid=1",
    "8: scene.didBecomeActive t=4000000000 scene=s1",
]
