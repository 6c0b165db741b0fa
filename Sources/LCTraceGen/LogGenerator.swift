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
        var run = GenerationRun(options: options)
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunkSize + 4_096)
        var bytes = 0
        while run.step(into: &out) {
            if out.count >= Self.chunkSize {
                bytes += out.count
                try out.withUnsafeBytes { try sink($0) }
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty {
            bytes += out.count
            try out.withUnsafeBytes { try sink($0) }
        }
        return GenerationSummary(records: run.lines, bytes: bytes, sessions: run.sessionsWritten, planted: run.planted)
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
