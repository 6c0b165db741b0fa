import LCTraceCore

/// Why an `xcodebuild test` transcript cannot be used (``UITestTranscript``): the file, the
/// line the damage is on (0 when the file itself cannot be read), and what was expected there.
/// A transcript is never half-read: a `Terminate` line that cannot be read in full could
/// name the wrong pid, so the whole file is unreadable (exit 2, SPEC §6).
public struct UITestTranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transcript, as named.
    public var path: String
    /// The 1-based line of the damage; 0 when the file could not be read at all.
    public var line: Int
    /// What was wrong, and what was expected.
    public var message: String
    /// The `errno` when a system call failed.
    public var systemCode: Int32?

    /// Creates an error.
    public init(path: String, line: Int, message: String, systemCode: Int32? = nil) {
        self.path = path
        self.line = line
        self.message = message
        self.systemCode = systemCode
    }

    /// The reason as the run says it: `line 6: …`, or the message alone for the whole file.
    public var reason: String { line > 0 ? "line \(line): \(message)" : message }

    /// `Unable to read 'uitest.log': line 6: … .`
    public var description: String { UnreadableInput.text(path: path, reason: PrintableText.printable(reason)) }

    /// The input the run could not read (exit 2, SPEC §6).
    public var unreadableInput: UnreadableInput { UnreadableInput(path: path, reason: reason, systemCode: systemCode) }
}
