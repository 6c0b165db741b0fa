/// Deaths per exit class and visibility (SPEC §8: `summary.deaths`, a file's and the audit's
/// `deaths`): the one place such tables are added up, for the run summary, `stats` and the
/// audit aggregate alike.
public enum DeathCounts {
    /// The table: per class, per visibility, how many deaths (absent is zero).
    public typealias Table = [ExitClass: [DeathVisibility: Int]]

    /// Adds every count of `other` to `table`.
    public static func add(_ other: Table, to table: inout Table) {
        for (exitClass, byVisibility) in other {
            for (visibility, n) in byVisibility where n != 0 { table[exitClass, default: [:]][visibility, default: 0] += n }
        }
    }

    /// Every death of the table.
    public static func total(_ table: Table) -> Int {
        table.values.reduce(0) { $0 + $1.values.reduce(0, +) }
    }
}
