import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

@Suite("Record scanner")
struct RecordScannerTests {
    @Test(
        "Known keys are picked out",
        arguments: [
            (#"{"t":1,"ev":"app.didBecomeActive"}"#, "1: app.didBecomeActive t=1000000000"),
            (#"{"ev":"sys.kill","t":2,"pid":42,"reason":"watchdog"}"#, "1: sys.kill t=2000000000 pid=42 reason=watchdog(watchdog)"),
            (#"{"t":1,"ev":"scene.willConnect","scene":"main","phase":"begin"}"#, "1: scene.willConnect t=1000000000 scene=main phase=begin"),
            (#"{"t":1,"ev":"bgtask.begin","task":7,"name":"upload"}"#, "1: bgtask.begin t=1000000000 task=#7 name=upload"),
            (#"{"t":1,"ev":"bgtask.end","task":"sync","phase":"end"}"#, "1: bgtask.end t=1000000000 task=sync phase=end"),
            (#"{"t":1,"ev":"bgtask.end","task":-9223372036854775808}"#, "1: bgtask.end t=1000000000 task=#-9223372036854775808"),
            (
                #"{"t":1,"ev":"process.exit","pid":9223372036854775807,"reason":"purged"}"#,
                "1: process.exit t=1000000000 pid=9223372036854775807 reason=purged(purge)"
            ),
            (#"{"t":1,"ev":"process.exit","reason":"out of memory"}"#, "1: process.exit t=1000000000 reason=out of memory(other)"),
            (#" { "t" : 1 , "ev" : "sys.resume" } "#, "1: sys.resume t=1000000000"),
            ("{\t\"t\":1,\r\"ev\":\"sys.resume\"}\t", "1: sys.resume t=1000000000"),
            // null means absent.
            (#"{"t":1,"ev":"sys.resume","pid":null,"scene":null,"task":null,"phase":null,"reason":null,"name":null}"#, "1: sys.resume t=1000000000"),
            // Ignored keys of any type, at any depth.
            (#"{"t":1,"x":{"a":[1,2,{"b":null}],"c":"\u00e9"},"ev":"sys.resume","y":[],"z":{},"w":-0.5e+3}"#, "1: sys.resume t=1000000000"),
            // The last duplicate wins.
            (#"{"t":1,"ev":"sys.resume","pid":1,"pid":2,"ev":"sys.suspend"}"#, "1: sys.suspend t=1000000000 pid=2"),
            // Keys written with escapes still match.
            (#"{"\u0074":1,"e\u0076":"sys.resume","\u0070id":3}"#, "1: sys.resume t=1000000000 pid=3"),
            // Values with escapes are decoded.
            (#"{"t":1,"ev":"scene.willConnect","scene":"a\"b\\c\/d\u00e9\ud83d\ude00"}"#, "1: scene.willConnect t=1000000000 scene=a\"b\\c/dé😀"),
            (#"{"t":1,"ev":"scene.willConnect","scene":"x\uD800y"}"#, "1: scene.willConnect t=1000000000 scene=x\u{FFFD}y"),
            (#"{"t":1,"ev":"scene.willConnect","scene":"\uDC00\uD800"}"#, "1: scene.willConnect t=1000000000 scene=\u{FFFD}\u{FFFD}"),
            (#"{"t":1,"ev":"app.didBecom\u0065Active","phase":"b\u0065gin"}"#, "1: app.didBecomeActive t=1000000000 phase=begin"),
            (#"{"t":1,"ev":"bgtask.begin","task":"","scene":""}"#, "1: bgtask.begin t=1000000000 scene= task="),
            // Unknown events keep their name.
            (#"{"t":1,"ev":"app.somethingNew"}"#, "1: ?app.somethingNew t=1000000000"),
            (#"{"t":1,"ev":""}"#, "1: ? t=1000000000"),
            // Meta keys on a non-meta record are ignored, whatever their type.
            (#"{"t":1,"ev":"sys.resume","os":true,"modes":3}"#, "1: sys.resume t=1000000000"),
        ])
    func picksKeys(line: String, expected: String) {
        #expect(scanLine(line) == expected)
    }

    @Test(
        "Meta records",
        arguments: [
            (
                #"{"t":1,"ev":"meta","os":"17.4","app":"com.x","model":"uikit-scene","modes":["audio","voip"],"refresh":true}"#,
                "1: meta t=1000000000 meta(os=17.4 app=com.x model=uikit-scene modes=audio,voip refresh=true)"
            ),
            (
                #"{"ev":"meta","t":1,"os":17.4,"modes":[ ],"refresh":false}"#,
                "1: meta t=1000000000 meta(os=17.4 app=- model=- modes= refresh=false)"
            ),
            (
                #"{"t":1,"ev":"meta","os":16,"modes":[ "a" , "b\u0021" ]}"#,
                "1: meta t=1000000000 meta(os=16 app=- model=- modes=a,b! refresh=-)"
            ),
            (
                #"{"t":1,"ev":"meta","os":null,"app":null,"model":null,"modes":null,"refresh":null}"#,
                "1: meta t=1000000000 meta(os=- app=- model=- modes=- refresh=-)"
            ),
            (#"{"t":1,"ev":"meta"}"#, "1: meta t=1000000000 meta(os=- app=- model=- modes=- refresh=-)"),
        ])
    func meta(line: String, expected: String) {
        #expect(scanLine(line) == expected)
    }

    @Test(
        "Type errors and missing keys",
        arguments: [
            (#"{"ev":"sys.resume"}"#, "missing key 't'"),
            (#"{"t":1}"#, "missing key 'ev'"),
            (#"{"t":1,"ev":"bgtask.begin","pid":1}"#, "'bgtask.begin' without a task id ('task'): it cannot be paired with its end"),
            (#"{"t":1,"ev":"endBackgroundTask","task":null}"#, "'bgtask.end' without a task id ('task'): it cannot be paired with its end"),
            (#"{"t":1,"ev":"bgtask.expire","name":"upload"}"#, "'bgtask.expire' without a task id ('task'): it cannot be paired with its end"),
            (#"{}"#, "missing key 't'"),
            (#"{"t":null,"ev":"x"}"#, "'t' must be a number or an RFC 3339 string, found null"),
            (#"{"t":true,"ev":"x"}"#, "'t' must be a number or an RFC 3339 string, found true"),
            (#"{"t":[1],"ev":"x"}"#, "'t' must be a number or an RFC 3339 string, found an array"),
            (#"{"t":1,"ev":null}"#, "'ev' must be a string, found null"),
            (#"{"t":1,"ev":3}"#, "'ev' must be a string, found a number"),
            (#"{"t":1,"ev":{"a":1}}"#, "'ev' must be a string, found an object"),
            (#"{"t":1,"ev":"x","pid":"7"}"#, "'pid' must be an integer, found a string"),
            (#"{"t":1,"ev":"x","pid":1.5}"#, "'pid' must be an integer, found a number with a fraction or an exponent"),
            (#"{"t":1,"ev":"x","pid":1e3}"#, "'pid' must be an integer, found a number with a fraction or an exponent"),
            (#"{"t":1,"ev":"x","pid":9223372036854775808}"#, "'pid' is out of range"),
            (#"{"t":1,"ev":"x","pid":-9223372036854775809}"#, "'pid' is out of range"),
            (#"{"t":1,"ev":"x","pid":false}"#, "'pid' must be an integer, found false"),
            (#"{"t":1,"ev":"x","scene":1}"#, "'scene' must be a string, found a number"),
            (#"{"t":1,"ev":"x","task":true}"#, "'task' must be an integer or a string, found true"),
            (#"{"t":1,"ev":"x","task":2.5}"#, "'task' must be an integer or a string, found a number with a fraction or an exponent"),
            (#"{"t":1,"ev":"x","task":[]}"#, "'task' must be an integer or a string, found an array"),
            (#"{"t":1,"ev":"x","phase":"start"}"#, #"'phase' must be "begin" or "end""#),
            (#"{"t":1,"ev":"x","phase":"Begin"}"#, #"'phase' must be "begin" or "end""#),
            (#"{"t":1,"ev":"x","phase":1}"#, #"'phase' must be "begin" or "end", found a number"#),
            (#"{"t":1,"ev":"x","reason":{}}"#, "'reason' must be a string, found an object"),
            (#"{"t":1,"ev":"x","name":false}"#, "'name' must be a string, found false"),
            (#"{"t":1,"ev":"meta","os":true}"#, "'os' must be a string, found true"),
            (#"{"t":1,"ev":"meta","app":1}"#, "'app' must be a string, found a number"),
            (#"{"t":1,"ev":"meta","model":[]}"#, "'model' must be a string, found an array"),
            (#"{"t":1,"ev":"meta","modes":"audio"}"#, "'modes' must be an array of strings, found a string"),
            (#"{"t":1,"ev":"meta","modes":["audio",1]}"#, "'modes' must be an array of strings"),
            (#"{"t":1,"ev":"meta","modes":[["audio"]]}"#, "'modes' must be an array of strings"),
            (#"{"t":1,"ev":"meta","refresh":"yes"}"#, "'refresh' must be true or false, found a string"),
        ])
    func typeErrors(line: String, expected: String) {
        #expect(scanLine(line) == "malformed: " + expected)
    }

    @Test(
        "Syntax errors name the column",
        arguments: [
            (#"{"t":1,"ev":"sys.resume" "pid":1}"#, "expected ',' or '}' after a member at column 26"),
            (#"{"t":1,"ev":"sys.resume""#, "expected ',' or '}' after a member at column 25"),
            (#"{"t":1,"ev":"sys.resume",}"#, "expected a string key at column 26"),
            (#"{"t" 1}"#, "expected ':' after a key at column 6"),
            (#"{t:1}"#, "expected a string key at column 2"),
            (#"[1]"#, "expected a JSON object at column 1"),
            (#""text""#, "expected a JSON object at column 1"),
            (#"hello"#, "expected a JSON object at column 1"),
            (#"{"t":1,"ev":"x"} x"#, "expected the end of the line after the object at column 18"),
            (#"{"t":1,"ev":"x"}{}"#, "expected the end of the line after the object at column 17"),
            (#"{"t":01,"ev":"x"}"#, "expected ',' or '}' after a member at column 7"),
            (#"{"t":1.,"ev":"x"}"#, "expected a digit after '.' at column 8"),
            (#"{"t":.5,"ev":"x"}"#, "expected a value at column 6"),
            (#"{"t":1e,"ev":"x"}"#, "expected a digit in the exponent at column 8"),
            (#"{"t":-,"ev":"x"}"#, "expected a digit at column 7"),
            (#"{"t":+1,"ev":"x"}"#, "expected a value at column 6"),
            (#"{"t":1,"ev":"x","a":tru}"#, "expected a value at column 21"),
            (#"{"t":1,"ev":"x","a":True}"#, "expected a value at column 21"),
            (#"{"t":1,"ev":"x","a":nul}"#, "expected a value at column 21"),
            (#"{"t":1,"ev":"x","a":NaN}"#, "expected a value at column 21"),
            (#"{"t":1,"ev":"x","a":'s'}"#, "expected a value at column 21"),
            (#"{"t":1,"ev":"x","a":[1,]}"#, "expected a value at column 24"),
            (#"{"t":1,"ev":"x","a":[1 2]}"#, "expected ',' or ']' in an array at column 24"),
            (#"{"t":1,"ev":"x","a":{"b" 1}}"#, "expected ':' after a key at column 26"),
            (#"{"t":1,"ev":"x","a":{"b":1,}}"#, "expected a string key at column 28"),
            (#"{"t":1,"ev":"x","a":{"b":1]}"#, "expected ',' or '}' in an object at column 27"),
            (#"{"t":1,"ev":"x","a":[[[[}"#, "expected a value at column 25"),
            (#"{"t":1,"ev":"x","a":"\x"}"#, "invalid escape in a string at column 22"),
            (#"{"t":1,"ev":"x","a":"\u12"}"#, "invalid '\\u' escape at column 22"),
            (#"{"t":1,"ev":"x","a":"\u12G4"}"#, "invalid '\\u' escape at column 22"),
            (#"{"t":1,"ev":"x","a":"abc}"#, "unterminated string starting at column 21"),
            (#"{"t":1,"ev":"x","a":"abc\"#, "unterminated string at column 25"),
        ])
    func syntaxErrors(line: String, expected: String) {
        #expect(scanLine(line) == "malformed: " + expected)
    }

    @Test(
        "Raw control characters, NUL and invalid UTF-8 in strings are rejected",
        arguments: [
            ([0x00], "control character U+0000 in a string at column 22"),
            ([0x09], "control character U+0009 in a string at column 22"),
            ([0x1F], "control character U+001F in a string at column 22"),
            ([0x80], "invalid UTF-8 in a string at column 22"),  // stray continuation
            ([0xC0, 0xAF], "invalid UTF-8 in a string at column 22"),  // overlong '/'
            ([0xC1, 0xBF], "invalid UTF-8 in a string at column 22"),  // overlong
            ([0xE0, 0x80, 0xAF], "invalid UTF-8 in a string at column 22"),  // overlong 3-byte
            ([0xF0, 0x80, 0x80, 0xAF], "invalid UTF-8 in a string at column 22"),  // overlong 4-byte
            ([0xED, 0xA0, 0x80], "invalid UTF-8 in a string at column 22"),  // U+D800 encoded
            ([0xED, 0xBF, 0xBF], "invalid UTF-8 in a string at column 22"),  // U+DFFF encoded
            ([0xF4, 0x90, 0x80, 0x80], "invalid UTF-8 in a string at column 22"),  // > U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], "invalid UTF-8 in a string at column 22"),
            ([0xFF], "invalid UTF-8 in a string at column 22"),
            ([0xE2, 0x82], "invalid UTF-8 in a string at column 22"),  // truncated (quote follows)
            ([0x61, 0xC3], "invalid UTF-8 in a string at column 23"),
        ] as [([UInt8], String)])
    func badStringBytes(bytes: [UInt8], expected: String) {
        let line = Array(#"{"t":1,"ev":"x","a":""#.utf8) + bytes + Array(#""}"#.utf8)
        #expect(scanError(line) == expected)
    }

    @Test("Valid multi-byte UTF-8 at every length is accepted, also past 8-byte blocks")
    func validUTF8() {
        for text in ["é", "€", "😀", "\u{10FFFF}", "\u{FFFF}", "\u{E000}", "abcdefgh€ijklmnop😀qrstuvwxyz", String(repeating: "aé", count: 40)] {
            let line = #"{"t":1,"ev":"scene.willConnect","scene":""# + text + #""}"#
            #expect(scanLine(line) == "1: scene.willConnect t=1000000000 scene=" + text)
        }
    }

    @Test("A string scanned in 8-byte blocks finds specials at every offset")
    func specialsAtEveryOffset() {
        for offset in 0..<17 {
            let prefix = String(repeating: "a", count: offset)
            #expect(scanLine(#"{"t":1,"ev":"x","a":""# + prefix + "\u{1}\"}") == "malformed: control character U+0001 in a string at column \(22 + offset)")
            #expect(scanLine(#"{"t":1,"ev":"scene.willConnect","scene":""# + prefix + "\\n\"}") == "1: scene.willConnect t=1000000000 scene=\(prefix)\n")
            #expect(scanLine(#"{"t":1,"ev":"scene.willConnect","scene":""# + prefix + "\"}") == "1: scene.willConnect t=1000000000 scene=\(prefix)")
        }
    }

    @Test("Deep nesting is handled without recursion")
    func deepNesting() {
        let depth = 500_000
        let open = String(repeating: "[", count: depth)
        let close = String(repeating: "]", count: depth)
        #expect(scanLine(#"{"t":1,"ev":"x","a":"# + open) == "malformed: expected a value at column \(21 + depth)")
        #expect(scanLine(#"{"t":1,"ev":"sys.resume","a":"# + open + close + "}") == "1: sys.resume t=1000000000")
        let objects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(scanLine(#"{"t":1,"ev":"sys.resume","a":"# + objects + "}") == "1: sys.resume t=1000000000")
        // Mixed nesting must close with the matching bracket.
        #expect(scanLine(#"{"t":1,"ev":"x","a":[{"b":[1]]]}"#) == "malformed: expected ',' or '}' in an object at column 30")
        #expect(JSONValidator.validate(Array(open.utf8)) != nil)
        #expect(JSONValidator.validate(Array((open + close).utf8)) == nil)
    }

    @Test("Every spelling of every event maps to its event", arguments: LifecycleEvent.allSpellings.map { $0.name })
    func eventSpellings(name: String) throws {
        let expected = try #require(LifecycleEvent(name: name))
        var scanner = RecordScanner()
        let line = #"{"t":1,"ev":""# + name + #"","task":1}"#
        let record: Record
        switch scanner.scan(line) {
        case .record(let r), .meta(let r, _): record = r
        case .malformed:
            Issue.record("not a record: \(line)")
            return
        }
        #expect(record.event == expected)
        #expect(record.unknownName == .none)
        #expect(scanner.symbols.count == 0)
    }

    @Test("Near misses of event names are unknown")
    func eventNearMisses() {
        for name in ["app.didbecomeactive", "app.didBecomeActive ", "App.didBecomeActive", "bgtask.begi", "sys.kills", "m", "meta\u{0}"] {
            var scanner = RecordScanner()
            let escaped = name.replacingOccurrences(of: "\u{0}", with: "\\u0000")
            guard case .record(let record) = scanner.scan(#"{"t":1,"ev":""# + escaped + #""}"#) else {
                Issue.record("not a record: \(name)")
                continue
            }
            #expect(record.event == .unknown)
            #expect(scanner.symbols[record.unknownName] == name)
        }
    }

    @Test("Equal strings intern to one symbol")
    func interning() {
        var scanner = RecordScanner()
        var symbols: [Symbol] = []
        for line in [
            #"{"t":1,"ev":"scene.willConnect","scene":"main"}"#,
            #"{"t":2,"ev":"scene.didBecomeActive","scene":"main"}"#,
            #"{"t":3,"ev":"scene.didBecomeActive","scene":"m\u0061in"}"#,
            #"{"t":4,"ev":"scene.didBecomeActive","scene":"other"}"#,
            #"{"t":5,"ev":"bgtask.begin","task":"main","name":"main"}"#,
        ] {
            guard case .record(let r) = scanner.scan(line) else {
                Issue.record("not a record: \(line)")
                return
            }
            symbols.append(r.scene.isPresent ? r.scene : { if case .name(let s)? = r.task { return s } else { return .none } }())
        }
        #expect(symbols[0] == symbols[1])
        #expect(symbols[0] == symbols[2])
        #expect(symbols[3] != symbols[0])
        #expect(symbols[4] == symbols[0])
        #expect(scanner.symbols.strings == ["main", "other"])
    }

    @Test("Many distinct strings intern and look up correctly (table growth)")
    func internGrowth() {
        var scanner = RecordScanner()
        var seen: [String: Symbol] = [:]
        for round in 0..<2 {
            for k in 0..<5000 {
                let scene = "scene-\(k * 7919 % 5000)"
                guard case .record(let r) = scanner.scan(#"{"t":1,"ev":"scene.willConnect","scene":""# + scene + #""}"#) else {
                    Issue.record("not a record")
                    return
                }
                if round == 0, seen[scene] == nil { seen[scene] = r.scene }
                #expect(seen[scene] == r.scene)
                #expect(scanner.symbols[r.scene] == scene)
            }
        }
        #expect(scanner.symbols.count == 5000)
    }

    @Test("Reason codes are interpreted per symbol")
    func reasonCodes() {
        var scanner = RecordScanner()
        let cases: [(String, ReasonCode)] = [
            ("user", .user), ("background", .background), ("terminate", .terminate), ("purge", .purge),
            ("crash", .crash), ("watchdog", .watchdog), ("jetsam", .jetsam), ("bgtask-timeout", .bgtaskTimeout),
            ("unknown", .unknown), ("something else", .other), ("user", .user), ("crash", .crash),
        ]
        for (text, code) in cases {
            guard case .record(let r) = scanner.scan(#"{"t":1,"ev":"process.exit","reason":""# + text + #""}"#) else {
                Issue.record("not a record")
                return
            }
            #expect(r.reasonCode == code, "\(text)")
            #expect(scanner.symbols[r.reason] == text)
        }
        // A scene symbol later used as a reason gets its code too.
        _ = scanner.scan(#"{"t":1,"ev":"scene.willConnect","scene":"jetsam"}"#)
        guard case .record(let r) = scanner.scan(#"{"t":1,"ev":"sys.kill","reason":"jetsam"}"#) else { return }
        #expect(r.reasonCode == .jetsam)
    }
}

/// The symbol table forgets what the consumer no longer holds, without renumbering.
@Suite struct SymbolRetentionTests {
    @Test func forgottenSymbolsAreGoneAndLiveOnesKeepTheirNumbersAndStrings() {
        var scanner = RecordScanner()
        var symbols: [Symbol] = []
        for i in 0..<100 {
            guard case .record(let r) = scanner.scan(#"{"t":1,"ev":"scene.willConnect","scene":"s\#(i)","reason":"purge"}"#) else {
                Issue.record("line \(i) did not scan")
                return
            }
            symbols.append(r.scene)
        }
        let keep: Set<Symbol> = [symbols[3], symbols[50]]
        scanner.retainSymbols(keep)
        #expect(scanner.symbols[symbols[3]] == "s3")
        #expect(scanner.symbols[symbols[50]] == "s50")
        #expect(scanner.symbols[symbols[4]] == nil)
        #expect(scanner.symbols.count == 2)
        // A kept string interns to its old symbol; a forgotten one gets a new symbol.
        guard case .record(let again) = scanner.scan(#"{"t":1,"ev":"scene.willConnect","scene":"s3","reason":"purge"}"#),
            case .record(let fresh) = scanner.scan(#"{"t":1,"ev":"scene.willConnect","scene":"s4","reason":"purge"}"#)
        else {
            Issue.record("did not scan")
            return
        }
        #expect(again.scene == symbols[3])
        #expect(fresh.scene.rawValue > symbols[99].rawValue)
        #expect(scanner.symbols[fresh.scene] == "s4")
        #expect(fresh.reasonCode == .purge)
        #expect(scanner.symbols.strings == ["s3", "s50", "purge", "s4"])
    }
}

/// The fast start (`"t":…,"ev":"…","pid":…` and the usual member after it, without
/// whitespace) accepts, rejects and describes every line exactly as the general member loop does.
@Suite struct FastStartTests {
    static let lines = [
        #"{"t":1795168800.002,"ev":"process.launch","pid":7858,"reason":"user"}"#,
        #"{"t":1795168800,"ev":"app.didBecomeActive","pid":-1}"#,
        #"{"t":1795168800.5,"ev":"sys.kill","pid":12.5}"#,
        #"{"t":1795168800.5,"ev":"sys.kill","pid":1e3}"#,
        #"{"t":1795168800.5,"ev":"sys.kill","pid":99999999999999999999}"#,
        #"{"t":1795168800.5,"ev":"sys.kill","pid":012}"#,
        #"{"t":1795168800.5,"ev":"sys.kill","pid":7,"t":3}"#,
        #"{"t":1795168800.5,"ev":"sys.kill","pid":7,"ev":"meta"}"#,
        #"{"t":1795168800.,"ev":"x"}"#,
        #"{"t":1795168800.123456789123,"ev":"x"}"#,
        #"{"t":17951688001234,"ev":"x"}"#,
        #"{"t":0123,"ev":"x"}"#,
        #"{"t":1e9,"ev":"x"}"#,
        #"{"t":1795168800.5e1,"ev":"x"}"#,
        #"{"t":1,"ev":"a\u0062c"}"#,
        #"{"t":1,"ev":"a\qc"}"#,
        #"{"t":1,"ev":"a"#,
        #"{"t":1,"ev":"é\#u{01}"}"#,
        #"{"t":1,"ev":7}"#,
        #"{"t":1,"ev":"x","pid":}"#,
        #"{"t":1,"ev":"x","pid":3"#,
        #"{"t":1,"ev":"x""#,
        #"{"t":1,"ev":"x"} x"#,
        #"{"t":1"#,
        #"{"t":1,"#,
        #"{"t":1}"#,
        #"{"t":1,"ev":"x","pid":3,"scene":"s","task":"k","phase":"begin"}"#,
        // The usual member after `pid` (scene, phase, task, reason), then the general loop.
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":"7BD6DE74-S1"}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":"a\u0062c","phase":"end"}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":"a\qc"}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":"abc"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":7}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":null}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene" :"s"}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scene":"s","scene":"t"}"#,
        #"{"t":1,"ev":"scene.didBecomeActive","pid":3,"scenes":"s"}"#,
        #"{"t":1,"ev":"app.didFinishLaunching","pid":3,"phase":"begin"}"#,
        #"{"t":1,"ev":"app.didFinishLaunching","pid":3,"phase":"later"}"#,
        #"{"t":1,"ev":"app.didFinishLaunching","pid":3,"phase":1}"#,
        #"{"t":1,"ev":"app.didFinishLaunching","pid":3,"phases":"end","phase":"end"}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":12}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":-12}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":1.5}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":01}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":"com.example.refresh","name":"n"}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":true}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":[1]}"#,
        #"{"t":1,"ev":"bgtask.begin","pid":3,"task":"k"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"reason":"jetsam"}"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"reason":"user","reason":"crash"}"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"reasons":"crash"}"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"reason":{}}"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"reason":"ab"}"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"reason":""}"#,
        #"{"t":1,"ev":"sys.exit","pid":3,"scene":""}"#,
    ]

    /// What a scanned record holds, for comparing the two paths.
    static func describe(_ r: Record, _ symbols: SymbolTable) -> String {
        let task: String
        switch r.task {
        case .number(let k): task = "#\(k)"
        case .name(let s): task = symbols[s] ?? "?"
        case nil: task = "-"
        }
        return "record \(r.event) \(r.time.nanoseconds) \(r.pid.map(String.init) ?? "-") \(symbols[r.unknownName] ?? "")"
            + " scene=\(symbols[r.scene] ?? "-") task=\(task) phase=\(r.phase) reason=\(symbols[r.reason] ?? "-")/\(r.reasonCode)"
            + " name=\(symbols[r.name] ?? "-")"
    }

    /// The line with a space before the colon of its leading `"t":`, which the fast start does
    /// not take (a space after `{` is skipped before the fast start looks, so it would test the
    /// fast path against itself), and its outcome with the columns after that byte shifted back.
    static func generalOutcome(_ line: String) -> String {
        var scanner = RecordScanner()
        let prefix = #"{"t":"#
        let shifted = line.hasPrefix(prefix)
        let spaced = shifted ? #"{"t" :"# + line.dropFirst(prefix.count) : line
        switch scanner.scan(spaced) {
        case .record(let r), .meta(let r, _):
            return describe(r, scanner.symbols)
        case .malformed(let message):
            guard shifted, let range = message.range(of: "at column ") else { return "malformed: " + message }
            let column = Int(message[range.upperBound...])!
            return "malformed: " + message[..<range.upperBound] + String(column > 5 ? column - 1 : column)
        }
    }

    /// The spaced form of the comparison is itself a valid record, so the comparison compares
    /// records with records rather than with errors.
    @Test func theSpacedComparisonLineIsARecord() {
        var scanner = RecordScanner()
        guard case .record(let r) = scanner.scan(#"{"t" :1,"ev":"app.didBecomeActive","pid":7}"#) else {
            Issue.record("the spaced line is a record")
            return
        }
        #expect(r.pid == 7)
    }

    @Test("Same outcome as the general loop", arguments: lines)
    func sameAsGeneral(line: String) {
        var scanner = RecordScanner()
        let fast: String
        switch scanner.scan(line) {
        case .record(let r), .meta(let r, _):
            fast = Self.describe(r, scanner.symbols)
        case .malformed(let message):
            fast = "malformed: " + message
        }
        #expect(fast == Self.generalOutcome(line))
    }
}

/// The event cache in front of the event table: hits are exact.
@Suite struct EventCacheTests {
    @Test func warmCacheMapsEverySpellingAndNoNearMiss() {
        var scanner = RecordScanner()
        let names = LifecycleEvent.allSpellings.map(\.name)
        let nearMisses = names.flatMap { name -> [String] in
            var a = Array(name.utf8)
            var b = a
            a[a.count / 2] ^= 0x20
            b[b.count - 1] ^= 0x01
            return [String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self), name + "x", String(name.dropLast())]
        }.filter { name in
            LifecycleEvent(name: name) == nil && name.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }
        }
        for round in 0..<3 {
            for name in names + nearMisses {
                let line = #"{"t":1,"ev":""# + name + #"","task":1}"#
                let record: Record
                switch scanner.scan(line) {
                case .record(let r), .meta(let r, _): record = r
                case .malformed(let message):
                    Issue.record("\(line): \(message)")
                    continue
                }
                let expected = LifecycleEvent(name: name) ?? .unknown
                #expect(record.event == expected, "round \(round): \(name)")
            }
        }
    }
}

/// The interner's cache for strings of 4 to 16 bytes: hits are exact.
@Suite struct InternerCacheTests {
    @Test func similarStringsStayDistinct() {
        var scanner = RecordScanner()
        var seen: [String: Symbol] = [:]
        let bases = ["user", "abcde", "FB91B577-S1", "0123456789abcdef", "abcdefgh", "abc"]
        var names: [String] = []
        for base in bases {
            names.append(base)
            for k in 0..<base.utf8.count {
                var bytes = Array(base.utf8)
                bytes[k] = bytes[k] == 0x41 ? 0x42 : 0x41
                names.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        for round in 0..<3 {
            for name in names {
                guard case .record(let r) = scanner.scan(#"{"t":1,"ev":"sys.kill","reason":""# + name + #""}"#) else {
                    Issue.record("did not scan \(name)")
                    continue
                }
                #expect(scanner.symbols[r.reason] == name, "round \(round)")
                if let earlier = seen[name] { #expect(r.reason == earlier) } else { seen[name] = r.reason }
            }
        }
        #expect(Set(seen.values).count == Set(names).count)
    }
}
