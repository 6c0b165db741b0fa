import ArgumentParser
import LCTraceIngest

extension LogInputFormat: ExpressibleByArgument {}

/// How inputs are read: lctrace's native logs or Apple unified-log exports (docs/INSTRUMENTING.md).
struct InputOptions: ParsableArguments {
    @Option(
        name: .customLong("input-format"),
        help: "native, oslog (a unified-log export: 'log show --style ndjson' or '--style json'), or auto (by content, per file).")
    var inputFormat: LogInputFormat = .auto

    @Option(name: .customLong("subsystem"), help: "Unified-log exports: read only records of this subsystem (repeatable).")
    var subsystems: [String] = []

    @Option(name: .customLong("category"), help: "Unified-log exports: read only records of this category (repeatable).")
    var categories: [String] = []

    /// The export records to read.
    var filter: UnifiedLogFilter { UnifiedLogFilter(subsystems: subsystems, categories: categories) }
}
