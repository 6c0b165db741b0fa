/// The named time budgets of SPEC §4, each overridable with `--budget NAME=SECONDS`.
public struct Budgets: Sendable, Equatable {
    /// An error for a bad `--budget` argument; the message names the valid budgets.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// Human-readable explanation.
        public var description: String
    }

    /// Every budget name, in the order of SPEC §4.
    public static let names = [
        "launch", "resume", "didEnterBackground", "willTerminate", "performFetch", "handler",
        "background", "bgtask", "expiration", "refresh",
    ]

    /// Seconds per budget name; `bgtask` is absent unless overridden (then the
    /// OS-dependent default applies, see ``bgtaskAllowance(osMajor:)``).
    public private(set) var seconds: [String: Double]

    /// The defaults of SPEC §4.
    public init() {
        seconds = [
            "launch": 20, "resume": 10, "didEnterBackground": 5, "willTerminate": 5,
            "performFetch": 30, "handler": 5, "background": 5, "expiration": 5, "refresh": 30,
        ]
    }

    /// Overrides one budget from `NAME=SECONDS`.
    ///
    /// - Throws: ``ParseError`` for an unknown name or a number that is not finite and positive.
    public mutating func apply(_ assignment: String) throws(ParseError) {
        guard let eq = assignment.firstIndex(of: "=") else {
            throw ParseError(description: "expected NAME=SECONDS in '\(assignment)'; budgets: \(Self.names.joined(separator: ", "))")
        }
        let name = String(assignment[..<eq])
        let value = String(assignment[assignment.index(after: eq)...])
        guard Self.names.contains(name) else {
            throw ParseError(description: "unknown budget '\(name)'; budgets: \(Self.names.joined(separator: ", "))")
        }
        guard let s = Double(value), s.isFinite, s > 0 else {
            throw ParseError(description: "budget '\(name)' needs a positive number of seconds, got '\(value)'")
        }
        seconds[name] = s
    }

    /// The seconds of a named budget other than `bgtask`.
    public subscript(name: String) -> Double { seconds[name] ?? 0 }

    /// The background-task allowance for an OS major version (`nil`: unknown):
    /// 30 s for iOS 13 and later or unknown, 180 s for 7–12, 600 s before 7,
    /// unless `--budget bgtask=` overrides it.
    public func bgtaskAllowance(osMajor: Int?) -> Double {
        seconds["bgtask"] ?? Self.defaultBgtaskAllowance(osMajor: osMajor)
    }

    /// The background-task allowance of SPEC §4 for an OS major version (`nil`: unknown),
    /// without an override: no dictionary lookup (the engine resolves it for every new process).
    public static func defaultBgtaskAllowance(osMajor: Int?) -> Double {
        guard let major = osMajor else { return 30 }
        if major >= 13 { return 30 }
        if major >= 7 { return 180 }
        return 600
    }
}
