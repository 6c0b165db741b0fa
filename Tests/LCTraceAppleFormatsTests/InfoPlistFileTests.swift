import Foundation
import LCTraceAppleFormats
import LCTraceCore
import Testing

/// Info.plists as evidence (SPEC §11): real plists read (XML and binary, source and built),
/// recognised by content, and hostile or damaged ones refused with the file's name in
/// bounded time.
@Suite struct InfoPlistFileTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/InfoPlist/\(name)").path
    }

    /// (fixture, bundle id, built, SDK, manifest, target, modes).
    static let real: [(String, String?, Bool, String?, Bool, AppDeclaration.Target, [String]?)] = [
        ("loop-source.plist", "$(PRODUCT_BUNDLE_IDENTIFIER)", false, nil, false, .uikitApp, ["bluetooth-central", "processing", "remote-notification"]),
        ("loop-built-sdk27.plist", "com.loopkit.Loop", true, "27.0", false, .uikitApp, ["bluetooth-central", "processing", "remote-notification"]),
        ("loop-built-sdk26.plist", "com.loopkit.Loop", true, "26.2", false, .uikitApp, ["bluetooth-central", "processing", "remote-notification"]),
        ("spezi-empty-manifest.plist", "$(PRODUCT_BUNDLE_IDENTIFIER)", false, nil, true, .uikitApp, ["fetch"]),
        ("home-assistant-source.plist", "$(PRODUCT_BUNDLE_IDENTIFIER)", false, nil, true, .uikitApp, ["fetch", "location", "remote-notification", "audio"]),
        ("itorrent-source.plist", nil, false, nil, true, .uikitApp, ["audio", "fetch", "processing"]),
        ("idb-built-sdk11.plist", "com.facebook.iOSAppFixture", true, "11.1", false, .uikitApp, nil),
        ("watch-built-sdk27.plist", "com.example.shop.watchkitapp", true, "27.0", false, .watchApp, nil),
        ("appkit-built-sdk27.plist", "com.example.shop.mac", true, "27.0", false, .appKitApp, nil),
    ]

    @Test(arguments: real)
    func readsRealShapes(
        name: String, bundle: String?, built: Bool, sdk: String?, manifest: Bool, target: AppDeclaration.Target, modes: [String]?
    ) throws {
        let path = Self.fixture(name)
        #expect(InfoPlistFile.isPropertyList(path: path))
        let d = try InfoPlistFile.read(path: path)
        #expect(d.path == path)
        #expect(d.bundleIdentifier == bundle)
        #expect(d.isBuilt == built)
        #expect(d.sdk == sdk)
        #expect(d.declaresSceneManifest == manifest)
        #expect(d.target == target)
        #expect(d.modes == modes)
    }

    @Test func permittedIdentifiersOfRealPlists() throws {
        let home = try InfoPlistFile.read(path: Self.fixture("home-assistant-source.plist"))
        #expect(home.permittedIdentifiers == ["io.robbie.homeassistant.backgroundfetch", "io.robbie.homeassistant.reminderssync"])
        #expect(home.permits("io.robbie.homeassistant.backgroundfetch"))
        #expect(!home.permits("io.robbie.homeassistant.other"))
        #expect(home.describes(app: "io.robbie.HomeAssistant"))
    }

    static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n"

    /// A binary plist from its objects (each already encoded), references one byte wide.
    static func binary(_ objects: [[UInt8]], top: UInt64 = 0, tableOffset: UInt64? = nil) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(objects.count), top, tableOffset ?? table] {
            bytes += (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
        }
        return bytes
    }

    /// (name, bytes, what the error says).
    static let hostile: [(String, [UInt8], String)] = [
        (
            "deep", Array((header + String(repeating: "<array>", count: 50_000) + String(repeating: "</array>", count: 50_000) + "</plist>").utf8),
            "nested more than 32 deep"
        ),
        ("wide", Array((header + "<array>" + String(repeating: "<true/>", count: 150_000) + "</array></plist>").utf8), "more than 100000 elements"),
        (
            "entity",
            Array(
                "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]>\n<plist><dict><key>k</key><string>&b;</string></dict></plist>"
                    .utf8), "entity"
        ),
        ("cycle", binary([[0xA1, 0x00]]), "refers to itself"),
        ("deep-cycle", binary([[0xD1, 0x01, 0x02], [0x51, 0x6B], [0xA1, 0x00]]), "refers to itself"),
        ("dangling", binary([[0xA1, 0x05]]), "does not exist"),
        ("outside", binary([[0x08]], tableOffset: 4000), "outside the file"),
        ("top", binary([[0x08]], top: 3), "top object"),
        ("short", Array("bplist00".utf8) + [0, 1, 2], "shorter than"),
        ("long-string", binary([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "runs past"),
        ("damaged-xml", Array((header + "<dict><key>CFBundleIdentifier</key><string>x</dict>").utf8), "damaged property list"),
        ("root-array", Array((header + "<array/></plist>").utf8), "root is not a dictionary"),
        ("not-a-plist", Array("{\"t\":0,\"ev\":\"meta\"}".utf8), "not a property list"),
    ]

    @Test(.timeLimit(.minutes(1)), arguments: hostile)
    func refusesHostileAndDamagedPlists(name: String, bytes: [UInt8], says: String) throws {
        let started = ContinuousClock.now
        #expect {
            _ = try InfoPlistFile.parse(bytes, name: "\(name).plist")
        } throws: { error in
            guard let failure = error as? InfoPlistError else { return false }
            return failure.path == "\(name).plist" && failure.reason.contains(says)
                && failure.unreadableInput.message.hasPrefix("Unable to read '\(name).plist': ")
        }
        #expect(ContinuousClock.now - started < .seconds(5), "\(name) took too long")
    }

    @Test func aMissingOrHugeFileIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("Missing.plist").path
        #expect(throws: InfoPlistError(path: missing, reason: "no such file or directory", systemCode: 2)) {
            try InfoPlistFile.read(path: missing)
        }
        let huge = dir.appendingPathComponent("Huge.plist")
        try Data((Self.header + String(repeating: " ", count: InfoPlistFile.maximumBytes) + "<dict/></plist>").utf8).write(to: huge)
        #expect(InfoPlistFile.isPropertyList(path: huge.path))
        #expect(throws: InfoPlistError.self) { try InfoPlistFile.read(path: huge.path) }
    }

    /// (head, is a plist).
    static let heads: [(String, Bool)] = [
        (header + "<dict/></plist>", true),
        ("\u{FEFF}\n  <?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>", true),
        ("bplist00\u{0}", true),
        ("<?xml version=\"1.0\"?>\n<svg></svg>", false),
        ("<plist><dict/></plist>", false),
        ("{\"t\":0,\"ev\":\"meta\"}", false),
        ("2026-06-09 17:21:45.971278-0500 App[1:2] message", false),
    ]

    @Test(arguments: heads)
    func recognisedByContent(head: String, isPlist: Bool) {
        #expect(InfoPlistFile.isPropertyList(Array(head.utf8)[...]) == isPlist)
    }
}
