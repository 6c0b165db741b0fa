import LCTraceIngest
/// Which app of a transcript lctrace follows: by `--app` (bundle id or process name), or
/// the one app the transcript names. Bundle ids (from RunningBoard identities) and process
/// names (from UIKit lines) are linked through the pids both give.
struct AppSelection {
    private var bundles: Set<String> = []
    private var processes: Set<String> = []
    private var pids: Set<Int64> = []
    private var pidOfBundle: [String: Int64] = [:]

    /// Chooses the app among the recognised lines.
    ///
    /// - Throws: ``SyslogTranslator/Failure`` when several apps are named and `app` is `nil`.
    init(_ lines: [(line: SyslogLine, fact: SyslogFact)], app: String?) throws(SyslogTranslator.Failure) {
        var namedBundles: Set<String> = []
        var namedProcesses: Set<String> = []
        var links: [(bundle: String?, process: String?, pid: Int64)] = []
        for (line, fact) in lines {
            switch fact {
            case .taskCreated, .taskEnding, .taskOverdue, .taskExpiredNotEnded, .taskUnknown:
                namedProcesses.insert(line.process)
                if let pid = line.pid { links.append((nil, line.process, pid)) }
            case .running(let i), .suspended(let i), .visibility(let i, _), .killed(let i, _), .watchdogIgnored(let i):
                namedBundles.insert(i.bundle)
                if let pid = i.pid { links.append((i.bundle, nil, pid)) }
            }
        }
        if let app {
            if namedBundles.contains(app) { bundles.insert(app) }
            if namedProcesses.contains(app) { processes.insert(app) }
        } else {
            guard namedBundles.count <= 1, namedProcesses.count <= 1 else {
                let names = (namedBundles.sorted() + namedProcesses.sorted()).map { "'\($0)'" }.joined(separator: ", ")
                throw SyslogTranslator.Failure(reason: "several apps are named (\(names)): choose one with --app")
            }
            bundles = namedBundles
            processes = namedProcesses
        }
        // Link names through pids until nothing new is learnt (two rounds suffice: bundle ↔ pid ↔ process).
        for _ in 0..<2 {
            for link in links {
                if let b = link.bundle, bundles.contains(b) { pids.insert(link.pid) }
                if let p = link.process, processes.contains(p) { pids.insert(link.pid) }
                if pids.contains(link.pid) {
                    if let b = link.bundle { bundles.insert(b) }
                    if let p = link.process, app == nil || processes.isEmpty || processes.contains(p) { processes.insert(p) }
                }
            }
        }
        if app != nil {
            // A layout without pids (Console.app copies) cannot link the two sides: `--app` names
            // one, and the other is taken when the transcript names exactly one on that side and
            // no pid ties that name to a process other than the app's (the rule without `--app`).
            func contradicted(_ link: (bundle: String?, process: String?, pid: Int64)) -> Bool {
                !pids.isEmpty && !pids.contains(link.pid)
            }
            if processes.isEmpty, namedProcesses.count == 1, let only = namedProcesses.first,
                !links.contains(where: { $0.process == only && contradicted($0) })
            {
                processes.insert(only)
            }
            if bundles.isEmpty, namedBundles.count == 1, let only = namedBundles.first,
                !links.contains(where: { $0.bundle == only && contradicted($0) })
            {
                bundles.insert(only)
                for link in links where link.bundle == only { pids.insert(link.pid) }
            }
        }
        for link in links { if let b = link.bundle, bundles.contains(b) { pidOfBundle[b] = link.pid } }
    }

    /// Whether a UIKit line of this process (and pid, where the layout gives one) is the app's.
    func owns(process: String, pid: Int64?) -> Bool {
        if let pid, pids.contains(pid) { return true }
        return processes.contains(process)
    }

    /// Whether a RunningBoard identity names the app.
    func owns(bundle: String) -> Bool { bundles.contains(bundle) }

    /// The pid a bundle was last seen with.
    func pid(of bundle: String) -> Int64? { pidOfBundle[bundle] }

    /// The app's bundle id when exactly one is known.
    var bundle: String? { bundles.count == 1 ? bundles.first : nil }

    /// The app's pid when the transcript shows exactly one (for layouts without pids).
    var onlyPid: Int64? { pids.count == 1 ? pids.first : nil }
}
