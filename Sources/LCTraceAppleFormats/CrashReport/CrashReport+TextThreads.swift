import LCTraceCore

/// The threads of a text report (SPEC §10): `Thread N name: … Dispatch queue: …`, `Thread N
/// Crashed:` or `Thread N:`, then one line a frame (`4   UIKitCore   0x192fb1330 -[UIViewController
/// …] + 84`, unsymbolicated `2   App   0x1022364bc 0x102230000 + 25788`, or with a `// symbol`
/// comment), and `Binary Images:` (`0x… - 0x… NAME ARCH <uuid> PATH`) for the images' paths.
extension CrashReport {
    /// Reads the threads of a text report's lines and keeps the one that matters.
    mutating func readTextThreads(_ lines: [Substring], singled: Int?, highlighted: Bool = false, isWatchdog: Bool) {
        var threads: [ReadThread] = []
        var mainQueueThread: Int?
        var crashed: Int?
        var current: Int?
        var images: [String: String] = [:]
        var inImages = false
        for raw in lines {
            var line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            while line.first == ">" { line = line.dropFirst().drop { $0 == " " } }
            if line.last == "\r" { line = line.dropLast() }
            if line.hasPrefix("Binary Images:") {
                inImages = true
                current = nil
                continue
            }
            if inImages {
                if let (name, path) = Self.binaryImage(line) { images[name] = path }
                continue
            }
            if line.hasPrefix("Thread ") {
                let rest = line.dropFirst("Thread ".count)
                guard let number = Int(rest.prefix { $0.isNumber }) else { continue }
                let after = rest.drop { $0.isNumber }
                if after.hasPrefix(" name:") {
                    if after.contains(Self.mainQueue) { mainQueueThread = number }
                    continue
                }
                if after.hasPrefix(" Crashed:") { crashed = number }
                if after.hasPrefix(" Crashed:") || after.hasPrefix(":") {
                    current = number
                    threads.append(ReadThread(number: number, onMainQueue: false, frames: []))
                }
                // `Thread 0 crashed with ARM Thread State` and the like end the frames.
                else {
                    current = nil
                }
                continue
            }
            guard current != nil else { continue }
            if line.isEmpty {
                current = nil
                continue
            }
            if let frame = Self.textFrame(line) { threads[threads.count - 1].frames.append(frame) }
        }
        for t in threads.indices {
            threads[t].onMainQueue = threads[t].number == mainQueueThread
            for f in threads[t].frames.indices {
                if let image = threads[t].frames[f].image { threads[t].frames[f].path = images[image] }
            }
        }
        choose(threads, singled: singled ?? crashed, highlighted: singled != nil && highlighted, isWatchdog: isWatchdog)
    }

    /// A frame line, or `nil` for a line that is not one.
    static func textFrame(_ line: Substring) -> CodeFrame? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 3, Int(words[0]) != nil else { return nil }
        // The address is the first word after the image's name that reads `0x…` (or, for a
        // frame with no image, all digits: `???  000000000000000000 0 + 0`).
        guard let a = words.indices.dropFirst(2).first(where: { isAddress(words[$0]) }) ?? (words.count > 2 ? 2 : nil) else {
            return nil
        }
        let image = words[1..<a].joined(separator: " ")
        let rest = line[words[a].endIndex...].drop { $0 == " " || $0 == "\t" }
        var frame = CodeFrame(image: image == "???" ? nil : image)
        // Unsymbolicated: `0x102230000 + 25788`, maybe followed by `// symbol + 0x824`.
        let restWords = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if restWords.count >= 3, isAddress(restWords[0]) || restWords[0].allSatisfy(\.isNumber), restWords[1] == "+" {
            frame.offset = number(restWords[2])
            if let comment = rest.range(of: "// ") {
                frame.symbol = symbol(rest[comment.upperBound...])
            }
            return frame
        }
        frame.symbol = symbol(rest)
        return frame
    }

    /// A symbol without its ` + 312` offset and ` (File.m:1072)` source location.
    static func symbol(_ text: Substring) -> String? {
        var s = text
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        if s.last == ")", let open = s.range(of: " (", options: .backwards), s[open.upperBound...].contains(":") {
            s = s[..<open.lowerBound]
        }
        if let plus = s.range(of: " + ", options: .backwards), number(s[plus.upperBound...]) != nil {
            s = s[..<plus.lowerBound]
        }
        return s.isEmpty ? nil : String(s)
    }

    /// `0x1f2e`: hexadecimal with its prefix.
    static func isAddress(_ word: Substring) -> Bool {
        word.count > 2 && word.hasPrefix("0x") && word.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// A decimal or `0x` hexadecimal offset.
    static func number(_ word: Substring) -> Int64? {
        if word.hasPrefix("0x") { return Int64(word.dropFirst(2), radix: 16) }
        return Int64(word)
    }

    /// `0x18a94d000 - 0x18aeb5fff libswiftCore.dylib arm64e <a49d…> /usr/lib/swift/libswiftCore.dylib`
    /// (a `+` before an app image's name in older reports): the name and the path.
    static func binaryImage(_ line: Substring) -> (String, String)? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 5, isAddress(words[0]), words[1] == "-", isAddress(words[2]) else { return nil }
        guard let uuid = words.firstIndex(where: { $0.hasPrefix("<") }), uuid >= 5 else { return nil }
        var name = words[3..<(uuid - 1)].joined(separator: " ")
        if name.hasPrefix("+") { name.removeFirst() }
        guard let close = line.range(of: ">") else { return nil }
        let path = line[close.upperBound...].drop { $0 == " " || $0 == "\t" }
        return name.isEmpty || path.isEmpty ? nil : (name, String(path))
    }
}
