import LCTraceAppleFormats

extension FuzzTarget {
    /// The MetricKit reader on any bytes.
    ///
    /// Invariants: it returns a file or a ``MetricKitError`` naming the file (never traps);
    /// the same bytes give the same verdict; a file's indexes are `[n]` or `[payload, n]`
    /// with every part at least 0, its counts are not negative, and a bare diagnostic or a
    /// payload's first diagnostic is numbered 0.
    static func metricKit(_ data: [UInt8]) {
        let first: MetricKitFile
        do {
            first = try MetricKitFile.parse(data, path: "fuzz.json")
        } catch {
            precondition(error.path == "fuzz.json", "an error that does not name the file: \(error)")
            precondition(!error.message.isEmpty, "an error without a message")
            do {
                _ = try MetricKitFile.parse(data, path: "fuzz.json")
                preconditionFailure("the same bytes were refused, then accepted")
            } catch {}
            return
        }
        guard let second = try? MetricKitFile.parse(data, path: "fuzz.json") else {
            preconditionFailure("the same bytes were accepted, then refused")
        }
        precondition(first.diagnostics == second.diagnostics && first.exits == second.exits, "two reads differ")
        precondition(first.exits.values.allSatisfy { $0 > 0 }, "a zero or negative exit count kept")
        precondition(first.metricPayloads >= 0 && first.diagnosticPayloads >= 0, "negative payload count")
        for diagnostic in first.diagnostics {
            precondition(diagnostic.index.count == 1 || diagnostic.index.count == 2, "index \(diagnostic.index)")
            precondition(diagnostic.index.allSatisfy { $0 >= 0 }, "negative index \(diagnostic.index)")
            if let pid = diagnostic.pid { precondition(pid >= 0, "pid \(pid) kept") }
        }
        // Within one payload the diagnostics are numbered 0, 1, 2, … in order.
        var next: [Int: Int] = [:]
        for diagnostic in first.diagnostics {
            let payload = diagnostic.index.count == 2 ? diagnostic.index[0] : -1
            precondition(diagnostic.index.last == next[payload, default: 0], "diagnostics numbered out of order")
            next[payload] = diagnostic.index.last! + 1
        }
    }
}
