import LCTraceCore

/// The few SGR sequences the text report uses.
enum ANSI {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let red = "\u{1B}[31m"
    static let yellow = "\u{1B}[33m"
    static let cyan = "\u{1B}[36m"

    static func colour(for severity: Severity) -> String {
        switch severity {
        case .error: return red
        case .warning: return yellow
        case .note: return cyan
        }
    }
}
