import LCTraceIngest
/// What one iOS system message says about an app's lifecycle, recognised from its wording
/// (docs/SYSTEM-LOGS.md lists the patterns and where each was seen). A message that matches
/// none of the patterns says nothing: it is never guessed at.
enum SyslogFact: Equatable {
    /// The identity a RunningBoard or FrontBoard message names: `[application<bundle>:pid]`
    /// or `[app<bundle(UUID)>:pid]` (pid absent in `Calculated state for …:` lines).
    struct Identity: Equatable {
        var bundle: String
        var pid: Int64?
    }

    // UIKit, category BackgroundTask, from the app's own process.
    /// `Created background task <…>: taskID = N, taskName = NAME, …`.
    case taskCreated(id: Int64, name: String?)
    /// `Ending background task with UIBackgroundTaskIdentifier: N`.
    case taskEnding(id: Int64)
    /// `Background Task N ("NAME"), was created over 30 seconds ago. …`.
    case taskOverdue(id: Int64, name: String?)
    /// `Background task still not ended after expiration handlers were called: … taskID = N, …`.
    case taskExpiredNotEnded(id: Int64, name: String?)
    /// `Can't end BackgroundTask: no background task exists with identifier N (0xN), …` or the
    /// iOS ≤ 12 wording `Can't endBackgroundTask: … identifier N, …` (hexadecimal there).
    case taskUnknown(id: Int64)

    // RunningBoard / FrontBoard, from other processes, about the app.
    /// `Resuming task.`, `Setting process task state to: Running`, `Calculated state …: running-active`.
    case running(Identity)
    /// `Suspending task.`, `Setting process task state to: Suspended`, `Calculated state …: running-suspended`.
    case suspended(Identity)
    /// `Setting process visibility to: Foreground|Background`.
    case visibility(Identity, foreground: Bool)
    /// A termination: `termination reported by launchd (…)`, `Received termination request …
    /// explanation:…`, `Provision violated for watchdog …; violated: YES>`. `reason` is the
    /// `sys.kill` reason (`watchdog` for a watchdog).
    case killed(Identity, reason: String)
    /// `Ignoring <FBProcessWatchdog: …> for reason: …`: a watchdog that will not kill.
    case watchdogIgnored(Identity)

    /// Recognises a message; `nil` when it is none of the patterns.
    static func recognise(_ message: Substring) -> SyslogFact? {
        var m = message
        // The Xcode console prints the category: `[BackgroundTask] …`; `log show --style
        // compact` prints `[com.apple.UIKit:BackgroundTask] …`.
        for prefix in ["[BackgroundTask] ", "[com.apple.UIKit:BackgroundTask] "] where m.hasPrefix(prefix) {
            m = m.dropFirst(prefix.count)
        }
        if let fact = uikit(m) { return fact }
        return system(m)
    }

    // MARK: UIKit

    private static func uikit(_ m: Substring) -> SyslogFact? {
        if m.hasPrefix("Created background task <_UIBackgroundTaskInfo:") {
            guard let id = integer(after: "taskID = ", in: m) else { return nil }
            return .taskCreated(id: id, name: text(after: "taskName = ", upTo: ", creationTime = ", in: m))
        }
        if m.hasPrefix("Ending background task with UIBackgroundTaskIdentifier: ") {
            guard let id = integer(after: "UIBackgroundTaskIdentifier: ", in: m) else { return nil }
            return .taskEnding(id: id)
        }
        if m.hasPrefix("Background Task "), m.contains("was created over 30 seconds ago") {
            guard let id = integer(after: "Background Task ", in: m) else { return nil }
            return .taskOverdue(id: id, name: text(after: " (\"", upTo: "\"), was created", in: m))
        }
        if m.hasPrefix("Background task still not ended after expiration handlers were called:") {
            guard let id = integer(after: "taskID = ", in: m) else { return nil }
            return .taskExpiredNotEnded(id: id, name: text(after: "taskName = ", upTo: ", creationTime = ", in: m))
        }
        if m.hasPrefix("Can't end BackgroundTask: no background task exists with identifier ") {
            guard let id = integer(after: "identifier ", in: m) else { return nil }
            return .taskUnknown(id: id)
        }
        if m.hasPrefix("Can't endBackgroundTask: no background task exists with identifier ") {
            // iOS ≤ 12 printed the identifier in hexadecimal without `0x` (`identifier 6c`).
            guard let r = m.firstRange(of: "identifier ") else { return nil }
            let hex = m[r.upperBound...].prefix(while: { $0.isHexDigit })
            guard let id = Int64(hex, radix: 16) else { return nil }
            return .taskUnknown(id: id)
        }
        return nil
    }

    // MARK: RunningBoard, FrontBoard

    private static func system(_ m: Substring) -> SyslogFact? {
        if m.hasPrefix("Calculated state for ") {
            // `Calculated state for application<b>: running-active (role: …)`; an identity with
            // a pid after `>` (`xpcservice<…>:717:`) is another process.
            let rest = m.dropFirst("Calculated state for ".count)
            guard let (identity, after) = bareIdentity(rest), after.hasPrefix(": ") else { return nil }
            let state = after.dropFirst(2)
            if state.hasPrefix("running-active ") || state.hasPrefix("running-active-") { return .running(identity) }
            if state.hasPrefix("running-suspended ") || state.hasPrefix("running-suspended-") { return .suspended(identity) }
            return nil
        }
        if m.hasPrefix("Received termination request from ") {
            // `… on <RBSProcessPredicate … application<b>:pid …> with context <RBSTerminateContext| … explanation:E …>`
            guard let on = m.firstRange(of: " on <"), let identity = embeddedIdentity(m[on.upperBound...]) else { return nil }
            var reason = "termination request"
            if let e = m.firstRange(of: "explanation:") {
                var explanation = m[e.upperBound...].prefix(while: { $0 != ">" && $0 != "\n" })
                if let more = explanation.firstRange(of: " reportType:") { explanation = explanation[..<more.lowerBound] }
                explanation = explanation.trimmingTrailing(" ")
                if !explanation.isEmpty { reason = explanation.contains("watchdog") ? "watchdog" : String(explanation) }
            }
            return .killed(identity, reason: reason)
        }
        guard m.hasPrefix("["), let (identity, after) = bracketedIdentity(m) else { return nil }
        let rest = after.hasPrefix(" ") ? after.dropFirst() : after
        switch rest {
        case "Resuming task.", "Setting process task state to: Running": return .running(identity)
        case "Suspending task.", "Setting process task state to: Suspended": return .suspended(identity)
        case "Setting process visibility to: Foreground": return .visibility(identity, foreground: true)
        case "Setting process visibility to: Background": return .visibility(identity, foreground: false)
        default: break
        }
        if rest.hasPrefix("termination reported by launchd (") { return .killed(identity, reason: "termination reported by launchd") }
        if rest.hasPrefix("Provision violated for watchdog "), rest.contains("violated: YES>") {
            return .killed(identity, reason: "watchdog")
        }
        if rest.hasPrefix("Ignoring <FBProcessWatchdog:") { return .watchdogIgnored(identity) }
        return nil
    }

    /// `[application<b>:pid]` or `[app<b(UUID)>:pid]` at the start of `m`, and the text after it.
    private static func bracketedIdentity(_ m: Substring) -> (Identity, Substring)? {
        let inner = m.dropFirst()
        guard let (identity, after) = bareIdentity(inner), after.hasPrefix(":") else { return nil }
        let pidText = after.dropFirst().prefix(while: { $0.isNumber })
        guard let pid = Int64(pidText) else { return nil }
        let tail = after.dropFirst(1 + pidText.count)
        // `]` must follow the pid: `…:721:721]` belongs to a helper process.
        guard tail.hasPrefix("]") else { return nil }
        return (Identity(bundle: identity.bundle, pid: pid), tail.dropFirst())
    }

    /// `application<b>` or `app<b(UUID)>` at the start of `m`, and the text after the `>`.
    private static func bareIdentity(_ m: Substring) -> (Identity, Substring)? {
        let isApplication = m.hasPrefix("application<")
        guard isApplication || m.hasPrefix("app<") else { return nil }
        let start = m.index(m.startIndex, offsetBy: isApplication ? 12 : 4)
        guard let close = m[start...].firstIndex(of: ">") else { return nil }
        var bundle = m[start..<close]
        if !isApplication {
            // `app<com.example(7E2299AE-…)>`: drop the UUID.
            guard let paren = bundle.firstIndex(of: "(") else { return nil }
            bundle = bundle[..<paren]
        }
        guard !bundle.isEmpty, !bundle.contains("<"), !bundle.contains("(") else { return nil }
        return (Identity(bundle: String(bundle), pid: nil), m[m.index(after: close)...])
    }

    /// The first app identity inside a predicate: `application<b>:pid` or `app<b(…)>…`, not
    /// one nested in another process's identity (`xpcservice<…([application<b>:1])>`).
    private static func embeddedIdentity(_ m: Substring) -> Identity? {
        var search = m[...]
        while let r = search.firstRange(of: "app") {
            let head = search[..<r.lowerBound]
            let nested = head.last == "(" || head.hasSuffix("([")
            let wordStart = head.last.map { !$0.isLetter } ?? true
            if !nested, wordStart, let (identity, after) = bareIdentity(search[r.lowerBound...]) {
                var found = identity
                if after.hasPrefix(":") { found.pid = Int64(after.dropFirst().prefix(while: { $0.isNumber })) }
                return found
            }
            search = search[r.upperBound...]
        }
        return nil
    }

    // MARK: Pieces

    private static func integer(after marker: String, in m: Substring) -> Int64? {
        guard let r = m.firstRange(of: marker) else { return nil }
        return Int64(m[r.upperBound...].prefix(while: { $0.isASCII && $0.isNumber }))
    }

    private static func text(after marker: String, upTo end: String, in m: Substring) -> String? {
        guard let r = m.firstRange(of: marker), let e = m[r.upperBound...].firstRange(of: end) else { return nil }
        let value = m[r.upperBound..<e.lowerBound]
        return value.isEmpty ? nil : String(value)
    }
}

extension Substring {
    fileprivate func trimmingTrailing(_ c: Character) -> Substring {
        var s = self
        while s.last == c { s = s.dropLast() }
        return s
    }
}
