/// Why a line is not a valid record: the text of an LC401 finding.
///
/// Built only on the failure path, so it may allocate.
package struct ScanFailure: Error {
    /// Short, names the subject in single quotes, no trailing period.
    package var message: String
    /// What was expected, without the position: `expected ':' after a key`.
    package var expected: String
    /// The byte index in the scanned bytes where it was noticed, when the failure has one.
    package var offset: Int?

    /// A failure with a ready message.
    package init(_ message: String) {
        self.message = message
        self.expected = message
        self.offset = nil
    }

    /// `<expected> at column <index + 1>`: columns are 1-based byte columns.
    package init(_ expected: String, at index: Int) {
        self.message = expected + " at column \(index + 1)"
        self.expected = expected
        self.offset = index
    }
}
