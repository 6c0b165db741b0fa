import Foundation
import LCTraceAudit

/// The progress line on standard error; every call is a no-op unless `enabled` (standard
/// error is a terminal and `--no-progress` was not given). Redrawn at most ten times a second.
final class ProgressBar {
    let enabled: Bool
    private var lastDraw: UInt64 = 0
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: AuditProgress) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard progress.done == progress.total || now - lastDraw >= 100_000_000 else { return }
        lastDraw = now
        StandardError.write("\r" + progress.line() + "\u{1B}[K")
        shown = true
    }

    func clear() {
        guard enabled, shown else { return }
        StandardError.write("\r\u{1B}[K")
        shown = false
    }
}
