/// The checks a plist passes before Foundation parses it (SPEC §11; docs/INFOPLIST.md): a
/// hostile plist (nesting thousands deep, a million elements, an entity that expands, a
/// binary object table that refers to itself) is refused here, in one linear pass, with its
/// reason, so that `PropertyListSerialization` only ever sees a plist of bounded shape.
enum InfoPlistBounds {
    /// The deepest nesting of arrays and dictionaries (a real Info.plist nests about 6 deep).
    static let maximumDepth = 32
    /// The most objects (XML elements, binary objects): a real Info.plist holds a few hundred.
    static let maximumObjects = 100_000

    /// Why the XML text cannot be handed to Foundation, or `nil` when its shape is bounded.
    ///
    /// - Complexity: O(n) in the bytes.
    static func xmlProblem(_ bytes: [UInt8]) -> String? {
        var depth = 0
        var elements = 0
        var i = 0
        let n = bytes.count
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts(bytes, i, "<!ENTITY") || starts(bytes, i, "<!entity") {
                return "an XML entity declaration (refused: entities can expand without bound)"
            }
            if starts(bytes, i, "<!--") {
                // A comment may hold any text; skip to its end.
                var j = i + 4
                while j + 2 < n, !(bytes[j] == UInt8(ascii: "-") && bytes[j + 1] == UInt8(ascii: "-") && bytes[j + 2] == UInt8(ascii: ">")) {
                    j += 1
                }
                i = j + 3
                continue
            }
            elements += 1
            if elements > maximumObjects { return "more than \(maximumObjects) elements" }
            let closing = i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")
            let nameStart = closing ? i + 2 : i + 1
            let container = starts(bytes, nameStart, "dict") || starts(bytes, nameStart, "array")
            // The end of the tag, to see whether it closes itself (`<dict/>`).
            var j = nameStart
            while j < n, bytes[j] != UInt8(ascii: ">") { j += 1 }
            let selfClosing = j > 0 && j < n && bytes[j - 1] == UInt8(ascii: "/")
            if container && !selfClosing {
                if closing {
                    depth -= 1
                } else {
                    depth += 1
                    if depth > maximumDepth { return "arrays and dictionaries nested more than \(maximumDepth) deep" }
                }
            }
            i = j + 1
        }
        return nil
    }

    /// Why the binary plist (`bplist00`) cannot be handed to Foundation, or `nil` when its
    /// trailer, offset table and object graph are sound: every offset and reference in the
    /// file, no object its own ancestor (a cycle), nesting and object count bounded.
    ///
    /// - Complexity: O(n) in the bytes: each object is walked once.
    static func binaryProblem(_ b: [UInt8]) -> String? {
        let n = b.count
        guard n >= 8 + 32 else { return "a binary plist shorter than its header and trailer" }
        let trailer = n - 32
        let offsetSize = Int(b[trailer + 6])
        let refSize = Int(b[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else { return "a binary plist trailer with bad integer sizes" }
        let objects = bigEndian(b, trailer + 8, 8)
        let top = bigEndian(b, trailer + 16, 8)
        let tableStart = bigEndian(b, trailer + 24, 8)
        guard objects >= 1, objects <= UInt64(maximumObjects) else {
            return objects == 0 ? "a binary plist with no object" : "more than \(maximumObjects) objects"
        }
        guard top < objects else { return "a binary plist whose top object is outside its object table" }
        guard tableStart >= 8, tableStart <= UInt64(trailer), UInt64(trailer) - tableStart >= objects * UInt64(offsetSize) else {
            return "a binary plist whose offset table lies outside the file"
        }
        let count = Int(objects)
        let table = Int(tableStart)
        var offsets = [Int](repeating: 0, count: count)
        for k in 0..<count {
            let offset = bigEndian(b, table + k * offsetSize, offsetSize)
            guard offset >= 8, offset < tableStart else { return "a binary plist object offset outside the file (object \(k))" }
            offsets[k] = Int(offset)
        }
        // Depth-first from the top object: 0 unseen, 1 on the path, 2 done.
        var state = [UInt8](repeating: 0, count: count)
        var stack: [(object: Int, refs: Int, next: Int, total: Int)] = []
        func children(_ object: Int) -> (refs: Int, total: Int)?? {
            let at = offsets[object]
            let marker = b[at]
            let kind = marker >> 4
            var length = Int(marker & 0x0F)
            var body = at + 1
            if length == 0x0F && kind != 0 && kind != 1 && kind != 2 && kind != 3 {
                // The length is an integer object of its own: `0x1N` then 2^N bytes.
                guard body < table, b[body] >> 4 == 1, b[body] & 0x0F <= 3 else { return .some(nil) }
                let size = 1 << Int(b[body] & 0x0F)
                guard body + 1 + size <= table else { return .some(nil) }
                let value = bigEndian(b, body + 1, size)
                guard value <= UInt64(table) else { return .some(nil) }
                length = Int(value)
                body += 1 + size
            }
            switch kind {
            case 0xA, 0xC:
                guard body + length * refSize <= table else { return .some(nil) }
                return (body, length)
            case 0xD:
                guard body + 2 * length * refSize <= table else { return .some(nil) }
                return (body, 2 * length)
            case 0x4, 0x5:
                return body + length <= table ? nil : .some(nil)
            case 0x6:
                return body + 2 * length <= table ? nil : .some(nil)
            default:
                return nil
            }
        }
        let root = Int(top)
        switch children(root) {
        case .some(.none): return "a binary plist object that runs past the object table (object \(root))"
        case .some(.some(let c)):
            stack.append((root, c.refs, 0, c.total))
            state[root] = 1
        case .none:
            return nil
        }
        while let last = stack.last {
            if last.next == last.total {
                state[last.object] = 2
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let ref = bigEndian(b, last.refs + last.next * refSize, refSize)
            guard ref < objects else { return "a binary plist reference to an object that does not exist (object \(last.object))" }
            let child = Int(ref)
            if state[child] == 1 { return "a binary plist whose object table refers to itself (a cycle at object \(child))" }
            if state[child] == 2 { continue }
            switch children(child) {
            case .some(.none): return "a binary plist object that runs past the object table (object \(child))"
            case .some(.some(let c)):
                guard stack.count < maximumDepth else { return "arrays and dictionaries nested more than \(maximumDepth) deep" }
                state[child] = 1
                stack.append((child, c.refs, 0, c.total))
            case .none:
                state[child] = 2
            }
        }
        return nil
    }

    private static func starts(_ b: [UInt8], _ i: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= b.count else { return false }
        for k in 0..<count where b[i + k] != literal.utf8Start[k] { return false }
        return true
    }

    private static func bigEndian(_ b: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in 0..<size { value = value << 8 | UInt64(b[at + k]) }
        return value
    }
}
