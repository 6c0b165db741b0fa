import LCTraceCore
import Testing

/// SPEC §8 "Owners" rule 1 (2028 edition): the owner of `Called by BINARY, from SYMBOL` from
/// the symbol — a Swift symbol's module, an Objective-C method's class — with the app's own
/// code leaving `BINARY`, read without Xcode's debug suffix.
@Suite struct OwnerSymbolTests {
    /// The module of a mangled Swift symbol: the first length-prefixed identifier.
    @Test(arguments: [
        // The GetStream log OWNERS.md cites for Stream.
        ("$s10StreamChat26IOSBackgroundTaskSchedulerC05beginD017expirationHandlerSbyycSg_tF", "StreamChat"),
        // As the linker writes it, and in Swift 4.2's mangling.
        ("_$s10StreamChat26IOSBackgroundTaskSchedulerC5beginyyF", "StreamChat"),
        ("$S10StreamChat26IOSBackgroundTaskSchedulerC5beginyyF", "StreamChat"),
        // Nested types, closures and word substitutions come after the module.
        ("$s13deltachat_ios11AppDelegateC19installEventHandleryyFyycfU_", "deltachat_ios"),
        ("$s9WordPress0aB11AppDelegateC29applicationDidEnterBackgroundyySo13UIApplicationCFTo", "WordPress"),
        ("$s6MyShop8UploaderC4TaskV5startyyF", "MyShop"),
        // Generic types and functions.
        ("$s10StreamChat5CacheCyxq_GAA0D0RzlE5flushyyF", "StreamChat"),
        ("$s15FirebaseStorage0B8UploaderC6upload_2toyx_SStSeRzlF", "FirebaseStorage"),
        // A module name of more than nine characters' length digits.
        ("$s12OneSignalOSC12OperationRepoC5flushyyF", "OneSignalOSC"),
    ])
    func swiftModules(symbol: String, module: String) {
        #expect(OwnerCatalogue.swiftModule(ofSymbol: symbol) == module)
    }

    /// Symbols that name no module.
    @Test(arguments: [
        "$sSo13UIApplicationC5beginyyF", "$ss5print_9separator10terminatoryypd_S2StF", "$s0abc", "$s", "$s99Short",
        "s10StreamChat5Cache", "_T010StreamChat5CacheC", "-[FIRMessaging start]", "", "$s10Stream-Chat",
    ])
    func symbolsWithoutAModule(symbol: String) {
        #expect(OwnerCatalogue.swiftModule(ofSymbol: symbol) == nil)
    }

    /// The class of an Objective-C method: after `[`, up to the first space or `(`.
    @Test(arguments: [
        ("-[FIRMessaging beginBackgroundTask]", "FIRMessaging"),
        ("+[GDTCORFlatFileStorage sharedInstance]", "GDTCORFlatFileStorage"),
        // Categories.
        ("-[GTMSessionFetcher(GTMSessionUploadFetcherMethods) parentUploadFetcher]", "GTMSessionFetcher"),
        ("-[UIApplication(OneSignal) oneSignalDidEnterBackground:]", "UIApplication"),
        // Blocks.
        ("__53-[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]_block_invoke_2", "OSAttributedFocusTimeProcessor"),
        ("___44-[PWRequestManager sendRequest:completion:]_block_invoke", "PWRequestManager"),
    ])
    func objectiveCClasses(symbol: String, type: String) {
        #expect(OwnerCatalogue.objectiveCClass(ofSymbol: symbol) == type)
    }

    /// Whole default names and their owners.
    @Test(arguments: [
        // Statically linked SDKs: the symbol names them, not the app's binary.
        ("Called by MyShop, from -[FIRMessaging handleBackgroundFetch]", "Firebase"),
        ("Called by MyShop, from -[GDTCORFlatFileStorage storeEvent:onComplete:]", "Firebase (GoogleDataTransport)"),
        ("Called by MyShop, from -[GDTCCTUploader uploadTarget:withConditions:]", "Firebase (GoogleDataTransport)"),
        ("Called by XXXX, from -[GTMSessionFetcher(GTMSessionUploadFetcherMethods) parentUploadFetcher]", "Google"),
        ("Called by GTMSessionFetcher, from -[GTMSessionFetcher beginFetch]", "Google"),
        ("Called by Test, from $s10StreamChat26IOSBackgroundTaskSchedulerC05beginD017expirationHandlerSbyycSg_tF", "Stream"),
        ("Called by Test, from _$s10StreamChat26IOSBackgroundTaskSchedulerC5beginyyF", "Stream"),
        ("Called by MyShop, from __53-[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]_block_invoke_2", "OneSignal"),
        ("Called by MyShop, from -[OSBackgroundTaskManager beginBackgroundTask:]", "OneSignal"),
        ("Called by MyShop, from $s15OneSignalOSCore17OSOperationRepoC5flushyyF", "OneSignal"),
        ("Called by MyShop, from -[SentryHttpTransport sendEnvelope:]", "Sentry"),
        // Xcode's debug builds: one owner with the release build.
        ("Called by MyShop.debug.dylib, from -[FIRMessaging handleBackgroundFetch]", "Firebase"),
        ("Called by MyShop.debug.dylib, from $s6MyShop8UploaderC5startyyF", "MyShop"),
        ("Called by MyShop.debug.dylib", "MyShop"),
        ("Called by OneSignal.debug.dylib, from x", "OneSignal"),
        // The app's own code: the module is the binary, or the catalogue does not know it.
        ("Called by MyShop, from $s6MyShop8UploaderC5startyyF", "MyShop"),
        ("Called by deltachat-ios, from $s13deltachat_ios11AppDelegateC19installEventHandleryyFyycfU_", "deltachat-ios"),
        ("Called by Jetpack, from $s9WordPress0aB11AppDelegateC29applicationDidEnterBackgroundyySo13UIApplicationCFTo", "Jetpack"),
        ("Called by Shop, from -[Uploader start]", "Shop"),
        ("Called by Runner, from -[BackgroundTaskManager createBackgroundTask]", "Runner"),
        // Apple's own OS_ classes are no OneSignal's: only OneSignal's classes by name are.
        ("Called by Shop, from -[OS_dispatch_queue async]", "Shop"),
        ("Called by Shop, from -[OSLogStore entries]", "Shop"),
        // A class whose prefix is a binary's name entry, but no class entry: the app's own.
        ("Called by Shop, from -[CountlyConnectionManager flush]", "Shop"),
        // An imported or standard-library symbol names no module: the binary.
        ("Called by Shop, from $sSo13UIApplicationC5beginyyF", "Shop"),
        // The binary is an SDK and so is the symbol: one owner.
        ("Called by OneSignalCore, from -[OSBackgroundTaskManager beginBackgroundTask:]", "OneSignal"),
        ("Called by Pushwoosh, from -[PWRequestManager sendRequest:completion:]", "Pushwoosh"),
    ])
    func ownersFromTheSymbol(name: String, owner: String) {
        #expect(OwnerCatalogue().owner(ofTaskNamed: name) == owner)
    }

    /// The configuration's entries win for modules and classes too.
    @Test func configurationEntriesMatchSymbols() {
        let catalogue = OwnerCatalogue(extra: ["ShopSync": "Sync team", "FIRMessaging": "Push (Firebase)"])
        #expect(catalogue.owner(ofTaskNamed: "Called by Shop, from $s8ShopSync6EngineC5startyyF") == "Sync team")
        #expect(catalogue.owner(ofTaskNamed: "Called by Shop, from -[FIRMessaging start]") == "Push (Firebase)")
        #expect(catalogue.owner(ofTaskNamed: "Called by Shop, from -[FIRInstallations start]") == "Firebase")
    }

    @Test(
        arguments: [
            ("Called by MyShop.debug.dylib, from x", "MyShop"), ("Called by MyShop.debug.dylib", "MyShop"),
            ("Called by MyShop.dylib, from x", "MyShop.dylib"), ("Called by .debug.dylib", nil),
        ] as [(String, String?)])
    func theDebugSuffixIsDropped(name: String, binary: String?) {
        #expect(OwnerCatalogue.callingBinary(name) == binary)
    }
}
