import LCTraceCore
import LCTraceIngest

/// The message convention lctrace reads in unified-log records (docs/INSTRUMENTING.md):
/// an event name as the whole message or its first word, then optional `key=value` details.
///
/// ```
/// app.didEnterBackground phase=begin
/// bgtask.begin task=7 name=upload
/// scene.willConnect scene=main
/// sys.kill pid=201 reason=bgtask-timeout
/// meta os=17.4 app=com.example.uploader model=uikit-app modes=audio,location
/// ```
///
/// The event is any spelling of SPEC §2 (`LifecycleEvent.allSpellings`): canonical names,
/// UIKit selectors, Xamarin names; a trailing `:` after a name that has none is ignored
/// (`app.didBecomeActive: restored`). Details are separated by whitespace; a value is a word,
/// a double-quoted string (`name="nightly upload"`, with `\"` and `\\`), or an os_log
/// placeholder in angle brackets (`<mask.hash: 'AbC…'>`). `<private>` is a redacted value and
/// makes the record malformed: the value was logged without `privacy: .public`. Words that are
/// not `key=value`, and keys lctrace does not know, are ignored.
enum UnifiedLogMessage {
    /// The detail keys lctrace reads: the native record keys plus `pid` (an observer naming
    /// the app's process) and the `meta` keys.
    static let knownKeys: Set<String> = [
        "scene", "task", "reason", "name", "kind", "phase", "pid", "os", "app", "model", "modes", "refresh",
        "version", "sdk", "via",
    ]

    /// Every spelling with its event; the first spelling of a name wins.
    private static let spellings: [String: LifecycleEvent] = {
        var table: [String: LifecycleEvent] = [:]
        for (name, event) in LifecycleEvent.allSpellings where table[name] == nil { table[name] = event }
        return table
    }()

    /// Which lengths (below 128) a spelling has: a cheap filter before building a `String`.
    private static let spellingLengths: [Bool] = {
        var set = [Bool](repeating: false, count: 128)
        for name in spellings.keys where name.utf8.count < 128 { set[name.utf8.count] = true }
        return set
    }()

    /// The event a word names, if any.
    static func event(named word: ArraySlice<UInt8>) -> LifecycleEvent? {
        func lookup(_ w: ArraySlice<UInt8>) -> LifecycleEvent? {
            guard w.count < 128, spellingLengths[w.count] else { return nil }
            return spellings[String(decoding: w, as: UTF8.self)]
        }
        if let hit = lookup(word) { return hit }
        if word.last == 0x3A { return lookup(word.dropLast()) }
        return nil
    }

    @inline(__always)
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// Whether the first word of a message has the length of a spelling: a check without
    /// allocation that rules out most messages that are not lifecycle events.
    static func firstWordMayBeEvent(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        while i < count, isSpace(p[i]) { i += 1 }
        var j = i
        while j < count, !isSpace(p[j]) { j += 1 }
        let length = j - i
        guard length > 0, length < 129 else { return false }
        if length < 128, spellingLengths[length] { return true }
        return p[j - 1] == 0x3A && spellingLengths[length - 1]
    }

    /// The event named by the message's first word, and the rest of the message.
    static func leadingEvent(_ message: ArraySlice<UInt8>) -> (event: LifecycleEvent, rest: ArraySlice<UInt8>)? {
        var i = message.startIndex
        while i < message.endIndex, isSpace(message[i]) { i += 1 }
        var j = i
        while j < message.endIndex, !isSpace(message[j]) { j += 1 }
        guard j > i, let event = event(named: message[i..<j]) else { return nil }
        return (event, message[j...])
    }

    /// A `key=value` detail.
    struct Detail: Equatable {
        var key: String
        var value: String
        /// Whether the value was quoted (then `7` stays a string, never a number).
        var quoted: Bool
    }

    /// The known `key=value` details of a message (the part after the event).
    ///
    /// - Throws: a message for a redacted value (`'scene' is redacted ('<private>'): log it
    ///   with privacy: .public`) or an unterminated quote.
    static func details(_ text: ArraySlice<UInt8>) throws(ScanFailure) -> [Detail] {
        var out: [Detail] = []
        var i = text.startIndex
        let end = text.endIndex
        while i < end {
            while i < end, isSpace(text[i]) { i += 1 }
            if i == end { break }
            // The key: up to '=' or whitespace.
            let keyStart = i
            while i < end, text[i] != 0x3D, !isSpace(text[i]) { i += 1 }
            guard i < end, text[i] == 0x3D, i > keyStart else {
                // A free word: skip it (a quoted or bracketed one as a whole).
                i = skipValue(text, keyStart)
                continue
            }
            let key = String(decoding: text[keyStart..<i], as: UTF8.self)
            i += 1
            var value: [UInt8] = []
            var quoted = false
            if i < end, text[i] == 0x22 {
                quoted = true
                i += 1
                var closed = false
                while i < end {
                    let c = text[i]
                    if c == 0x5C, i + 1 < end {
                        value.append(text[i + 1])
                        i += 2
                        continue
                    }
                    i += 1
                    if c == 0x22 {
                        closed = true
                        break
                    }
                    value.append(c)
                }
                if !closed, knownKeys.contains(key) { throw ScanFailure("'\(key)' has an unterminated quoted value") }
            } else {
                let start = i
                i = skipValue(text, i)
                value = Array(text[start..<i])
                if value.last == 0x2C || value.last == 0x3B { value.removeLast() }
            }
            guard knownKeys.contains(key) else { continue }
            let string = String(decoding: value, as: UTF8.self)
            if !quoted, string == "<private>" {
                throw ScanFailure("'\(key)' is redacted ('<private>'): log it with privacy: .public")
            }
            out.append(Detail(key: key, value: string, quoted: quoted))
        }
        return out
    }

    /// The end of the word (or `"quoted"` / `<bracketed>` value) starting at `i`.
    private static func skipValue(_ text: ArraySlice<UInt8>, _ i: Int) -> Int {
        var i = i
        let end = text.endIndex
        if i < end, text[i] == 0x3C {
            // An os_log placeholder such as `<mask.hash: 'AbC='>` holds spaces.
            while i < end, text[i] != 0x3E { i += 1 }
            return min(i + 1, end)
        }
        if i < end, text[i] == 0x22 {
            i += 1
            while i < end, text[i] != 0x22 { i += text[i] == 0x5C ? 2 : 1 }
            return min(i + 1, end)
        }
        while i < end, !isSpace(text[i]) { i += 1 }
        return i
    }
}
