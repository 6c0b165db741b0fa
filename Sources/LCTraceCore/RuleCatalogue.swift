/// The catalogue of rule descriptions: the single source for `lctrace rules`,
/// `lctrace explain`, docs/RULES.md and SARIF rule metadata.
///
/// Every example is a short NDJSON log with canonical event names and numeric times; the
/// replay tests run each triggering example (the rule must fire) and each passing example (it
/// must stay silent). LC401 and LC403 examples show damaged text, which only the ingest layer
/// can read; their tests go through `Replayer.malformed` and `Replayer.truncated`. LC404's
/// examples are unified-log exports (only they can say records were lost); the replay tests
/// give the `lossEvent` line to `Replayer.recordsLost`.
public enum RuleCatalogue {
    /// The description of a rule.
    public static func description(of rule: Rule) -> RuleDescription {
        switch rule {
        case .illegalTransition:
            return RuleDescription(
                rule: rule,
                summary: "An event arrives in a state where the reference model does not allow it.",
                rationale: """
                    UIKit delivers lifecycle callbacks in a fixed order (Apple, "Managing your app's life cycle"): \
                    applicationWillEnterForeground(_:) is invariably followed by applicationDidBecomeActive(_:), an app \
                    resigns active before it enters the background, application(_:didFinishLaunchingWithOptions:) runs \
                    once per process, and a suspended app must be resumed before it runs again. A log that breaks the \
                    order means the app's own idea of its state disagrees with the system's, which is where lost saves, \
                    duplicated session starts and UI work from the background come from. After the finding, replay \
                    moves to the state the event implies, so one mistake gives one finding.
                    """,
                reportedLine: "The record of the illegal event.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    {"t":3,"ev":"app.didEnterBackground","pid":1}
                    {"t":60,"ev":"app.didBecomeActive","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    {"t":3,"ev":"app.didEnterBackground","pid":1}
                    {"t":60,"ev":"app.willEnterForeground","pid":1}
                    {"t":60.2,"ev":"app.didBecomeActive","pid":1}
                    """)
        case .ranWhileSuspended:
            return RuleDescription(
                rule: rule,
                summary: "An app or scene callback, or a background-task call from the app, is logged while the process is suspended and was not resumed.",
                rationale: """
                    A suspended app stays in memory but executes no code (Apple, "About the app launch sequence" and \
                    "Extending your app's background execution time"); the system resumes it into the background \
                    before anything of it runs again. A callback between sys.suspend and sys.resume means the observer \
                    missed a resume, or two processes are interleaved under one pid; timing derived from such a trace \
                    is unreliable. Replay treats the process as silently resumed into the background and goes on.
                    """,
                reportedLine: "The record of the callback that ran.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":2,"ev":"sys.suspend","pid":1}
                    {"t":30,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":31,"ev":"bgtask.end","pid":1,"task":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":2,"ev":"sys.suspend","pid":1}
                    {"t":29.9,"ev":"sys.resume","pid":1}
                    {"t":30,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":31,"ev":"bgtask.end","pid":1,"task":1}
                    """)
        case .eventAfterExit:
            return RuleDescription(
                rule: rule,
                summary: "An app or scene record for a process after its willTerminate completed, or after it exited or was killed.",
                rationale: """
                    applicationWillTerminate(_:) is the last callback a process receives, and after process.exit or \
                    sys.kill the process is gone. Later records belong to another process logged under the same pid \
                    (or, without pids, to a relaunch whose launch record is missing), or the logger flushed stale \
                    events late; either way the session they claim to belong to is over. Observer records such as the \
                    process.exit after willTerminate are expected.
                    """,
                reportedLine: "The late record.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":2,"ev":"app.willTerminate","pid":1}
                    {"t":2.5,"ev":"app.didReceiveMemoryWarning","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":2,"ev":"app.willTerminate","pid":1}
                    {"t":2.5,"ev":"process.exit","pid":1,"reason":"terminate"}
                    """)
        case .abnormalExit:
            return RuleDescription(
                rule: rule,
                summary: "A process ended while running (not suspended) without completing willTerminate; the finding names the exit class.",
                rationale: """
                    iOS ends a running app without any callback when it crashes, when the watchdog kills it for an \
                    unresponsive main thread (exception code 0x8badf00d), when a background task outlives its \
                    allowance, or under memory pressure (jetsam). Only a suspended app is purged silently as a matter \
                    of course. MetricKit's MXAppExitMetric counts foreground and background exits by these reasons; \
                    lctrace uses the same classes (normal, purged, watchdog, bgtask-timeout, abnormal) so traces line \
                    up with field data. A new launch of the same stream or app while the old process was still running \
                    also ends it.
                    """,
                reportedLine: """
                    The process.exit or sys.kill record, or the launch record of the new process that replaced it; the \
                    finding carries the pid of the process that ended.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"process.exit","pid":1,"reason":"crash"}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    {"t":3,"ev":"app.didEnterBackground","pid":1}
                    {"t":4,"ev":"sys.suspend","pid":1}
                    {"t":90,"ev":"process.exit","pid":1,"reason":"purge"}
                    """)
        case .mixedLifecycle:
            return RuleDescription(
                rule: rule,
                summary: "App-delegate activation callbacks in a scene-based app, or scene callbacks in an app declared uikit-app.",
                rationale: """
                    When an app adopts scenes (iOS 13 and later), UIKit delivers foreground and background transitions \
                    to each UISceneDelegate and no longer calls applicationDidBecomeActive(_:), \
                    applicationWillResignActive(_:), applicationDidEnterBackground(_:) or \
                    applicationWillEnterForeground(_:) on the app delegate (Apple, "Managing your app's life cycle"). \
                    Seeing both means code written for one lifecycle is wired into the other: work hooked to the \
                    app-delegate callbacks never runs on devices. The record is otherwise ignored.
                    """,
                reportedLine: "The app-delegate callback (or the scene record in a uikit-app process).",
                triggeringExample: """
                    {"t":0,"ev":"meta","model":"uikit-scene"}
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"scene.willConnect","pid":1,"scene":"main"}
                    {"t":0.6,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
                    {"t":0.7,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
                    {"t":0.8,"ev":"app.didBecomeActive","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"meta","model":"uikit-scene"}
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"scene.willConnect","pid":1,"scene":"main"}
                    {"t":0.6,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
                    {"t":0.7,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
                    """)
        case .sceneLifecycleRequired: return sceneLifecycleRequired
        case .sceneLifecycleSoon: return sceneLifecycleSoon
        case .launchWatchdog:
            return RuleDescription(
                rule: rule,
                summary:
                    "The launch took longer than the launch budget (20 s): from the first launch record to the first activation, or to the end of didFinishLaunching for a background launch.",
                rationale: """
                    The system watchdog terminates an app that does not finish launching in time; the crash report \
                    carries exception code 0x8badf00d (Apple, "Addressing watchdog terminations"). Apple does not \
                    publish the limit and it varies with device and release, so the 20 s default is a named, \
                    overridable budget (--budget launch=SECONDS). Slow launches are also what users abandon.
                    """,
                reportedLine: """
                    The first record of the process past the deadline: the late activation (or end of \
                    didFinishLaunching) itself, an earlier record, or the suspension, exit or kill that reveals it.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":1,"ev":"app.didFinishLaunching","pid":1}
                    {"t":21,"ev":"app.didBecomeActive","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":1,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1.5,"ev":"app.didBecomeActive","pid":1}
                    """)
        case .handlerOverrun:
            return RuleDescription(
                rule: rule,
                summary: "A delegate handler logged as a span, or a resume (willEnterForeground to didBecomeActive), exceeded its budget.",
                rationale: """
                    Lifecycle callbacks run on the main thread, and the watchdog kills an app whose main thread does \
                    not return in time (0x8badf00d). applicationDidEnterBackground(_:) has "approximately five seconds \
                    to perform any tasks and return" (Apple's documentation of the method), applicationWillTerminate(_:) \
                    about as long, and a background fetch must call its completion handler within 30 s. Budgets: \
                    didEnterBackground 5 s, willTerminate 5 s, performFetch 30 s, any other handler 5 s, resume 10 s. \
                    A slow resume leaves a frozen snapshot on screen.
                    """,
                reportedLine: """
                    The first record of the process past the deadline: the handler's late end (or the late \
                    didBecomeActive of a resume), an earlier record while it still ran, or the suspension, exit or kill.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    {"t":3,"ev":"app.didEnterBackground","pid":1,"phase":"begin"}
                    {"t":9,"ev":"app.didEnterBackground","pid":1,"phase":"end"}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    {"t":3,"ev":"app.didEnterBackground","pid":1,"phase":"begin"}
                    {"t":3.4,"ev":"app.didEnterBackground","pid":1,"phase":"end"}
                    """)
        case .backgroundOverrun:
            return RuleDescription(
                rule: rule,
                summary:
                    "App code ran in the background longer than the background budget (5 s) after didEnterBackground returned, with no background task open and no background mode declared that keeps the app running.",
                rationale: """
                    Once applicationDidEnterBackground(_:) returns, an app without an open background task or a \
                    UIBackgroundModes entry is suspended shortly after; work it still does is cut off at an arbitrary \
                    point, which is how half-written files and lost uploads happen. Wrap such work in \
                    beginBackgroundTask(withName:expirationHandler:). Judged only where the log records the suspension \
                    (sys.suspend): an in-app log cannot show that the app was not suspended and resumed in between. \
                    A declared mode that keeps the app running (meta.modes: audio, location, voip, \
                    external-accessory, bluetooth-central, bluetooth-peripheral, nearby-interaction, push-to-talk) \
                    exempts the process; fetch, remote-notification, processing and unknown values do not. A \
                    performFetch span is background work under its own budget, not idle time.
                    """,
                reportedLine: "The first app record past the budget (found when the sys.suspend arrives).",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":8,"ev":"app.significantTimeChange","pid":1}
                    {"t":9,"ev":"sys.suspend","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":8,"ev":"app.significantTimeChange","pid":1}
                    {"t":8.5,"ev":"bgtask.end","pid":1,"task":1}
                    {"t":9,"ev":"sys.suspend","pid":1}
                    """)
        case .bgtaskOverrun:
            return RuleDescription(
                rule: rule,
                summary:
                    "A background task is still open when the process's background allowance runs out (bgtask: 30 s on iOS 13 and later or unknown, 180 s on iOS 7 to 12, 600 s before).",
                rationale: """
                    beginBackgroundTask(expirationHandler:) buys limited time, which UIApplication's \
                    backgroundTimeRemaining reports: about 30 s since iOS 13 (180 s from iOS 7, 600 s before). The \
                    allowance belongs to the process and starts when it moves to the background; when it runs out the \
                    system calls the expiration handlers and terminates an app whose tasks are still not ended. \
                    A task begun after the allowance ran out with no task open starts a new one: iOS suspended the app \
                    and woke it since (a silent push, a background fetch), and a wake grants a new allowance, so an \
                    in-app log without sys.* records is judged too. A task begun while the allowance has run out with \
                    another task still open shares that exhausted allowance. Ending a task from its expiration \
                    handler is what Apple asks: a task whose own bgtask.expire came no later than the allowance's end \
                    + expiration (5 s), and that was ended within expiration after it, is no finding, even when the \
                    handler came a little before or after lctrace's estimate of the allowance. \
                    The OS comes from meta.os or --os; a declared mode that keeps the app running (meta.modes: audio, \
                    location, voip, external-accessory, bluetooth-*, nearby-interaction, push-to-talk) exempts the \
                    process; fetch, remote-notification, processing and unknown values only wake it and do not.
                    """,
                reportedLine: """
                    The first record of the process that proves the overrun: the task's late bgtask.end, its \
                    bgtask.expire when that came later than the allowance's end + expiration, the first record past \
                    that time (or past the expire + expiration), or the suspension, exit or kill; for a task begun \
                    into an exhausted allowance, its bgtask.begin. One finding per task.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"meta","os":"17.4"}
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":900,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":940,"ev":"bgtask.end","pid":1,"task":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"meta","os":"17.4"}
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":31.2,"ev":"bgtask.expire","pid":1,"task":1}
                    {"t":31.4,"ev":"bgtask.end","pid":1,"task":1}
                    """)
        case .bgschedOverrun:
            return RuleDescription(
                rule: rule,
                summary: "An app-refresh task (bgsched.start with kind refresh, the default) is not completed within refresh (30 s).",
                rationale: """
                    A BGAppRefreshTask gives the app about 30 seconds of background time (Apple, "Using background \
                    tasks to update your app"): its launch handler must call setTaskCompleted(success:) before then, \
                    and the system calls the expirationHandler and then terminates an app that keeps running, and \
                    schedules its future refreshes less often. Processing and continued tasks (BGProcessingTask, \
                    BGContinuedProcessingTask) have no fixed budget: the system's expiration ends them, which LC306 \
                    judges. As for LC203, a task completed from its expirationHandler is in time: one whose \
                    bgsched.expire came no later than refresh + expiration (5 s) after its start, and that was \
                    completed within expiration after it, is no finding. A session that ends with the task still \
                    past its budget has exit class bgtask-timeout.
                    """,
                reportedLine: """
                    The first record of the process that proves the overrun: the task's late bgsched.complete, its \
                    bgsched.expire when that came later than the budget's end + expiration, the first record past \
                    that time (or past the expire + expiration), or the suspension, exit or kill; one finding per task.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
                    {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"bgsched.start","pid":1,"task":"com.example.refresh","kind":"refresh"}
                    {"t":45,"ev":"bgsched.complete","pid":1,"task":"com.example.refresh","reason":"success"}
                    {"t":45.5,"ev":"sys.suspend","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
                    {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"bgsched.start","pid":1,"task":"com.example.refresh","kind":"refresh"}
                    {"t":29.8,"ev":"bgsched.expire","pid":1,"task":"com.example.refresh"}
                    {"t":30.7,"ev":"bgsched.complete","pid":1,"task":"com.example.refresh","reason":"failure"}
                    {"t":31,"ev":"sys.suspend","pid":1}
                    """)
        case .bgtaskLeaked:
            return RuleDescription(
                rule: rule,
                summary: "A background task has no matching bgtask.end before the process is suspended, exits or is killed.",
                rationale: """
                    Every beginBackgroundTask must be balanced by endBackgroundTask(_:), also from the expiration \
                    handler; Apple's documentation warns that failing to end a task before time expires causes the \
                    system to kill the app. A task still open at suspension or exit is that bug caught in the act. \
                    At a kill or crash only the task that got the process killed is reported: one past its \
                    background allowance or its expiration grace; a task merely open then is on the death's \
                    open_tasks (docs/DEATHS.md).
                    """,
                reportedLine:
                    "The sys.suspend, process.exit or sys.kill record (or the completed willTerminate), once per open task; at a kill or crash, once per task past its allowance.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":"upload"}
                    {"t":4,"ev":"sys.suspend","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":"upload"}
                    {"t":3,"ev":"bgtask.end","pid":1,"task":"upload"}
                    {"t":4,"ev":"sys.suspend","pid":1}
                    """)
        case .bgtaskUnmatchedEnd:
            return RuleDescription(
                rule: rule,
                summary: "bgtask.end for a task id that is not open: never begun, or already ended.",
                rationale: """
                    Ending an identifier that is not running is a programming error (UIKit logs that no background \
                    task exists with that identifier). Code that ends twice usually ends the wrong task, because \
                    identifiers are reused, or has lost track of which work is still running. Integer and string ids \
                    never match each other. In a process already running when the log began, an end for an id never \
                    seen is not reported: its begin may precede the cut.
                    """,
                reportedLine: "The bgtask.end record.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"bgtask.begin","pid":1,"task":7}
                    {"t":2,"ev":"bgtask.end","pid":1,"task":7}
                    {"t":3,"ev":"bgtask.end","pid":1,"task":7}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"bgtask.begin","pid":1,"task":7}
                    {"t":2,"ev":"bgtask.end","pid":1,"task":7}
                    """)
        case .bgtaskExpiredNotEnded:
            return RuleDescription(
                rule: rule,
                summary: "The task's expiration handler ran (bgtask.expire) but the task was not ended within expiration (5 s).",
                rationale: """
                    The expiration handler is the last chance to clean up: it must end the task \
                    (endBackgroundTask(_:)) promptly, and the system terminates an app that does not. The handler is \
                    called shortly before the allowance runs out, so doing more work there only makes the kill likelier.
                    """,
                reportedLine: """
                    The first record of the process past the deadline (usually the late bgtask.end), or the \
                    suspension, exit or kill that shows the task never ended.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":25,"ev":"bgtask.expire","pid":1,"task":1}
                    {"t":31,"ev":"bgtask.end","pid":1,"task":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":25,"ev":"bgtask.expire","pid":1,"task":1}
                    {"t":25.2,"ev":"bgtask.end","pid":1,"task":1}
                    """)
        case .bgtaskIdReused:
            return RuleDescription(
                rule: rule,
                summary: "bgtask.begin with an id that is already open.",
                rationale: """
                    UIKit hands out a fresh UIBackgroundTaskIdentifier for every beginBackgroundTask call. An id begun \
                    twice while open means the app overwrote the variable holding the first identifier, which can then \
                    never be ended (a leak waiting to happen), or that the logger reuses ids. The first task stays \
                    open; the second begin is otherwise ignored.
                    """,
                reportedLine: "The second bgtask.begin.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"bgtask.begin","pid":1,"task":7}
                    {"t":2,"ev":"bgtask.begin","pid":1,"task":7}
                    {"t":3,"ev":"bgtask.end","pid":1,"task":7}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"bgtask.begin","pid":1,"task":7}
                    {"t":2,"ev":"bgtask.begin","pid":1,"task":8}
                    {"t":3,"ev":"bgtask.end","pid":1,"task":7}
                    {"t":3.5,"ev":"bgtask.end","pid":1,"task":8}
                    """)
        case .bgtaskOpenAtEnd:
            return RuleDescription(
                rule: rule,
                summary: "A background task is still open when the log ends with the process running.",
                rationale: """
                    The recording stopped, so nothing is proven: the task may well have ended after the cut. The note \
                    points a reader at work in flight without failing a CI run; a suspension, exit or kill with the \
                    task open is LC300 instead.
                    """,
                reportedLine: "The task's bgtask.begin.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didEnterBackground","pid":1}
                    {"t":1.5,"ev":"bgtask.begin","pid":1,"task":1}
                    {"t":2,"ev":"bgtask.end","pid":1,"task":1}
                    """)
        case .bgschedNotCompleted:
            return RuleDescription(
                rule: rule,
                summary: "A scheduled task (bgsched.start) is not completed with bgsched.complete before the process is suspended, exits or is killed.",
                rationale: """
                    BGTaskScheduler runs a scheduled task until the app calls setTaskCompleted(success:) on it, from \
                    its work or from its expirationHandler (Apple, "BGTask"); a task never completed keeps the app's \
                    background assertion until the system takes it away, and the system schedules the app's future \
                    tasks less often. A task still running at suspension or exit is that bug caught in the act. A \
                    bgsched.complete for a task that is not running is LC301, a second bgsched.start of a running \
                    identifier LC303, and a task still running when the log ends LC304 (nothing is proven).
                    """,
                reportedLine: "The sys.suspend, process.exit or sys.kill record (or the completed willTerminate), once per running task.",
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
                    {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"bgsched.start","pid":1,"task":"com.example.db-cleanup","kind":"processing"}
                    {"t":90,"ev":"sys.suspend","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
                    {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"bgsched.start","pid":1,"task":"com.example.db-cleanup","kind":"processing"}
                    {"t":85,"ev":"bgsched.complete","pid":1,"task":"com.example.db-cleanup","reason":"success"}
                    {"t":90,"ev":"sys.suspend","pid":1}
                    """)
        case .bgschedExpiredNotCompleted:
            return RuleDescription(
                rule: rule,
                summary: "A scheduled task's expiration handler ran (bgsched.expire) but the task was not completed within expiration (5 s).",
                rationale: """
                    When a scheduled task's time is up the system calls its expirationHandler, which must cancel the \
                    work and call setTaskCompleted(success: false) at once (Apple, "BGTask.expirationHandler"); the \
                    system terminates an app that does not complete the task promptly. BGProcessingTask and \
                    BGContinuedProcessingTask end this way, so this is the rule that judges them.
                    """,
                reportedLine: """
                    The first record of the process past the deadline (usually the late bgsched.complete), or the \
                    suspension, exit or kill that shows the task never completed.
                    """,
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
                    {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"bgsched.start","pid":1,"task":"com.example.db-cleanup","kind":"processing"}
                    {"t":300,"ev":"bgsched.expire","pid":1,"task":"com.example.db-cleanup"}
                    {"t":309,"ev":"bgsched.complete","pid":1,"task":"com.example.db-cleanup","reason":"failure"}
                    {"t":309.5,"ev":"sys.suspend","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
                    {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.5,"ev":"bgsched.start","pid":1,"task":"com.example.db-cleanup","kind":"processing"}
                    {"t":300,"ev":"bgsched.expire","pid":1,"task":"com.example.db-cleanup"}
                    {"t":300.4,"ev":"bgsched.complete","pid":1,"task":"com.example.db-cleanup","reason":"failure"}
                    {"t":300.5,"ev":"sys.suspend","pid":1}
                    """)
        case .bgschedRegisteredLate:
            return RuleDescription(
                rule: rule,
                summary:
                    "A BGTaskScheduler launch handler is registered (bgsched.register) after the application finished launching.",
                rationale: """
                    BGTaskScheduler requires every launch handler to be registered before the app finishes launching \
                    (Apple, "register(forTaskWithIdentifier:using:launchHandler:)"): the system may launch the app \
                    into the background for a task and call its handler as soon as launch ends. A later registration \
                    raises NSInternalInconsistencyException "All launch handlers must be registered before \
                    application finishes launching", which crashes the app; it is common where registration moved \
                    into a scene delegate, a Flutter engine or an SDK started lazily. Launch has finished after the \
                    end of an app.didFinishLaunching span or, where that callback is logged as an instant, at the next \
                    app or scene callback of the process (app.*, scene.*): bgtask.*, bgsched.* and meta records may be \
                    made from inside the callback, so they do not end launching.
                    """,
                reportedLine: "The late bgsched.register.",
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                    {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                    {"t":0.5,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":0.1,"ev":"app.didFinishLaunching","pid":1}
                    {"t":0.15,"ev":"bgtask.begin","pid":1,"task":1,"name":"upload"}
                    {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                    {"t":1,"ev":"bgtask.end","pid":1,"task":1}
                    """)
        case .bgschedNotRegistered:
            return RuleDescription(
                rule: rule,
                summary:
                    "A scheduled task is started (bgsched.start) or submitted (bgsched.submit) under an identifier the process never registered, in a log that records registrations.",
                rationale: """
                    The system runs a scheduled task by calling the launch handler registered for its identifier; \
                    submitting or running one that has none fails with "No launch handler registered for task with \
                    identifier …", so the work is silently never done, or the app crashes. It happens when an \
                    identifier is renamed in one place only, or when the code that registers it is not reached on \
                    every launch (a background launch skips a view controller, an SDK is initialised later). Judged \
                    only in a process whose log records at least one bgsched.register before the start or \
                    submission, and whose launch is in the log: a log that began mid-session, or resumed after a \
                    gap, may have lost the registration. A registration ending in .* (BGContinuedProcessingTask's \
                    wildcard, iOS 26) covers every identifier that begins with the part before *, so at a dot: \
                    com.example.export.* covers com.example.export.8F2A, not com.example.exporter.
                    """,
                reportedLine: "The bgsched.start or bgsched.submit of the unregistered identifier.",
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                    {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                    {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                    {"t":5,"ev":"bgsched.submit","pid":1,"task":"com.example.cleanup","kind":"processing"}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                    {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.25,"ev":"bgsched.register","pid":1,"task":"com.example.cleanup"}
                    {"t":0.3,"ev":"bgsched.register","pid":1,"task":"com.example.export.*"}
                    {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                    {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                    {"t":5,"ev":"bgsched.submit","pid":1,"task":"com.example.cleanup","kind":"processing"}
                    {"t":6,"ev":"bgsched.submit","pid":1,"task":"com.example.export.8F2A","kind":"continued"}
                    """)
        case .bgschedRegisteredTwice:
            return RuleDescription(
                rule: rule,
                summary:
                    "A process registers a BGTaskScheduler launch handler for the same identifier twice (bgsched.register).",
                rationale: """
                    Each identifier has one launch handler per process; registering it again raises \
                    NSInternalInconsistencyException "Launch handler for task with identifier … has already been \
                    registered" and crashes the app. It happens when registration runs from code that runs more than \
                    once per process: a scene delegate (one call per scene), a plugin initialised per engine, or two \
                    SDKs registering the same identifier. The same wildcard (com.example.export.*) twice is twice; a \
                    concrete identifier beside a wildcard that covers it is not.
                    """,
                reportedLine: "The second bgsched.register of the identifier.",
                triggeringExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                    {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.3,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                    {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                    {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                    {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                    {"t":0.3,"ev":"bgsched.register","pid":1,"task":"com.example.cleanup"}
                    {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                    {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                    """)
        case .bgschedContinuedBackground: return bgschedContinuedBackground
        case .bgschedNotPermitted: return bgschedNotPermitted
        case .clockRegression:
            return RuleDescription(
                rule: rule,
                summary: "A record's time is earlier than that of an earlier record of the same process.",
                rationale: """
                    The lifecycle events of one process happen in order, so time going backwards means the log mixes \
                    clocks (device and host, a wall clock stepped by NTP, a wrong offset in RFC 3339 stamps) or \
                    merged files out of order. Budgets measured across the jump would be wrong, so replay keeps the \
                    latest time as the clock; one finding per regression, not per record behind it.
                    """,
                reportedLine: "The first record behind the latest time seen for its pid.",
                triggeringExample: """
                    {"t":10,"ev":"app.didFinishLaunching","pid":1}
                    {"t":20,"ev":"app.didBecomeActive","pid":1}
                    {"t":15,"ev":"app.willResignActive","pid":1}
                    """,
                passingExample: """
                    {"t":10,"ev":"app.didFinishLaunching","pid":1}
                    {"t":15,"ev":"app.didBecomeActive","pid":1}
                    {"t":20,"ev":"app.willResignActive","pid":1}
                    """)
        case .malformedRecord:
            return RuleDescription(
                rule: rule,
                summary:
                    "A line that is not a valid JSON object, lacks t or ev, or has them of the wrong type (also a bgtask record without a task id, and a meta record naming an unknown model).",
                rationale: """
                    The format is strict NDJSON (RFC 8259): a line that does not parse cannot be trusted, even where \
                    only an ignored key is damaged. The line is skipped and replay goes on with the next, so one bad \
                    line costs one finding, not the file.
                    """,
                reportedLine: "The malformed line.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":app.didBecomeActive,"pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    """)
        case .unknownEvent:
            return RuleDescription(
                rule: rule,
                summary: "An event name outside the model's table of canonical names and UIKit and .NET aliases; reported once per name per file.",
                rationale: """
                    Unknown names come from a newer logger, a typo, or an event the model does not interpret. They \
                    are ignored so replay continues, and named once so that a misspelt lifecycle event, which would \
                    otherwise vanish silently, gets noticed.
                    """,
                reportedLine: "The first record with that name.",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActiv","pid":1}
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    """)
        case .truncatedLog:
            return RuleDescription(
                rule: rule,
                summary: "The compressed stream or the last line is cut short, or corrupt data was skipped.",
                rationale: """
                    Logs are copied off devices and rotated while being written; a truncated zstd frame or a last line \
                    without its end means the end of the recording is missing. Everything before the cut is replayed; \
                    findings that depend on the end (open tasks, exit classes) should be read with that in mind. A corrupt \
                    frame in the middle of a file is skipped: the finding names its byte offset, reading resumes at the \
                    next frame, and the lines in between are missing; after them every running process's state is \
                    unknown, as at the start of a log (SPEC §5), so the gap raises no finding of its own. The same finding reports a file that expands past \
                    the decompressed-size limit (`--max-decompressed`).
                    """,
                reportedLine: "The line the cut falls in (one past the last complete line).",
                triggeringExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willRes
                    """,
                passingExample: """
                    {"t":0,"ev":"app.didFinishLaunching","pid":1}
                    {"t":1,"ev":"app.didBecomeActive","pid":1}
                    {"t":2,"ev":"app.willResignActive","pid":1}
                    """)
        case .recordsLost:
            return RuleDescription(
                rule: rule,
                summary: "The log itself says records are missing here (a unified-log lossEvent).",
                rationale: """
                    The unified log drops records when its buffers overflow or a process logs faster than logd keeps up, \
                    and says so with a `lossEvent` entry in `log show` and `log stream` exports. What happened in the gap \
                    is unknown: after it every running process's state is unknown, as for a process already running when \
                    a log begins (SPEC §3), so the gap raises no transition finding of its own, and tasks and handler \
                    spans open before it are forgotten (their ends may be in the gap). Ended processes stay ended. Only \
                    unified-log exports can say this; an LC403 whose reading resumes after a corrupt stretch opens the \
                    same kind of gap.
                    """,
                reportedLine: "The line where the lossEvent entry starts.",
                triggeringExample: """
                    {"eventType":"logEvent","timestamp":"2026-11-20 10:00:00.000000+0000","processID":1,"eventMessage":"app.didEnterBackground"}
                    {"eventType":"lossEvent","timestamp":"2026-11-20 10:00:05.000000+0000","processID":0,"eventMessage":"lost 2 unreliable messages"}
                    {"eventType":"logEvent","timestamp":"2026-11-20 10:00:09.000000+0000","processID":1,"eventMessage":"app.didBecomeActive"}
                    """,
                passingExample: """
                    {"eventType":"logEvent","timestamp":"2026-11-20 10:00:00.000000+0000","processID":1,"eventMessage":"app.didEnterBackground"}
                    {"eventType":"logEvent","timestamp":"2026-11-20 10:00:08.000000+0000","processID":1,"eventMessage":"app.willEnterForeground"}
                    {"eventType":"logEvent","timestamp":"2026-11-20 10:00:09.000000+0000","processID":1,"eventMessage":"app.didBecomeActive"}
                    """)
        }
    }

    /// All descriptions, sorted by rule id.
    public static var all: [RuleDescription] { Rule.allCases.sorted().map(description(of:)) }
}
