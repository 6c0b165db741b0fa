import LCTraceCore
import LCTraceTestSupport
import Testing

@testable import LCTraceIngest

/// The reader's one plug-in point (`LineTranslator`), driven by a translator of a made-up
/// format: `SECONDS EVENT PID` per line. The reader knows no format but its own; whatever a
/// translator writes is framed and scanned as native lines, its findings come out in line
/// order among the records, and what it gathered reaches the caller as opaque evidence.
@Suite struct LineTranslatorTests {
    /// Translates `SECONDS EVENT PID` lines to native records, one line for one line; a line
    /// of another shape is its own finding (LC401), written as an empty line.
    final class SpaceSeparated: LineTranslator {
        func decidesNative(_ text: UnsafeRawBufferPointer) -> Bool { false }
        private var output: [UInt8] = []
        private var carried: [UInt8] = []
        private var line = 0
        private var findings: [TranslatorDiagnostic] = []
        private var ended = false
        private(set) var translatedLines = 0

        func next(from decoder: inout ReadAheadDecoder) -> StreamDecoder.Chunk {
            while !ended {
                switch decoder.next() {
                case .data(let bytes):
                    output.removeAll(keepingCapacity: true)
                    carried += bytes
                    while let end = carried.firstIndex(of: 0x0A) {
                        translate(carried[..<end])
                        carried.removeSubrange(...end)
                    }
                    if !output.isEmpty { return output.withUnsafeBytes { .data(UnsafeRawBufferPointer($0)) } }
                case .end:
                    ended = true
                    output.removeAll(keepingCapacity: true)
                    if !carried.isEmpty { translate(carried[...]) }
                    carried = []
                    if !output.isEmpty { return output.withUnsafeBytes { .data(UnsafeRawBufferPointer($0)) } }
                case .failed(let message, let offset, let resumes):
                    return .failed(message: message, byteOffset: offset, resumes: resumes)
                }
            }
            return .end
        }

        private func translate(_ text: ArraySlice<UInt8>) {
            line += 1
            let fields = String(decoding: text, as: UTF8.self).split(separator: " ")
            if fields.count == 3, let seconds = Int(fields[0]), let pid = Int(fields[2]) {
                output += Array(#"{"t":\#(seconds),"ev":"\#(fields[1])","pid":\#(pid)}"#.utf8)
                translatedLines += 1
            } else {
                findings.append(
                    TranslatorDiagnostic(
                        step: .malformed, problem: LogReader.Problem(line: line, byteOffset: nil, message: "not SECONDS EVENT PID")))
            }
            output.append(0x0A)
        }

        var isNative: Bool { false }
        var passesThrough: Bool { false }
        var nextDiagnostic: TranslatorDiagnostic? { findings.first }
        func popDiagnostic() -> TranslatorDiagnostic? { findings.isEmpty ? nil : findings.removeFirst() }
        var heldCapacity: Int { output.capacity + carried.capacity }
        var evidence: any Sendable { translatedLines }
    }

    static func reader(_ text: String, chunkSize: Int, translator: (any LineTranslator)?) throws -> LogReader {
        let stream = try StreamDecoder(
            source: .memory(MemorySource(bytes: Array(text.utf8), chunkSize: chunkSize)), path: "t", limits: .default)
        return LogReader(
            displayName: "t", stream: stream, translator: translator, evidence: nil, threaded: false, slotCapacity: 64,
            pipelineBatch: nil)
    }

    @Test(arguments: chunkSizes)
    func aTranslatorsLinesAreReadAsNativeRecordsWithItsFindingsInLineOrder(chunkSize: Int) throws {
        let text = "1 app.didBecomeActive 7\nnonsense\n3 app.didEnterBackground 7\n\n5 sys.kill 7"
        var reader = try Self.reader(text, chunkSize: chunkSize, translator: SpaceSeparated())
        let items = readAll(&reader).map { render($0, reader.symbols) }
        #expect(
            items == [
                "1: app.didBecomeActive t=1000000000 pid=7",
                "2: malformed: not SECONDS EVENT PID",
                "3: app.didEnterBackground t=3000000000 pid=7",
                "4: malformed: not SECONDS EVENT PID",
                "5: sys.kill t=5000000000 pid=7",
            ])
        #expect(reader.evidence as? Int == 3)
    }

    /// Without a translator the same text is native text: every line is LC401, and there is no evidence.
    @Test func withoutATranslatorTheReaderReadsNativeTextOnly() throws {
        var reader = try Self.reader("1 app.didBecomeActive 7\n", chunkSize: 4096, translator: nil)
        let items = readAll(&reader).map { render($0, reader.symbols) }
        #expect(items.count == 1 && items[0].hasPrefix("1: malformed: "))
        #expect(reader.evidence == nil)
    }
}
