/// The finding that explains a death's class (SPEC §8 `cause`): its rule and line.
public struct DeathCause: Sendable, Hashable {
    /// LC200 or LC201 behind `watchdog`; LC203 or LC204 behind `bgtask-timeout`.
    public var rule: Rule
    /// The finding's line.
    public var line: Int

    /// Creates a cause.
    public init(rule: Rule, line: Int) {
        self.rule = rule
        self.line = line
    }
}
