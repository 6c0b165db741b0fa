import Foundation

/// The lines of small hand-made logs for the MetricKit join's tests (library and command
/// line alike): sessions of one pid of `com.example.app` on 2026-11-20, so that a diagnostic's
/// pid, bundle id and payload window can name exactly one of them, or none.
public enum JoinFleetLog {
    /// The log's `meta`: iOS 17.4, `com.example.app`.
    public static let meta = #"{"t":"2026-11-20T00:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.app"}"#

    /// A session of `pid`, launched and active at `hour`:00, inactive at `hour`:01, open at the
    /// end unless `exits` (a `terminate` exit half a second later).
    public static func session(pid: Int, hour: Int, exits: Bool = false) -> [String] {
        let h = String(format: "%02d", hour)
        var lines = [
            #"{"t":"2026-11-20T\#(h):00:00.000Z","ev":"process.launch","pid":\#(pid),"reason":"user"}"#,
            #"{"t":"2026-11-20T\#(h):00:00.100Z","ev":"app.didFinishLaunching","pid":\#(pid)}"#,
            #"{"t":"2026-11-20T\#(h):00:00.200Z","ev":"app.didBecomeActive","pid":\#(pid)}"#,
            #"{"t":"2026-11-20T\#(h):01:00.000Z","ev":"app.willResignActive","pid":\#(pid)}"#,
        ]
        if exits { lines.append(#"{"t":"2026-11-20T\#(h):01:00.500Z","ev":"process.exit","pid":\#(pid),"reason":"terminate"}"#) }
        return lines
    }

    /// Pid 7 launched at 10:00, in the background at 10:03:00.100 with task 1 (`name`) begun
    /// at 10:03:00.200 and still open: the log of a background task a death can catch open.
    public static func backgroundTask(name: String) -> [String] {
        [
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":7,"reason":"user"}"#,
            #"{"t":"2026-11-20T10:00:00.450Z","ev":"app.didFinishLaunching","pid":7}"#,
            #"{"t":"2026-11-20T10:00:00.700Z","ev":"app.didBecomeActive","pid":7}"#,
            #"{"t":"2026-11-20T10:03:00.000Z","ev":"app.willResignActive","pid":7}"#,
            #"{"t":"2026-11-20T10:03:00.100Z","ev":"app.didEnterBackground","pid":7}"#,
            #"{"t":"2026-11-20T10:03:00.200Z","ev":"bgtask.begin","pid":7,"task":1,"name":"\#(name)"}"#,
        ]
    }
}
