/// The catalogue's entries for iOS 27's scene requirement (LC105, LC106) and the
/// BGTaskScheduler permissions (LC310, LC311), 2028 edition (SPEC §5, §11).
extension RuleCatalogue {
    /// Apple's source for the migration steps of LC105 and LC106.
    static let sceneMigrationSource =
        "Apple, TN3187 \"Migrating to the UIKit scene-based life cycle\" (https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle)"

    /// The migration, in steps (TN3187), shared by LC105 and LC106.
    static let sceneMigrationSteps = [
        "Declare a scene manifest: add UIApplicationSceneManifest to the Info.plist with UIApplicationSupportsMultipleScenes (false unless the app has several windows) and, under UISceneConfigurations, a UIWindowSceneSessionRoleApplication configuration naming UISceneDelegateClassName $(PRODUCT_MODULE_NAME).SceneDelegate (and UISceneStoryboardFile when the app has a main storyboard); or return a UISceneConfiguration from application(_:configurationForConnecting:options:). A SwiftUI App needs only the manifest, whose UISceneConfigurations may be empty (INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES generates it).",
        "Add a scene delegate: a class that conforms to UIWindowSceneDelegate and holds the window (var window: UIWindow?), instead of the app delegate's window property.",
        "Create the window in scene(_:willConnectTo:options:): guard let windowScene = scene as? UIWindowScene, make UIWindow(windowScene: windowScene), set its rootViewController and call makeKeyAndVisible(); move that code out of application(_:didFinishLaunchingWithOptions:), and handle the URLs, shortcut items and user activities of connectionOptions there.",
        "Move the app-delegate callbacks, which UIKit stops calling once the app has adopted scenes: applicationDidBecomeActive(_:) to sceneDidBecomeActive(_:), applicationWillResignActive(_:) to sceneWillResignActive(_:), applicationWillEnterForeground(_:) to sceneWillEnterForeground(_:), applicationDidEnterBackground(_:) to sceneDidEnterBackground(_:), application(_:open:options:) to scene(_:openURLContexts:), application(_:continue:restorationHandler:) to scene(_:continue:); find the window through the scene (view.window?.windowScene) rather than UIApplication.shared.keyWindow or windows.",
        "Check it: the built app's Info.plist has UIApplicationSceneManifest (lctrace replay App.app/Info.plist, docs/CI.md), and a recording of the app (with meta.sdk) shows scene.* records and no app-delegate activation callback.",
    ]

    static var sceneLifecycleRequired: RuleDescription {
        RuleDescription(
            rule: .sceneLifecycleRequired,
            summary:
                "The app has not adopted the UIScene life cycle and is built with the iOS 27 SDK or later, or failed to launch for it: it cannot launch.",
            rationale: """
                "In the next major release following iOS 26, UIScene lifecycle will be required when building with the \
                latest SDK; otherwise, your app won't launch" (Apple, TN3187). iOS 27 shipped it for UIKit apps on iOS, \
                iPadOS, tvOS and Mac Catalyst: an app-delegate-only app built with Xcode 27 traps in \
                _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption ("Application failed to launch: UIScene \
                life cycle is required for apps built with this SDK") before any of its code runs, so crash SDKs never \
                see it, and simulators on 26.x still launch it. App Store uploads must be built with the iOS 27 SDK from \
                April 2027. Evidence: a recording of app-delegate activation callbacks with meta.sdk 27 or later, a \
                built Info.plist (SDK 27 or later) without UIApplicationSceneManifest, or the launch failure in a \
                console. Raised once per file and app.
                """,
            reportedLine:
                "The process's first app-delegate activation callback (not via a notification); line 1 of an Info.plist; the launch failure's first line in a console.",
            triggeringExample: """
                {"t":0,"ev":"meta","app":"com.example.shop","sdk":"27.0"}
                {"t":0,"ev":"app.didFinishLaunching","pid":1}
                {"t":0.5,"ev":"app.didBecomeActive","pid":1}
                """,
            passingExample: """
                {"t":0,"ev":"meta","app":"com.example.shop","sdk":"27.0"}
                {"t":0,"ev":"app.didFinishLaunching","pid":1}
                {"t":0.5,"ev":"scene.willConnect","pid":1,"scene":"main"}
                {"t":0.6,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
                {"t":0.7,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
                """,
            steps: sceneMigrationSteps, source: sceneMigrationSource)
    }

    static var sceneLifecycleSoon: RuleDescription {
        RuleDescription(
            rule: .sceneLifecycleSoon,
            summary:
                "The app has not adopted the UIScene life cycle and is built with an SDK before 27, or its source Info.plist declares no scene manifest, or UIKit warned that scenes will be required: built with the iOS 27 SDK, it will not launch.",
            rationale: """
                The app launches today only because it is built with an older SDK. UIKit has warned since iOS 18.4 \
                ("This process does not adopt UIScene lifecycle. This will become an assert in a future version.") and \
                with the iOS 26 SDK ("UIScene lifecycle will soon be required. Failure to adopt will result in an assert \
                in the future."); TN3187 announced the assert, and the App Store requires the iOS 27 SDK from April \
                2027, so the next build that ships cannot launch (LC105). Evidence: a recording of app-delegate \
                activation callbacks with meta.sdk before 27, a built Info.plist of an older SDK or a source Info.plist \
                without UIApplicationSceneManifest (unless the build generates one: \
                INFOPLIST_KEY_UIApplicationSceneManifest_Generation), or UIKit's warning in a console. Records observed \
                from app notifications (via "notification") are not callbacks and never raise it, and a manifest whose \
                UISceneConfigurations is empty (a SwiftUI app) is the scene life cycle declared.
                """,
            reportedLine:
                "The process's first app-delegate activation callback (not via a notification); line 1 of an Info.plist; UIKit's warning's first line in a console.",
            triggeringExample: """
                {"t":0,"ev":"meta","app":"com.example.shop","sdk":"26.2"}
                {"t":0,"ev":"app.didFinishLaunching","pid":1}
                {"t":0.5,"ev":"app.didBecomeActive","pid":1}
                """,
            passingExample: """
                {"t":0,"ev":"meta","app":"com.example.shop","sdk":"26.2"}
                {"t":0,"ev":"app.didFinishLaunching","pid":1}
                {"t":0.5,"ev":"scene.willConnect","pid":1,"scene":"main"}
                {"t":0.6,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
                {"t":0.7,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
                {"t":0.7,"ev":"app.didBecomeActive","pid":1,"via":"notification"}
                """,
            steps: sceneMigrationSteps, source: sceneMigrationSource)
    }

    static var bgschedContinuedBackground: RuleDescription {
        RuleDescription(
            rule: .bgschedContinuedBackground,
            summary:
                "A BGContinuedProcessingTask (bgsched.submit with kind continued) is submitted while neither the app nor any of its scenes is in the foreground.",
            rationale: """
                A continued processing task (iOS 26) "starts in the foreground … in response to someone's action" \
                (Apple, BGContinuedProcessingTask): the system shows its progress to the person who started it and \
                refuses a request submitted from the background, so the export or upload it was meant to carry never \
                runs. Submit it from the action's handler, while the app is on screen.
                """,
            reportedLine: "The bgsched.submit of the continued task.",
            triggeringExample: """
                {"t":0,"ev":"app.didFinishLaunching","pid":1}
                {"t":1,"ev":"app.didBecomeActive","pid":1}
                {"t":2,"ev":"app.willResignActive","pid":1}
                {"t":3,"ev":"app.didEnterBackground","pid":1}
                {"t":3.5,"ev":"bgsched.submit","pid":1,"task":"com.example.export.1","kind":"continued"}
                """,
            passingExample: """
                {"t":0,"ev":"app.didFinishLaunching","pid":1}
                {"t":1,"ev":"app.didBecomeActive","pid":1}
                {"t":1.5,"ev":"bgsched.submit","pid":1,"task":"com.example.export.1","kind":"continued"}
                {"t":2,"ev":"app.willResignActive","pid":1}
                {"t":3,"ev":"app.didEnterBackground","pid":1}
                """)
    }

    static var bgschedNotPermitted: RuleDescription {
        RuleDescription(
            rule: .bgschedNotPermitted,
            summary:
                "A scheduled task's identifier (bgsched.register, submit or start) is not in the app's Info.plist BGTaskSchedulerPermittedIdentifiers, when an Info.plist is part of the run.",
            rationale: """
                BGTaskScheduler runs only the identifiers the app lists in BGTaskSchedulerPermittedIdentifiers \
                (Apple, "Using background tasks to update your app"): registering another one raises, and submitting \
                one fails with BGTaskScheduler.Error.notPermitted, so the task never runs. An entry ending in * \
                (BGContinuedProcessingTask's wildcard, com.example.export.*) permits every identifier that begins \
                with the text before the *, and a build variable such as $(PRODUCT_BUNDLE_IDENTIFIER) in a source \
                plist matches any text. Raised once per identifier and process, at its first record; the examples \
                are replayed with the Info.plist below.
                """,
            reportedLine: "The first bgsched.register, submit or start of the identifier in the process.",
            triggeringExample: """
                {"t":0,"ev":"meta","app":"com.example.shop"}
                {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.cleanup"}
                {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                """,
            passingExample: """
                {"t":0,"ev":"meta","app":"com.example.shop"}
                {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                {"t":0.1,"ev":"app.didFinishLaunching","pid":1,"phase":"begin"}
                {"t":0.2,"ev":"bgsched.register","pid":1,"task":"com.example.refresh"}
                {"t":0.3,"ev":"bgsched.register","pid":1,"task":"com.example.export.*"}
                {"t":0.4,"ev":"app.didFinishLaunching","pid":1,"phase":"end"}
                {"t":0.6,"ev":"app.didBecomeActive","pid":1}
                """,
            infoPlistExample: """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                    <key>CFBundleIdentifier</key>
                    <string>com.example.shop</string>
                    <key>BGTaskSchedulerPermittedIdentifiers</key>
                    <array>
                        <string>com.example.refresh</string>
                        <string>com.example.export.*</string>
                    </array>
                    <key>UIApplicationSceneManifest</key>
                    <dict/>
                </dict>
                </plist>
                """)
    }
}
