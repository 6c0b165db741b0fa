/// Crash reports built from the real shapes (../shared/realworld/syslog/SOURCES.md §C): the
/// same keys, in the same order, with the same value types; our own app names and times.
enum CrashReportFixtures {
    /// The one-line JSON header of an `.ips` report (bug type 309: a crash report).
    static func header(
        bundle: String = "com.example.uploader", timestamp: String = "2026-11-20 11:00:20.00 +0100",
        bugType: String = "309"
    ) -> String {
        #"{"app_name":"Uploader","timestamp":"\#(timestamp)","app_version":"1.0","slice_uuid":"9a3b1c2d-0000-4000-8000-000000000001","build_version":"1","platform":2,"bundleID":"\#(bundle)","share_with_app_devs":0,"is_first_party":0,"bug_type":"\#(bugType)","os_version":"iPhone OS 17.4 (21E219)","roots_installed":0,"name":"Uploader","incident_id":"5B1E3A47-0000-4000-8000-000000000002"}"#
    }

    /// The JSON body of an `.ips` report, pretty-printed as iOS writes it (`"key" : value`).
    static func body(
        pid: String = "432", captureTime: String = "\"2026-11-20 11:00:20.5986 +0100\"",
        exception: String? =
            #"{"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGKILL"}"#,
        termination: String?
    ) -> String {
        var lines = [
            "{",
            #"  "uptime" : 90000,"#,
            #"  "procRole" : "Foreground","#,
            #"  "version" : 2,"#,
            #"  "userID" : 501,"#,
            #"  "deployVersion" : 210,"#,
            #"  "modelCode" : "iPhone14,2","#,
            #"  "coalitionID" : 678,"#,
            #"  "osVersion" : {"#,
            #"    "isEmbedded" : true,"#,
            #"    "train" : "iPhone OS 17.4","#,
            #"    "releaseType" : "User","#,
            #"    "build" : "21E219""#,
            #"  },"#,
            #"  "captureTime" : \#(captureTime),"#,
            #"  "incident" : "5B1E3A47-0000-4000-8000-000000000002","#,
            #"  "pid" : \#(pid),"#,
            #"  "cpuType" : "ARM-64","#,
            #"  "roots_installed" : 0,"#,
            #"  "bug_type" : "309","#,
            #"  "procLaunch" : "2026-11-20 11:00:00.0000 +0100","#,
            #"  "procName" : "Uploader","#,
            #"  "procPath" : "\/private\/var\/containers\/Bundle\/Application\/B0668BA1-0B40-4C91-9089-A82023DCD05A\/Uploader.app\/Uploader","#,
            #"  "bundleInfo" : {"CFBundleShortVersionString":"1.0","CFBundleVersion":"1","CFBundleIdentifier":"com.example.uploader"},"#,
            #"  "parentProc" : "launchd","#,
            #"  "parentPid" : 1,"#,
        ]
        if let exception { lines.append(#"  "exception" : \#(exception),"#) }
        if let termination { lines.append(#"  "termination" : \#(termination),"#) }
        lines.append(#"  "faultingThread" : 0"#)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A whole JSON report.
    static func json(termination: String?, exception: String? = nil) -> String {
        if let exception { return header() + "\n" + body(exception: exception, termination: termination) }
        return header() + "\n" + body(termination: termination)
    }

    /// The `termination` object of a FRONTBOARD watchdog (metabolist/metatext#170's shape).
    static let frontboardWatchdog =
        #"{"code":2343432205,"flags":6,"namespace":"FRONTBOARD","reasons":["<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: application<com.example.uploader>:432 exhausted real (wall clock) time allowance of 19.94 seconds","ProcessVisibility: Foreground","ProcessState: Running","WatchdogEvent: scene-create","WatchdogVisibility: Foreground","WatchdogCPUStatistics: (","\"Elapsed total CPU time (seconds): 58.850 (user 58.850, system 0.000), 94% CPU\",","\"Elapsed application CPU time (seconds): 20.662, 33% CPU\"",") reportType:CrashLog maxTerminationResistance:Interactive>"]}"#

    /// The header of a text report, through `Report Version:` (microsoft/react-native-code-push#1715's shape).
    static func textHeader(process: String = "Uploader [432]", date: String = "2026-11-20 11:00:20.5986 +0100")
        -> String
    {
        """
        Incident Identifier: A4F7C686-E5D4-45F8-9DC5-0542B6069F90
        CrashReporter Key:   c11e73404d1e5c7ee0a9d1d1f36e19cfc070136b
        Hardware Model:      iPhone14,2
        Process:             \(process)
        Path:                /private/var/containers/Bundle/Application/B0668BA1-0B40-4C91-9089-A82023DCD05A/Uploader.app/Uploader
        Identifier:          com.example.uploader
        Version:             1.0 (1)
        Code Type:           ARM-64 (Native)
        Role:                Foreground
        Parent Process:      launchd [1]
        Coalition:           com.example.uploader [678]


        Date/Time:           \(date)
        Launch Time:         2026-11-20 11:00:00.0000 +0100
        OS Version:          iPhone OS 17.4 (21E219)
        Release Type:        User
        Report Version:      104

        """
    }

    /// A text report: the header, then the exception and termination lines given.
    static func text(_ termination: String) -> String {
        textHeader() + termination + "\nTriggered by Thread:  0\n"
    }

    /// `Exception Type: EXC_CRASH (SIGKILL)` and its two following lines.
    static let sigkill = """
        Exception Type:  EXC_CRASH (SIGKILL)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Note:  EXC_CORPSE_NOTIFY

        """
}
