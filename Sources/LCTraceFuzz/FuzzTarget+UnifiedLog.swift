import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

extension FuzzTarget {
    /// The unified-log reader on an export of either style (`log show --style ndjson` and
    /// `--style json`). The first byte picks `auto` or `oslog` detection, a `--subsystem`
    /// filter and the small read size; the rest is the input.
    ///
    /// Invariants: the items are the same at the small read size and at 1 MiB (in zstd input,
    /// but for libzstd's own verdict on a damaged frame); in text (not zstd) every item names a
    /// line of the input (at most one past its last line end) and the lines never go back; the
    /// replayer takes the items.
    static func unifiedLog(_ data: [UInt8]) {
        guard let control = data.first else { return }
        let text = Array(data.dropFirst())
        let format: LogInputFormat = control & 1 == 0 ? .oslog : .auto
        let filter = control & 2 == 0 ? UnifiedLogFilter() : UnifiedLogFilter(subsystems: ["com.example.uploader"])
        let small = chunkSizes[Int(control >> 2) % 5]
        let options = ReadOptions(inputFormat: format, filter: filter)
        guard let a = try? LogOpener.open(bytes: text, name: "fuzz", chunkSize: small, options: options),
            let b = try? LogOpener.open(bytes: text, name: "fuzz", chunkSize: 1 << 20, options: options)
        else { return }
        let one = readAndReplay(a)
        let two = readAndReplay(b)
        let zstd = startsWithMagic(text)
        if one.items != two.items {
            // As in the `zstd` target, only zstd's own verdict on a damaged frame may depend on
            // how the input arrives: where libzstd notices the damage, and whether it checks a
            // frame's declared size (regression inputs oslog-zstd-noticed-at, zstd-declared-size-mismatch).
            let zstdVerdict = (one.items + two.items).contains {
                $0.hasPrefix("truncated ") && $0.contains(" corrupt zstd frame at byte ")
            }
            precondition(zstd && zstdVerdict, "read size changed the items: \(one.items) vs \(two.items)")
            return
        }
        precondition(one.filterMatchedNothing == two.filterMatchedNothing, "read size changed the filter's verdict")
        guard !zstd else { return }
        var newlines = 0
        for byte in text where byte == 0x0A { newlines += 1 }
        var previous = 0
        for line in one.lines {
            precondition(line >= 1 && line <= newlines + 1, "line \(line) outside the input (\(newlines) line ends)")
            precondition(line >= previous, "line \(line) after line \(previous)")
            previous = line
        }
    }

    /// What a reader handed out: every item as text, the lines they name, the filter's
    /// verdict. The items are replayed on the way.
    private static func readAndReplay(
        _ reader: consuming LogReader
    ) -> (items: [String], lines: [Int], filterMatchedNothing: Bool) {
        var reader = reader
        var replayer = Replayer(path: "fuzz", configuration: ReplayConfiguration())
        var items: [String] = []
        var lines: [Int] = []
        while let item = reader.next() {
            switch item {
            case .record(let record):
                lines.append(record.line)
                items.append("record \(record)")
                replayer.process(record, symbols: reader.symbols)
            case .meta(let record, let meta):
                lines.append(record.line)
                items.append("meta \(record) \(meta)")
                replayer.process(record, meta: meta, symbols: reader.symbols)
            case .malformed(let line, let message):
                lines.append(line)
                items.append("malformed \(line) \(message)")
                replayer.malformed(line: line, message: message)
            case .truncated(let line, let offset, let message):
                lines.append(line)
                items.append("truncated \(line) \(offset.map(String.init) ?? "-") \(message)")
                replayer.truncated(line: line, message: message)
                replayer.gap(line: line)
            case .lost(let line, let message):
                lines.append(line)
                items.append("lost \(line) \(message)")
                replayer.recordsLost(line: line, message: message)
            }
        }
        let result = replayer.finish(symbols: reader.symbols)
        for finding in result.findings { precondition(finding.line >= 0, "negative line") }
        return (items, lines, reader.filterMatchedNothing)
    }
}
