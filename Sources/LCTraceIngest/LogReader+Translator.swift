import LCTraceCore

/// The plug-in point's side of ``LogReader`` (LineTranslator.swift): the translator's own
/// findings (malformed export records, an export cut short) are handed out among the lines'
/// steps, in line order.
extension LogReader {
    /// The translator's buffers in bytes; bounded by the maximum line length.
    package var translatorCapacity: Int { translator?.heldCapacity ?? 0 }

    /// Whether a translator finding on `line` comes before a step read from the lines, with
    /// the record and problem that step left.
    ///
    /// A finding comes first when its line is earlier; on the same line, a record comes first
    /// (a second record on a line), and a cut always comes last.
    private static func precedes(_ line: Int, _ step: Step, _ record: borrowing Record, _ problem: borrowing Problem) -> Bool {
        switch step {
        case .record, .meta: return line < record.line
        case .malformed, .lost: return line < problem.line
        case .truncated: return line <= problem.line
        case .end: return true
        }
    }

    /// ``read(into:)`` for inputs whose translator may have findings of its own: the steps of
    /// the lines, with each translator finding handed out before the first step it precedes.
    ///
    /// A step read from the lines that must wait is held with its record and problem; the
    /// scanner reads nothing more while it waits, so its ``meta`` stays that step's.
    ///
    /// - Complexity: O(1) on top of the lines; without translator findings, one check.
    mutating func readMergingTranslatorFindings(into record: inout Record) -> Step {
        if let held = heldStep {
            if let finding = stage.translator?.nextDiagnostic, Self.precedes(finding.problem.line, held, heldRecord, heldProblem) {
                return handOut(finding)
            }
            heldStep = nil
            record = heldRecord
            problem = heldProblem
            return held
        }
        let step = readLines(into: &record)
        guard let finding = stage.translator?.nextDiagnostic, Self.precedes(finding.problem.line, step, record, problem) else { return step }
        if step != .end {
            heldStep = step
            heldRecord = record
            heldProblem = problem
        }
        return handOut(finding)
    }

    /// Takes the translator's first finding (`finding`) and makes it the current step.
    private mutating func handOut(_ finding: TranslatorDiagnostic) -> Step {
        _ = stage.translator?.popDiagnostic()
        problem = finding.problem
        return finding.step
    }
}
