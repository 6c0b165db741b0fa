import LCTraceCore

/// Deterministic synthetic lifecycle logs (SPEC §7, `lctrace gen`).
///
/// Streams NDJSON lines to a sink in chunks of about 64 KiB, so a log of any
/// size is generated in bounded memory; returns what it planted. The same
/// options always give byte-identical output.
///
/// ```swift
/// let gen = LogGenerator(options: GeneratorOptions(seed: 7, records: 1_000_000, faults: [.bgtaskLeaked: 0.05]))
/// let summary = try gen.generate { chunk in try file.write(contentsOf: chunk) }
/// let planted = PlantedFinding.jsonLines(summary.planted)
/// ```
///
/// Clean sessions stay well inside every budget, under the strictest reading of
/// SPEC §4 (the `background` window counted from the record that moved the
/// process to background; the `resume` budget applied to scenes too; in a
/// scene-based app the app delegate only sees launch, terminate, memory and
/// protected-data events). Each planted fault gives exactly one finding, on the
/// line recorded in ``GenerationSummary/planted``. Where SPEC leaves the state
/// after a finding open, the generator assumes the natural reading:
/// - LC100: the model takes the event's target state and goes on from there.
/// - LC101: the callback proves an unlogged resume: the process goes on in
///   background, and the generator suspends it again 0.2–2 s later.
/// - LC102: the stray callback changes nothing (the process stays ended).
/// - LC203: the overrun task stays open; its late `bgtask.end` closes it.
/// - LC300: leaked tasks are dropped at the suspension that reports them.
/// - LC303: open tasks are keyed by id, so one `bgtask.end` closes a reused id.
/// - Deadlines are judged per pid, by that pid's own records; a suspension and
///   a `sys.resume` restart the `background` window (wakes run ~3 s of work).
///
/// With a record limit the last session may be cut anywhere, but never with a
/// task open (that would be an unplanted LC304): near the limit the open tasks
/// are ended 1 ms after their process's last record, and at most one copy of a
/// `meta` record pads the log to the exact count.
public struct LogGenerator: Sendable {
    /// What to generate.
    public var options: GeneratorOptions

    /// The size of the chunks handed to the sink (they may exceed it by one line).
    public static let chunkSize = 1 << 16

    /// Creates a generator.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Generates the log, handing its bytes to `sink` chunk by chunk.
    ///
    /// - Parameter sink: Receives consecutive chunks of the log; the buffer is
    ///   only valid during the call.
    /// - Returns: Line and session counts and the planted findings.
    /// - Throws: Whatever `sink` throws (generation stops there).
    /// - Complexity: O(lines); memory O(apps × session length + planted findings).
    @discardableResult
    public func generate(to sink: (UnsafeRawBufferPointer) throws -> Void) rethrows -> GenerationSummary {
        var all: [PlantedFinding] = []
        var summary = try generate(to: sink, planted: { all.append($0) })
        summary.planted = all
        return summary
    }

    /// Generates the log, streaming both its bytes and its planted findings, so
    /// that memory stays bounded however many faults a huge log carries.
    ///
    /// - Parameters:
    ///   - sink: Receives consecutive chunks of the log; the buffer is only valid
    ///     during the call.
    ///   - planted: Receives each planted finding, in line order. It may be called
    ///     before the chunk holding that line has been handed to `sink`.
    /// - Returns: Line and session counts; `planted` is left empty.
    /// - Throws: Whatever `sink` or `planted` throws (generation stops there).
    /// - Complexity: O(lines); memory O(apps × session length).
    @discardableResult
    public func generate(
        to sink: (UnsafeRawBufferPointer) throws -> Void, planted: (PlantedFinding) throws -> Void
    ) rethrows -> GenerationSummary {
        var run = GenerationRun(options: options)
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunkSize + 4_096)
        var bytes = 0
        while run.step(into: &out) {
            let ready = run.releasableCount
            if ready > 0 {
                for p in run.planted[..<ready] { try planted(p) }
                run.dropReleased(ready)
            }
            if out.count >= Self.chunkSize {
                bytes += out.count
                try out.withUnsafeBytes { try sink($0) }
                out.removeAll(keepingCapacity: true)
            }
        }
        for p in run.planted { try planted(p) }
        if !out.isEmpty {
            bytes += out.count
            try out.withUnsafeBytes { try sink($0) }
        }
        return GenerationSummary(records: run.lines, bytes: bytes, sessions: run.sessionsWritten)
    }

    /// Generates the whole log in memory (for tests and small logs).
    ///
    /// - Returns: The log's bytes and the summary.
    public func generateBytes() -> (bytes: [UInt8], summary: GenerationSummary) {
        var all: [UInt8] = []
        let summary = generate { all.append(contentsOf: $0) }
        return (all, summary)
    }

    /// Generates the log into a text stream (e.g. standard output via `print`'s stream).
    ///
    /// - Returns: The summary.
    @discardableResult
    public func generate<Target: TextOutputStream>(into target: inout Target) -> GenerationSummary {
        generate { target.write(String(decoding: $0, as: UTF8.self)) }
    }
}
