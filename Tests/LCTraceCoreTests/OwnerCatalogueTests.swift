import LCTraceCore
import Testing

/// SPEC §8 "Owners": UIKit's default name, the catalogue's longest prefix, the
/// configuration's entries first, and no owner otherwise.
@Suite struct OwnerCatalogueTests {
    /// Names as real logs print them (docs/OWNERS.md cites each), and their owners.
    @Test(arguments: [
        // Rule 1: UIKit's default name, the binary looked up in the catalogue.
        ("Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]", "OneSignal"),
        ("Called by OneSignalCore, from -[OSBackgroundTaskManager beginBackgroundTask:]", "OneSignal"),
        ("Called by Pushwoosh, from -[PWRequestManager sendRequest:completion:]", "Pushwoosh"),
        ("Called by GoogleDataTransport, from -[GDTCORFlatFileStorage storeEvent:onComplete:]", "Firebase (GoogleDataTransport)"),
        // A binary the catalogue does not know owns its task under its own name.
        ("Called by Runner, from -[BackgroundTaskManager createBackgroundTask]", "Runner"),
        ("Called by Test, from $s10StreamChat26IOSBackgroundTaskSchedulerC05beginD017expirationHandlerSbyycSg_tF", "Stream"),
        ("Called by Jetpack", "Jetpack"),
        // Rule 2: names the SDKs give their tasks.
        ("GDTStorage", "Firebase (GoogleDataTransport)"),
        ("GDTCCTUploader-upload", "Firebase (GoogleDataTransport)"),
        ("com.amazonaws.AWSPinpointSessionBackgroundTask", "AWS SDK"),
        ("PWApplicationMinimized", "Pushwoosh"),
        // The longest prefix decides: GoogleDataTransport is not plain Firebase.
        ("FirebaseMessaging", "Firebase"),
    ])
    func knownNames(name: String, owner: String) {
        #expect(OwnerCatalogue().owner(ofTaskNamed: name) == owner)
    }

    /// Rule 3: no owner, and names that only look like the default form.
    @Test(arguments: ["upload-photos", "", "Called by ", "Called by , from x", "gdtstorage", "called by OneSignal", "com.amazonaws"])
    func unknownNames(name: String) {
        #expect(OwnerCatalogue().owner(ofTaskNamed: name) == nil)
    }

    /// The configuration's entries win over the built-in ones, and among them the longest.
    @Test func extraEntriesWin() {
        let catalogue = OwnerCatalogue(extra: ["GDT": "Our fork", "com.example.": "Example", "com.example.sync.": "Example Sync"])
        #expect(catalogue.owner(ofTaskNamed: "GDTStorage") == "Our fork")
        #expect(catalogue.owner(ofTaskNamed: "com.example.sync.nightly") == "Example Sync")
        #expect(catalogue.owner(ofTaskNamed: "com.example.refresh") == "Example")
        #expect(catalogue.owner(ofTaskNamed: "Called by OneSignal, from x") == "OneSignal")
        #expect(OwnerCatalogue(extra: ["OneSignal": "Push (OneSignal)"]).owner(ofTaskNamed: "Called by OneSignal, from x") == "Push (OneSignal)")
    }

    /// Every built-in entry says where it comes from, and no prefix is listed twice.
    @Test func builtinEntriesAreSourced() {
        let entries = OwnerCatalogue.builtinEntries
        #expect(entries.count >= 13)
        #expect(entries.allSatisfy { !$0.prefix.isEmpty && !$0.owner.isEmpty && $0.source.count > 20 })
        #expect(Set(entries.map { "\($0.match) \($0.prefix)" }).count == entries.count)
        for sdk in [
            "Firebase (GoogleDataTransport)", "OneSignal", "Braze", "AWS SDK", "Pushwoosh", "CleverTap", "Countly", "Flurry",
            "WalletConnect", "Stream", "Instabug", "Sentry", "Datadog",
        ] {
            #expect(entries.contains { $0.owner == sdk }, "\(sdk)")
        }
    }

    /// Worst first by deaths, then sessions, then findings; the unknown owner last.
    @Test func rankingAndSums() {
        let a = [
            OwnerTally(owner: "A", deaths: 0, sessions: 5, findings: [.bgtaskLeaked: 9]),
            OwnerTally(owner: nil, deaths: 9, sessions: 9, findings: [.bgtaskLeaked: 9]),
            OwnerTally(owner: "B", deaths: 1, sessions: 1, findings: [.bgtaskOverrun: 1]),
        ]
        let b = [
            OwnerTally(owner: "C", deaths: 0, sessions: 5, findings: [.bgtaskLeaked: 3]),
            OwnerTally(owner: "A", deaths: 0, sessions: 1, findings: [.bgtaskOverrun: 1]),
        ]
        #expect(OwnerTally.ranked(a).map(\.owner) == ["B", "A", nil])
        let sum = OwnerTally.sum(a, b)
        #expect(sum.map(\.owner) == ["B", "A", "C", nil])
        #expect(sum[1] == OwnerTally(owner: "A", deaths: 0, sessions: 6, findings: [.bgtaskLeaked: 9, .bgtaskOverrun: 1]))
        // Equal deaths and sessions: more findings first, then the name.
        let tie = [
            OwnerTally(owner: "Z", sessions: 1, findings: [.bgtaskLeaked: 2]), OwnerTally(owner: "Y", sessions: 1, findings: [.bgtaskLeaked: 2]),
            OwnerTally(owner: "X", sessions: 1, findings: [.bgtaskLeaked: 1]),
        ]
        #expect(OwnerTally.ranked(tie).map(\.owner) == ["Y", "Z", "X"])
    }
}
