/// What a termination text says (SPEC §8 "Termination texts"): the one reader of the words
/// iOS writes when it ends a process, for crash reports (`Termination Reason`, `Termination
/// Description`, the `.ips` `termination` object) and MetricKit's `terminationReason` alike.
///
/// Every form seen in the wild is read, whatever separates its parts (new lines, ` | `,
/// spaces):
/// - `Namespace SPRINGBOARD, Code 0x8badf00d` and `FRONTBOARD 0x8badf00d`;
/// - `<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog
///   transgression: app<…>:1234 exhausted real (wall clock) time allowance of 10.00 seconds`
///   followed by `ProcessVisibility:`, `ProcessState:`, `WatchdogEvent:`, `WatchdogVisibility:`;
/// - iOS 11–13's one `Termination Description:` line, its parts separated by ` | `;
/// - iOS 12's `has active assertions beyond permitted time`: a background-task timeout,
///   whatever code it was written under.
public struct TerminationText: Sendable, Equatable {
    /// The first termination code written (`0x8badf00d` → 0x8BADF00D), when one is.
    public var code: UInt64?
    /// What the text says of a watchdog kill; `nil` when it says nothing of one.
    public var watchdog: WatchdogDetails?
    /// The text says a background task outlived its assertion (`has active assertions beyond
    /// permitted time`): exit class `bgtask-timeout`, whatever the code.
    public var assertionTimeout: Bool

    /// Reads a termination text; never fails (what is not recognised is left out).
    public init(_ text: String) {
        let lower = text.lowercased()
        code = Self.code(in: lower)
        assertionTimeout = lower.contains("has active assertions beyond permitted time")
        var details = WatchdogDetails()
        details.event = Self.value(after: "WatchdogEvent:", in: text) ?? Self.transgressionEvent(in: text)
        if let range = lower.firstRange(of: "time allowance of ") {
            details.allowance = Self.number(at: lower[range.upperBound...])
        }
        if lower.contains("real (wall clock) time") {
            details.clock = "wall"
        } else if lower.contains("cpu time allowance") {
            details.clock = "cpu"
        }
        details.visibility =
            (Self.value(after: "WatchdogVisibility:", in: text)
            ?? Self.value(after: "ProcessVisibility:", in: text))?.lowercased()
        watchdog = details.isEmpty ? nil : details
    }

    /// The exit class the words decide, before the code does: `bgtask-timeout` for an
    /// assertion timeout, `watchdog` for a watchdog transgression; `nil` when the words decide
    /// nothing.
    public var exitClass: ExitClass? {
        if assertionTimeout { return .bgtaskTimeout }
        if watchdog != nil || code == 0x8BAD_F00D { return .watchdog }
        return nil
    }

    /// The first `0x` hexadecimal number of at most 16 digits.
    static func code(in lower: String) -> UInt64? {
        var rest = Substring(lower)
        while let range = rest.firstRange(of: "0x") {
            let digits = rest[range.upperBound...].prefix { $0.isHexDigit }
            if !digits.isEmpty && digits.count <= 16, let value = UInt64(digits, radix: 16) { return value }
            rest = rest[range.upperBound...]
        }
        return nil
    }

    /// The word after `key` (as iOS writes it, `WatchdogEvent:`), up to a space, `|`, `,`,
    /// `>`, `"` or the end of the line; `nil` when the key is absent or has no word.
    static func value(after key: String, in text: String) -> String? {
        guard let range = text.firstRange(of: key) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        let word = rest.prefix { Self.isWordCharacter($0) }
        return word.isEmpty ? nil : String(word)
    }

    /// Not a separator of the words after a key.
    static func isWordCharacter(_ c: Character) -> Bool {
        !c.isWhitespace && c != "|" && c != "," && c != ">" && c != "\""
    }

    /// The word before `watchdog transgression` (`scene-update`), kept as written.
    static func transgressionEvent(in text: String) -> String? {
        guard let range = text.firstRange(of: " watchdog transgression") else { return nil }
        let before = text[..<range.lowerBound]
        var start = before.endIndex
        while start > before.startIndex {
            let previous = before.index(before: start)
            let c = before[previous]
            if c.isWhitespace || c == ":" || c == "," || c == "|" || c == "\"" { break }
            start = previous
        }
        return start == before.endIndex ? nil : String(before[start...])
    }

    /// A decimal number at the start of `text` (`10.00`), when finite and under 10⁹.
    static func number(at text: Substring) -> Double? {
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard digits.count <= 24, digits.endIndex == text.endIndex || text[digits.endIndex] == " ", let value = Double(digits), value.isFinite, value < 1e9
        else { return nil }
        return value
    }
}
