import LCTraceCore
import Testing

/// The one judge of images (SPEC §10 "Whose code"), over the cases real reports show.
@Suite struct WhoseCodeTests {
    static let bundle = "/private/var/containers/Bundle/Application/UUID/Shop.app/"

    static func code(_ frames: [CodeFrame], thread: String = "main") -> DeathCode? {
        WhoseCode.code(of: CodeStack(thread: thread, frames: frames), executable: "Shop", bundlePath: bundle)
    }

    @Test func theFirstFrameOutsideTheSystemNamesTheCode() {
        let code = Self.code([
            CodeFrame(image: "libsystem_kernel.dylib", path: "/usr/lib/system/libsystem_kernel.dylib", symbol: "__ulock_wait"),
            CodeFrame(image: nil, symbol: nil, offset: 0),
            CodeFrame(image: "UIKitCore", path: "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore", symbol: "-[UIView layoutIfNeeded]"),
            CodeFrame(image: "FirebaseCore", path: Self.bundle + "Frameworks/FirebaseCore.framework/FirebaseCore", symbol: "+[FIRApp configure]"),
            CodeFrame(image: "Shop", path: "/var/containers/Bundle/Application/UUID/Shop.app/Shop", symbol: "main"),
        ])
        #expect(code == DeathCode(thread: "main", frame: 3, binary: "FirebaseCore", symbol: "+[FIRApp configure]", owner: "Firebase", own: false))
    }

    @Test func theAppsOwnCodeIncludesItsDebugDylibAndItsBundle() {
        let debug = Self.code([CodeFrame(image: "Shop.debug.dylib", symbol: nil, offset: 25788)], thread: "13")
        #expect(debug == DeathCode(thread: "13", frame: 0, binary: "Shop.debug.dylib", symbol: nil, owner: "Shop", own: true, offset: 25788))
        // `/private/var/…` and `/var/…` are one place: an unnamed framework of the bundle is the app's.
        let inBundle = Self.code([CodeFrame(image: "ShopKit", path: "/var/containers/Bundle/Application/UUID/Shop.app/Frameworks/ShopKit.framework/ShopKit")])
        #expect(inBundle?.own == true && inBundle?.owner == "Shop")
    }

    @Test func aSymbolOfAStaticallyLinkedSDKDecidesOverTheAppsBinary() {
        let objc = Self.code([CodeFrame(image: "Shop", path: Self.bundle + "Shop", symbol: "__53-[FIRInstallations installationID]_block_invoke_2")])
        #expect(objc?.owner == "Firebase" && objc?.own == false && objc?.binary == "Shop")
        let swift = Self.code([CodeFrame(image: "Shop", path: Self.bundle + "Shop", symbol: "$s10StreamChat26IOSBackgroundTaskSchedulerC5beginyyF")])
        #expect(swift?.owner == "Stream" && swift?.own == false)
        let category = Self.code([CodeFrame(image: "Shop", path: Self.bundle + "Shop", symbol: "-[GULHeartbeatDateStorage(Private) read]")])
        #expect(category?.owner == "Google")
    }

    @Test func aStackEntirelyInTheSystemSaysSo() {
        let code = Self.code([
            CodeFrame(image: "libsystem_kernel.dylib", symbol: "mach_msg_trap"),
            CodeFrame(image: "CoreFoundation", symbol: "__CFRunLoopRun"),
        ])
        #expect(code == DeathCode(thread: "main", frame: 0, binary: nil, symbol: "mach_msg_trap", owner: nil, own: false))
        #expect(code?.sentence == "the main thread was in the system's code only (mach_msg_trap, frame 0)")
    }

    /// The verdict says which thread the code came from (SPEC §10): a watchdog kill's main
    /// thread as such, else the thread the report singles out, crashed or highlighted.
    @Test(
        arguments: [
            ("main", CodeThreadRole.main, "the main thread was in FirebaseCore (+[FIRApp configure], frame 0)"),
            ("main", .crashed, "the crashed thread (the main thread) was in FirebaseCore (+[FIRApp configure], frame 0)"),
            ("3", .crashed, "the crashed thread (thread 3) was in FirebaseCore (+[FIRApp configure], frame 0)"),
            ("2", .highlighted, "the highlighted thread (thread 2) was in FirebaseCore (+[FIRApp configure], frame 0)"),
        ] as [(String, CodeThreadRole, String)])
    func theSentenceSaysWhichThread(_ thread: String, _ role: CodeThreadRole, _ sentence: String) {
        let frame = CodeFrame(image: "FirebaseCore", path: Self.bundle + "Frameworks/FirebaseCore.framework/FirebaseCore", symbol: "+[FIRApp configure]")
        let code = WhoseCode.code(of: CodeStack(thread: thread, frames: [frame], role: role), executable: "Shop", bundlePath: Self.bundle)
        #expect(code?.role == role)
        #expect(code?.sentence == sentence)
    }

    @Test func aPathlessImageIsTheSystemsOnlyWhenTheListNamesIt() {
        #expect(WhoseCode.isSystem(image: "UIKitCore", path: nil))
        #expect(WhoseCode.isSystem(image: "libswift_Concurrency.dylib", path: nil))
        #expect(!WhoseCode.isSystem(image: "Sentry", path: nil))
        #expect(
            WhoseCode.isSystem(
                image: "Anything",
                path:
                    "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS.simruntime/Contents/Resources/RuntimeRoot/usr/lib/libobjc.A.dylib"
            ))
        #expect(!WhoseCode.isSystem(image: "UIKitCore", path: Self.bundle + "Frameworks/UIKitCore"))
        let sdk = Self.code([CodeFrame(image: "Sentry", symbol: nil, offset: 12)])
        #expect(sdk?.owner == "Sentry" && sdk?.own == false)
    }
}
