// The owner catalogue's data (SPEC §8 "Owners"; docs/OWNERS.md). One block per SDK: the
// prefixes its own source gives the background tasks it begins (`beginBackgroundTask(withName:)`,
// matched against the task's `name`), the names of the binaries (and Swift modules) it ships,
// which UIKit writes into the default name of an unnamed task (`Called by BINARY, from SYMBOL`),
// and its Objective-C class prefixes or class names, which SYMBOL names when SwiftPM links the
// SDK into the app's own binary. Every entry says where it comes from: a file of the SDK's
// source, or a public report whose log shows the name. Add an SDK here (with its source) or,
// for one app, in the configuration's `owners` (.lctrace.yml), whose entries win.

extension OwnerCatalogue {
    /// The SDKs lctrace knows.
    public static let builtinEntries: [Entry] = [
        // Firebase's event transport, the most reported owner of a task nobody ended
        // (firebase-ios-sdk 8908, GoogleDataTransport 156).
        Entry(
            prefix: "GDTStorage", owner: "Firebase (GoogleDataTransport)",
            source: "google/GoogleDataTransport GDTCORFlatFileStorage.m: beginBackgroundTaskWithName:@\"GDTStorage\"; GoogleDataTransport issue 156 log"),
        Entry(
            prefix: "GDTCCTUploader", owner: "Firebase (GoogleDataTransport)",
            source: "google/GoogleDataTransport GDTCCTUploader.m: beginBackgroundTaskWithName:@\"GDTCCTUploader-upload\"; firebase-ios-sdk issue 8908 log"),
        Entry(
            prefix: "GDTFLLUploader", owner: "Firebase (GoogleDataTransport)",
            source: "GoogleDataTransport GDTFLLUploader.m (older releases): beginBackgroundTaskWithName:@\"GDTFLLUploader-upload\""),
        Entry(
            prefix: "GDTTransformer", owner: "Firebase (GoogleDataTransport)",
            source: "GoogleDataTransport GDTCORTransformer.m: beginBackgroundTaskWithName:@\"GDTTransformer\""),
        Entry(
            prefix: "GoogleDataTransport", owner: "Firebase (GoogleDataTransport)",
            source: "the framework's binary name (CocoaPods and Swift Package product GoogleDataTransport)"),
        Entry(
            prefix: "Firebase", owner: "Firebase",
            source: "binary names of firebase-ios-sdk's products (FirebaseCore, FirebaseMessaging, FirebaseCrashlytics, …)"),
        Entry(
            prefix: "GTMSessionFetcher", owner: "Google",
            source:
                "google/gtm-session-fetcher's binary name; gtm-session-fetcher issue 217 log: 'from -[GTMSessionFetcher(GTMSessionUploadFetcherMethods) parentUploadFetcher]'"
        ),

        // OneSignal: unnamed tasks, so UIKit names them after the binary.
        Entry(
            prefix: "OneSignal", owner: "OneSignal",
            source:
                "OneSignal-iOS-SDK issue 1205 log: 'Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]'; the SDK's binaries (OneSignal, OneSignalCore, OneSignalUser, …)"
        ),

        // Braze (formerly Appboy).
        Entry(prefix: "BrazeKit", owner: "Braze", source: "braze-inc/braze-swift-sdk's binary name (product BrazeKit)"),
        Entry(prefix: "Appboy", owner: "Braze", source: "the legacy Appboy-iOS-SDK's binary names (Appboy_iOS_SDK, AppboyKit)"),

        // AWS: the Pinpoint session task, and the SDK's binaries.
        Entry(
            prefix: "com.amazonaws.", owner: "AWS SDK",
            source:
                "aws-amplify/aws-sdk-ios AWSPinpointSession.m: AWSPinpointSessionBackgroundTask = @\"com.amazonaws.AWSPinpointSessionBackgroundTask\"; amplify-swift ActivityTracker.swift the same"
        ),
        Entry(prefix: "AWS", owner: "AWS SDK", source: "aws-sdk-ios binary names (AWSCore, AWSPinpoint, AWSS3, …)"),

        // Pushwoosh.
        Entry(
            prefix: "PWApplication", owner: "Pushwoosh",
            source:
                "Pushwoosh/pushwoosh-ios-sdk PWAppLifecycleTrackingManager.m: beginBackgroundTaskWithName:@\"PWApplicationMinimized\" (and @\"PWApplicationExit\")"
        ),
        Entry(
            prefix: "Pushwoosh", owner: "Pushwoosh",
            source: "pushwoosh-ios-sdk issue 110 log: 'Called by Pushwoosh, from -[PWRequestManager sendRequest:completion:]'"),

        // The others ship unnamed tasks: their binaries name them.
        Entry(prefix: "CleverTapSDK", owner: "CleverTap", source: "CleverTap/clevertap-ios-sdk's binary name (module CleverTapSDK)"),
        Entry(prefix: "Countly", owner: "Countly", source: "Countly/countly-sdk-ios's binary name (Countly)"),
        Entry(prefix: "Flurry", owner: "Flurry", source: "flurry-iOS-sdk's binary names (Flurry_iOS_SDK, FlurryAnalytics)"),
        Entry(
            prefix: "WalletConnect", owner: "WalletConnect",
            source: "WalletConnect/WalletConnectSwiftV2 binary names (WalletConnectSign, WalletConnectRelay, …)"),
        Entry(
            prefix: "StreamChat", owner: "Stream",
            source: "GetStream/stream-chat-swift issue 1377 log: 'from $s10StreamChat26IOSBackgroundTaskScheduler…'; binaries StreamChat, StreamChatUI"),
        Entry(prefix: "Instabug", owner: "Instabug", source: "Instabug/Instabug-iOS's binary name (Instabug); Instabug-iOS issue 305"),
        Entry(prefix: "Sentry", owner: "Sentry", source: "getsentry/sentry-cocoa's binary name (Sentry, SentrySwiftUI)"),
        Entry(prefix: "Datadog", owner: "Datadog", source: "DataDog/dd-sdk-ios binary names (DatadogCore, DatadogRUM, DatadogLogs, …)"),
        Entry(
            prefix: "TSLocationManager", owner: "Transistor Software (background geolocation)",
            source: "transistorsoft flutter_background_geolocation / react-native-background-geolocation iOS binary (TSLocationManager)"),

        // SDKs known by the images they ship (SPEC §10 "Whose code"): a crash report's frame
        // names the image, so the image's name is the SDK's.
        Entry(prefix: "Realm", owner: "Realm", source: "realm/realm-swift's binary names (Realm, RealmSwift); realm-swift issue 7801 report"),
        Entry(
            prefix: "GoogleUtilities", owner: "Google",
            source: "google/GoogleUtilities' binary name; firebase-ios-sdk issue 5969 (GULHeartbeatDateStorage on the main thread of a watchdog kill)"),
        Entry(prefix: "GoogleMobileAds", owner: "Google Mobile Ads", source: "googleads-mobile-ios-sdk's binary name (GoogleMobileAds.framework)"),
        Entry(prefix: "FBSDK", owner: "Facebook SDK", source: "facebook/facebook-ios-sdk binary names (FBSDKCoreKit, FBSDKLoginKit, FBSDKShareKit)"),
        Entry(prefix: "FBAEMKit", owner: "Facebook SDK", source: "facebook/facebook-ios-sdk binary name (FBAEMKit)"),
        Entry(prefix: "Alamofire", owner: "Alamofire", source: "Alamofire/Alamofire's binary name"),
        Entry(prefix: "SDWebImage", owner: "SDWebImage", source: "SDWebImage/SDWebImage's binary names (SDWebImage, SDWebImageSwiftUI, …)"),
        Entry(prefix: "Lottie", owner: "Lottie", source: "airbnb/lottie-ios's binary name"),
        Entry(prefix: "Intercom", owner: "Intercom", source: "intercom/intercom-ios' binary name; lapfelix/ips2crashlog's source.ips lists Intercom.framework"),
        Entry(prefix: "Mixpanel", owner: "Mixpanel", source: "mixpanel/mixpanel-swift and mixpanel-iphone binary names"),
        Entry(prefix: "AppsFlyerLib", owner: "AppsFlyer", source: "AppsFlyerSDK/AppsFlyerFramework's binary name"),
        Entry(prefix: "Amplitude", owner: "Amplitude", source: "amplitude/Amplitude-iOS and Amplitude-Swift binary names"),
        Entry(prefix: "Bugsnag", owner: "Bugsnag", source: "bugsnag/bugsnag-cocoa's binary name"),
        Entry(prefix: "KSCrash", owner: "KSCrash", source: "kstenerud/KSCrash's binary names (KSCrash, KSCrashRecording, …)"),

        // Objective-C classes: with SwiftPM's static linking the SDK lives inside the app's
        // binary (`Called by MyShop, from -[FIRMessaging …]`), so its class is the only trace.
        Entry(
            prefix: "FIR", owner: "Firebase",
            source: "firebase-ios-sdk's Objective-C class prefix (FIRMessaging, FIRInstallations, FIRCLSReportUploader, …)",
            match: .classPrefix),
        Entry(
            prefix: "GDTCOR", owner: "Firebase (GoogleDataTransport)",
            source: "google/GoogleDataTransport's class prefix (GDTCORFlatFileStorage, GDTCORUploadCoordinator, GDTCORTransformer, …)",
            match: .classPrefix),
        Entry(
            prefix: "GDTCCT", owner: "Firebase (GoogleDataTransport)",
            source: "google/GoogleDataTransport GDTCCTUploader.m and GDTCCTUploadOperation.m: the uploader's classes", match: .classPrefix),
        Entry(
            prefix: "GTMSession", owner: "Google",
            source:
                "google/gtm-session-fetcher's class prefix (GTMSessionFetcher, GTMSessionUploadFetcher, GTMSessionFetcherService); gtm-session-fetcher issue 217 log: 'from -[GTMSessionFetcher(GTMSessionUploadFetcherMethods) parentUploadFetcher]'",
            match: .classPrefix),
        Entry(
            prefix: "OSAttributedFocusTimeProcessor", owner: "OneSignal",
            source:
                "OneSignal-iOS-SDK issue 1205 log: 'from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]'; OneSignal-iOS-SDK OSAttributedFocusTimeProcessor.m",
            match: .className),
        Entry(
            prefix: "OSUnattributedFocusTimeProcessor", owner: "OneSignal",
            source: "OneSignal-iOS-SDK OSUnattributedFocusTimeProcessor.m: the same focus-time background task, for unattributed sessions",
            match: .className),
        Entry(
            prefix: "OSBackgroundTaskManager", owner: "OneSignal",
            source: "OneSignal-iOS-SDK OneSignalCore's OSBackgroundTaskManager (beginBackgroundTask:), used by OneSignalOSCore's operation repo",
            match: .className),
        Entry(
            prefix: "PWRequestManager", owner: "Pushwoosh",
            source: "pushwoosh-ios-sdk issue 110 log: 'Called by Pushwoosh, from -[PWRequestManager sendRequest:completion:]'", match: .className),
        Entry(
            prefix: "AWS", owner: "AWS SDK", source: "aws-sdk-ios's class prefix (AWSPinpointSession, AWSS3TransferUtility, AWSCognitoIdentityProvider, …)",
            match: .classPrefix),
        Entry(
            prefix: "GUL", owner: "Google",
            source: "google/GoogleUtilities' class prefix (GULHeartbeatDateStorage, GULAppDelegateSwizzler; firebase-ios-sdk issue 5969)",
            match: .classPrefix),
        Entry(prefix: "RLM", owner: "Realm", source: "realm/realm-swift's Objective-C class prefix (RLMRealm, RLMObject, …)", match: .classPrefix),
        Entry(prefix: "FBSDK", owner: "Facebook SDK", source: "facebook/facebook-ios-sdk's class prefix (FBSDKApplicationDelegate, …)", match: .classPrefix),
        Entry(
            prefix: "Sentry", owner: "Sentry",
            source: "getsentry/sentry-cocoa's class prefix (SentryHttpTransport, SentryFileManager, SentryCrashReportSink, …)",
            match: .classPrefix),
    ]
}
