import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// A parsed `.lctrace.yml` (SPEC §9): every key as the file gave it, checked, with the line
/// of each for messages and for `lctrace rules`. Nothing here is applied yet: see
/// ``EffectiveConfiguration``, which merges a file with the command line.
public struct ConfigurationFile: Sendable {
    /// The name looked for in the current folder and its parents.
    public static let defaultName = ".lctrace.yml"

    /// The keys a file may have, in the order of SPEC §9.
    public static let keys = [
        "disabled_rules", "severity", "budgets", "fail_on", "model", "os", "excluded", "owners", "baseline",
    ]

    /// The file as found or named.
    public var path: String
    /// `disabled_rules`: rules never reported, in the file's order.
    public var disabledRules: [Rule] = []
    /// `severity`: rule → the severity its findings carry.
    public var severities: [Rule: Severity] = [:]
    /// `budgets`: budget name → seconds.
    public var budgets: [String: Double] = [:]
    /// `fail_on`: the lowest severity that fails the run.
    public var failOn: FailThreshold?
    /// `model`: the lifecycle model for logs without `meta.model`.
    public var model: ModelChoice?
    /// `os`: the OS version for logs without `meta.os`.
    public var os: String?
    /// `excluded`: what an audit's directory walk leaves out.
    public var excluded: [PathGlob] = []
    /// `owners`: name prefix → owner, extending the owner catalogue (SPEC §8).
    public var owners: [String: String] = [:]
    /// `baseline`: as written (relative to the file's folder unless absolute).
    public var baseline: String?
    /// The line of each key present (`severity`), and of each entry of the rule keys
    /// (`severity.LC202`, `disabled_rules.LC402`).
    public var lines: [String: Int] = [:]

    /// An empty configuration of `path` (every key absent).
    public init(path: String) {
        self.path = path
    }

    /// The folder the file's paths are relative to (`.` for a bare name).
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// ``baseline`` as a path usable from the current folder: joined to ``folder`` unless
    /// absolute; `nil` when the key is absent.
    public var baselinePath: String? {
        guard let baseline else { return nil }
        if baseline.hasPrefix("/") || folder == "." { return baseline }
        return folder + "/" + baseline
    }

    /// `path:line` of a key, for `lctrace rules` and messages.
    public func origin(of key: String) -> String {
        lines[key].map { "\(path):\($0)" } ?? path
    }
}
