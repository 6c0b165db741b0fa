/// JetsamEvent reports (`bug_type` 298) built from the real shapes: the process entries are
/// those of ../shared/realworld/syslog's JetsamEvent fragments (kstenerud/KSCrash#278's
/// frontmost `per-process-limit` kill, immich-app/immich#12471's `vm-pageshortage` kill of
/// an idle daemon, mozilla-mobile/focus-ios#3673's suspended process without a `reason`), in
/// their key order; the header and the body's leading keys are the report's frame. Our own
/// names, pids and times.
enum JetsamEventFixtures {
    /// The one-line JSON header.
    static let header =
        #"{"bug_type":"298","timestamp":"2026-11-20 11:00:20.00 +0100","os_version":"iPhone OS 17.4 (21E219)","incident_id":"0F3E2A11-0000-4000-8000-000000000003"}"#

    /// A process entry jetsam killed (KSCrash#278's shape).
    static func killed(pid: Int, name: String, reason: String, state: String = "frontmost") -> String {
        """
            {
                "uuid" : "14350be0-e8a2-3419-b7fa-42ae204997e5",
                "states" : [
                    "\(state)"
                ],
                "killDelta" : 13593,
                "lifetimeMax" : 795,
                "age" : 1001079202730,
                "purgeable" : 0,
                "fds" : 200,
                "genCount" : 0,
                "coalition" : 633,
                "rpages" : 960,
                "reason" : "\(reason)",
                "pid" : \(pid),
                "idleDelta" : 4,
                "name" : "\(name)",
                "cpuTime" : 1223.5413490000001
            }
        """
    }

    /// A process entry that was not killed: no `reason` (focus-ios#3673's shape).
    static func alive(pid: Int, name: String) -> String {
        """
            {
                "uuid" : "11fb0308-d9d9-38e7-baeb-2b9c6212b85f",
                "states" : [
                    "suspended"
                ],
                "purgeable" : 0,
                "age" : 748496440386,
                "fds" : 50,
                "coalition" : 1220,
                "rpages" : 117,
                "priority" : 30,
                "physicalPages" : {
                    "internal" : [
                        1,
                        102
                    ]
                },
                "freeze_skip_reason:" : "out-of-budget",
                "pid" : \(pid),
                "cpuTime" : 0.085957000000000006,
                "name" : "\(name)",
                "lifetimeMax" : 117
            }
        """
    }

    /// A whole report: header, then the body with the given process entries.
    static func report(_ processes: [String], date: String = "\"2026-11-20 11:00:20.59 +0100\"") -> String {
        header + "\n" + """
            {
              "crashReporterKey" : "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00",
              "kernel" : "Darwin Kernel Version 23.4.0",
              "product" : "iPhone14,2",
              "incident" : "0F3E2A11-0000-4000-8000-000000000003",
              "date" : \(date),
              "build" : "iPhone OS 17.4 (21E219)",
              "timeDelta" : 6,
              "largestProcess" : "Uploader",
              "genCounter" : 0,
              "processes" : [
            \(processes.joined(separator: ",\n"))
              ]
            }

            """
    }
}
