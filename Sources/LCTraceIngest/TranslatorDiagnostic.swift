/// A finding of a ``LineTranslator``: the step it makes and where.
package struct TranslatorDiagnostic {
    /// `malformed`, `truncated` or `lost`.
    package var step: LogReader.Step
    /// The line and message (the line is the input's own).
    package var problem: LogReader.Problem

    /// A finding at `problem`'s line.
    package init(step: LogReader.Step, problem: LogReader.Problem) {
        self.step = step
        self.problem = problem
    }
}
