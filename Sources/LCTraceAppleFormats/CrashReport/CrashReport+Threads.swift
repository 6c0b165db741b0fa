import LCTraceCore
import LCTraceIngest

/// A report's threads (SPEC §10 "Whose code"): which one matters, and its frames. Only that
/// thread is kept (``CrashReport/stack``), whatever the number of threads.
extension CrashReport {
    /// The symbol UIKit traps in when an app built with the iOS 27 SDK has not adopted the
    /// scene life cycle (SPEC §11), as the crashed thread shows it (often with a `___` prefix
    /// and a `_block_invoke` suffix).
    static let launchFailureSymbol = "UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption"
    /// That symbol as messages name it.
    public static let launchFailureSymbolName = "_UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption"

    /// The words of the LC105 a launch failure is (SPEC §11), alone or joined to a log's
    /// death; `namingFile`: the finding is in the log, so the report is named.
    public func launchFailureMessage(namingFile: Bool = false) -> String {
        let what = namingFile ? "crash report \(PrintableText.quoted(path))" : "crash report"
        let app = bundle.map { " of '\($0)'" } ?? ""
        return
            "\(what)\(app): the crashed thread is in '\(Self.launchFailureSymbolName)': the app has not adopted the scene life cycle, which apps built with the iOS 27 SDK must, and cannot launch"
    }

    /// Whether the report has a time of death (a MetricKit diagnostic has none, and a
    /// transcript's `Terminate` none with a zone: SPEC §12).
    public var hasTime: Bool {
        switch origin {
        case .metrickit, .testRunner: return false
        case .crashReport, .jetsamEvent, .systemLog: return true
        }
    }

    /// The queue of the main thread.
    static let mainQueue = "com.apple.main-thread"

    /// Whether the report's reason is a watchdog kill: its code then comes from the main thread.
    var isWatchdog: Bool {
        EvidencePiece.exitClass(of: ReasonCode(text: reason), foreground: true) == .watchdog
    }

    /// Reads `ProcessVisibility` and `ProcessState` from the termination text.
    mutating func readTerminationState(_ text: String) {
        processVisibility = Self.value(after: "ProcessVisibility:", in: text)
        processState = Self.value(after: "ProcessState:", in: text)
    }

    /// The word after `key` in `text` (`Foreground` of `ProcessVisibility: Foreground |`).
    public static func value(after key: String, in text: String) -> String? {
        guard let range = text.range(of: key) else { return nil }
        let word = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { !$0.isWhitespace && $0 != "|" && $0 != "," && $0 != "\"" }
        return word.isEmpty ? nil : String(word)
    }

    /// One thread as a report writes it, before the one that matters is chosen.
    struct ReadThread {
        /// Its number (`Thread 16`, the index in `threads`).
        var number: Int
        /// Its queue is the main queue.
        var onMainQueue: Bool
        /// Its frames from the top.
        var frames: [CodeFrame]
    }

    /// Chooses the thread that matters (SPEC §10) and notes a launch failure on the singled-out
    /// thread: the main thread (thread 0, or the one on the main queue) for a watchdog kill,
    /// else `singled` (the crashed, triggered or `highlighted` thread), else the main thread.
    /// The stack says which it is (``CodeThreadRole``): the verdict names the thread so.
    mutating func choose(_ threads: [ReadThread], singled: Int?, highlighted: Bool = false, isWatchdog: Bool) {
        let main = threads.first(where: \.onMainQueue) ?? threads.first { $0.number == 0 }
        let singledThread = singled.flatMap { n in threads.first { $0.number == n } }
        if let crashed = singledThread ?? main,
            crashed.frames.contains(where: { $0.symbol?.contains(Self.launchFailureSymbol) == true })
        {
            isLaunchFailure = true
        }
        guard let chosen = isWatchdog ? (main ?? singledThread) : (singledThread ?? main) else { return }
        let label = chosen.number == main?.number ? "main" : String(chosen.number)
        // A watchdog kill's main thread is the main thread, whatever the report singles out.
        let singledOut = chosen.number == singledThread?.number && !(isWatchdog && label == "main")
        let role: CodeThreadRole = singledOut ? (highlighted ? .highlighted : .crashed) : .main
        stack = CodeStack(thread: label, frames: chosen.frames, role: role)
    }

    /// Reads the threads of an `.ips` body: `threads` (each `frames` of `imageIndex`,
    /// `imageOffset`, `symbol`; `queue`), `usedImages` (`name`, `path`) and `faultingThread`.
    /// A frame whose `imageIndex` is past `usedImages` is a frame with no image and a warning
    /// naming its key path (SPEC §10).
    mutating func readThreads(_ body: JSONNode, isWatchdog: Bool) {
        guard let threadNodes = body["threads"]?.elements else { return }
        let images = (body["usedImages"]?.elements ?? []).map { image in
            (name: Self.string(image["name"]), path: Self.string(image["path"]))
        }
        var threads: [ReadThread] = []
        threads.reserveCapacity(min(threadNodes.count, 64))
        let singled = Self.integer(body["faultingThread"]).map(Int.init)
        let main = threadNodes.firstIndex { Self.string($0["queue"]) == Self.mainQueue } ?? 0
        for (t, thread) in threadNodes.enumerated() {
            // Only the threads that can matter are read: the main one and the singled-out one.
            guard t == main || t == 0 || t == singled else { continue }
            var frames: [CodeFrame] = []
            for (f, frame) in (thread["frames"]?.elements ?? []).enumerated() {
                var read = CodeFrame(image: nil, symbol: Self.string(frame["symbol"]), offset: Self.integer(frame["imageOffset"]))
                if let index = Self.integer(frame["imageIndex"]) {
                    if index >= 0 && index < Int64(images.count) {
                        read.image = images[Int(index)].name
                        read.path = images[Int(index)].path
                        if read.image == nil, let path = read.path { read.image = path.split(separator: "/").last.map(String.init) }
                    } else {
                        warnings.append(
                            "/threads/\(t)/frames/\(f)/imageIndex: image \(index) is past the report's \(images.count) images (usedImages), read as a frame with no image"
                        )
                    }
                }
                frames.append(read)
            }
            threads.append(ReadThread(number: t, onMainQueue: Self.string(thread["queue"]) == Self.mainQueue, frames: frames))
        }
        choose(threads, singled: singled, isWatchdog: isWatchdog)
    }
}
