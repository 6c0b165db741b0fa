import LCTraceIngest
/// Which records of a unified-log export are read; the others are ignored like any
/// record that is not a lifecycle event (no finding).
///
/// Native logs are not filtered.
public struct UnifiedLogFilter: Sendable, Equatable {
    /// Keep only records of these subsystems (`subsystem` key); empty keeps every subsystem.
    public var subsystems: [String]
    /// Keep only records of these categories (`category` key); empty keeps every category.
    public var categories: [String]
    /// How system-log transcripts are read (`--date`, `--app`; SyslogOptions.swift).
    public var syslog = SyslogOptions()

    /// Creates a filter; by default every record is kept.
    ///
    /// - Parameters:
    ///   - subsystems: the subsystems to keep, compared exactly; empty for all.
    ///   - categories: the categories to keep, compared exactly; empty for all.
    public init(subsystems: [String] = [], categories: [String] = []) {
        self.subsystems = subsystems
        self.categories = categories
    }

    /// Whether the filter keeps only some records (a subsystem or category was given).
    var isActive: Bool { !subsystems.isEmpty || !categories.isEmpty }

    /// Whether a record with this subsystem and category is kept (a missing key matches only an empty list).
    func keeps(subsystem: String?, category: String?) -> Bool {
        if !subsystems.isEmpty {
            guard let subsystem, subsystems.contains(subsystem) else { return false }
        }
        if !categories.isEmpty {
            guard let category, categories.contains(category) else { return false }
        }
        return true
    }
}
