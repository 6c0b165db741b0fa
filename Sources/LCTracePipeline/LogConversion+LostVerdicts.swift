import LCTraceCore

extension LogConversion {
    /// A system log whose conversion would drop UIKit's own verdicts: the native format has
    /// no record that states a verdict, and the records written do not give it again when
    /// replayed. `lctrace convert` then writes nothing and exits 2 (docs/SYSTEM-LOGS.md).
    public struct LostVerdicts: Error, Sendable, Equatable, CustomStringConvertible {
        /// The input as the user named it.
        public var file: String
        /// The verdicts the converted log would lose, in line order.
        public var verdicts: [Finding]

        /// Creates the error.
        public init(file: String, verdicts: [Finding]) {
            self.file = file
            self.verdicts = verdicts
        }

        /// `Unable to convert 'F': line 6: LC203 bgtask-overrun 'UIKit reported …' is UIKit's
        /// verdict, which no native record states; replay the system log itself …`
        public var description: String {
            let listed = verdicts.prefix(3).map { "line \($0.line): \($0.rule.id) \($0.rule.name) '\($0.message)'" }
            let more = verdicts.count > 3 ? " and \(verdicts.count - 3) more" : ""
            let what = verdicts.count == 1 ? "is UIKit's verdict" : "are UIKit's verdicts"
            return "Unable to convert '\(PrintableText.printable(file))': "
                + listed.joined(separator: "; ") + more
                + " \(what), which no native record states and the converted records do not give again; replay the system log itself to keep \(verdicts.count == 1 ? "it" : "them")."
        }
    }
}
