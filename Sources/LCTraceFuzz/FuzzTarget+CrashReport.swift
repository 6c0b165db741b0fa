import LCTraceAppleFormats
import LCTraceCore

extension FuzzTarget {
    /// The crash-report reader (`.ips` JSON, the text form, JetsamEvent reports) on any bytes,
    /// and whose code its thread names.
    ///
    /// Invariants: it returns reports or a ``CrashReportError`` naming the file (never traps);
    /// the same bytes give the same verdict; every report keeps at most one thread (the one
    /// whose code matters), whose code, when there is one, points at one of its frames and is
    /// the app's own only with an owner; a launch failure names no code; every warning names a
    /// key path.
    static func crashReport(_ data: [UInt8]) {
        guard let text = String(validating: data, as: UTF8.self) else { return }
        let first: [CrashReport]
        do {
            first = try CrashReport.parseAll(text, path: "fuzz.ips")
        } catch {
            precondition(error.path == "fuzz.ips", "an error that does not name the file: \(error)")
            precondition(!error.message.isEmpty, "an error without a message")
            precondition((try? CrashReport.parseAll(text, path: "fuzz.ips")) == nil, "the same bytes were refused, then accepted")
            return
        }
        guard let second = try? CrashReport.parseAll(text, path: "fuzz.ips") else {
            preconditionFailure("the same bytes were accepted, then refused")
        }
        precondition(first == second, "two reads differ")
        precondition(!first.isEmpty, "no report and no error")
        for report in first {
            for warning in report.warnings { precondition(warning.hasPrefix("/threads/"), "a warning without its key path: \(warning)") }
            guard let code = report.code() else {
                precondition(report.isLaunchFailure || report.stack?.frames.isEmpty != false, "frames but no code")
                continue
            }
            precondition(!report.isLaunchFailure, "a launch failure with code")
            let frames = report.stack?.frames ?? []
            precondition(code.frame >= 0 && code.frame < frames.count, "code at frame \(code.frame) of \(frames.count)")
            precondition(!code.own || code.owner != nil, "the app's own code without an owner")
            precondition(code.binary != nil || code.owner == nil, "an owner without a binary")
            if code.symbol == nil, code.binary != nil { precondition(code.offset == frames[code.frame].offset, "an offset not the frame's") }
            _ = code.sentence
        }
    }
}
