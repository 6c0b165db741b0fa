/// Unified-log exports (`log show --style ndjson` and `--style json`) carrying iOS's own
/// lifecycle messages. Each entry has the keys of a real `log show` entry in their order
/// (../shared/realworld/oslog: henrym00re-fozmo-apple-music-musickit-mvp.ndjson and the
/// nlscott json-element files): the writing process is named by `processImagePath`, the
/// library that wrote the message by `senderImagePath`. The messages are those of
/// ../shared/realworld/syslog, as in traces/src/syslog-suspended-and-killed.txt.
enum SystemExportFixtures {
    /// A process of the export.
    struct Process {
        var path: String
        var sender: String
        var subsystem: String
        var category: String
        var pid: Int

        static let uploader = Process(
            path: "/private/var/containers/Bundle/Application/0F6A1B2C-3D4E-5F60-7182-93A4B5C6D7E8/Uploader.app/Uploader",
            sender: "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore", subsystem: "com.apple.UIKit",
            category: "BackgroundTask", pid: 201)
        static let runningboardd = Process(
            path: "/usr/libexec/runningboardd", sender: "/System/Library/PrivateFrameworks/RunningBoard.framework/RunningBoard",
            subsystem: "com.apple.runningboard", category: "process", pid: 31)
        static let springBoard = Process(
            path: "/System/Library/CoreServices/SpringBoard.app/SpringBoard",
            sender: "/System/Library/PrivateFrameworks/FrontBoard.framework/FrontBoard", subsystem: "com.apple.FrontBoard",
            category: "Process", pid: 60)
    }

    /// A JSON string literal, escaped as `log show` writes it (`/` as `\/`).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            default: out.append(c)
            }
        }
        return out + "\""
    }

    /// The members of one entry, in `log show`'s order.
    static func members(_ time: String, _ process: Process, _ message: String) -> [(String, String)] {
        [
            ("timezoneName", "\"\""), ("messageType", "\"Default\""), ("eventType", "\"logEvent\""), ("source", "null"),
            ("formatString", "\"%{public}@\""), ("userID", "501"), ("activityIdentifier", "0"),
            ("subsystem", quoted(process.subsystem)), ("category", quoted(process.category)), ("threadID", "4433962"),
            ("senderImageUUID", "\"0F483193-D206-362B-9874-0100BCCB9CBD\""),
            ("backtrace", #"{"frames":[{"imageOffset":103060,"imageUUID":"0F483193-D206-362B-9874-0100BCCB9CBD"}]}"#),
            ("bootUUID", "\"3590A0B1-4C7D-4C4A-9F0B-69FAC3D0BD58\""), ("processImagePath", quoted(process.path)),
            ("senderImagePath", quoted(process.sender)), ("timestamp", quoted("2026-11-20 \(time)+0000")),
            ("machTimestamp", "20147685217463"), ("eventMessage", quoted(message)),
            ("processImageUUID", "\"4044151C-2EEE-3A42-9F88-BDEE75975064\""), ("traceID", "41979461356879876"),
            ("processID", "\(process.pid)"), ("senderProgramCounter", "103060"), ("parentActivityIdentifier", "0"),
        ]
    }

    /// An export of the entries: one object per line (`ndjson`), or a pretty-printed JSON array.
    static func export(_ entries: [(String, Process, String)], ndjson: Bool) -> String {
        if ndjson {
            return entries.map { e in
                "{" + members(e.0, e.1, e.2).map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
            }.joined(separator: "\n") + "\n"
        }
        let objects = entries.map { e in
            "{\n" + members(e.0, e.1, e.2).map { "  \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n") + "\n}"
        }
        return "[" + objects.joined(separator: ",") + "]\n"
    }

    /// The story of traces/src/syslog-suspended-and-killed.txt as a `log show` export of the app,
    /// `runningboardd` and SpringBoard: a task begun, warned at 30 s, not ended after its
    /// expiration handler, the app suspended (a WebKit helper's suspension first, which is
    /// another process) and killed.
    static let story: [(String, Process, String)] = [
        (
            "10:02:59.970000", .runningboardd,
            "[application<com.example.uploader>:201] Set jetsam priority to 3 [0] flag[1]"
        ),
        ("10:02:59.980000", .springBoard, "[application<com.example.uploader>:201] Setting process visibility to: Background"),
        (
            "10:03:00.200000", .uploader,
            "Created background task <_UIBackgroundTaskInfo: 0x283f1c0c0>: taskID = 1, taskName = upload-photos, creationTime = 5000 (elapsed = 0)."
        ),
        (
            "10:03:12.000000", .runningboardd,
            "[xpcservice<com.apple.WebKit.WebContent([application<com.example.uploader>:201])>:205:205] Suspending task."
        ),
        (
            "10:03:30.300000", .uploader,
            "Background Task 1 (\"upload-photos\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this."
        ),
        (
            "10:03:35.000000", .uploader,
            "Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x283f1c0c0>: taskID = 1, taskName = upload-photos, creationTime = 5000 (elapsed = 35). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this."
        ),
        ("10:03:41.000000", .runningboardd, "Calculated state for application<com.example.uploader>: running-suspended (role: None)"),
        ("10:03:41.000100", .runningboardd, "[application<com.example.uploader>:201] Suspending task."),
        ("10:03:41.001000", .springBoard, "[application<com.example.uploader>:201] Setting process task state to: Suspended"),
        ("10:20:00.000000", .runningboardd, "[application<com.example.uploader>:201] termination reported by launchd (2, 9, 9)"),
        ("10:20:00.001000", .runningboardd, "Removing process: [application<com.example.uploader>:201]"),
    ]
}
