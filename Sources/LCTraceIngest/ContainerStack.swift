/// The open arrays and objects of a value being skipped, one bit each.
///
/// Nesting is tracked on this heap stack, never on the call stack, so a line
/// of 500,000 `[` is rejected or accepted without recursion. The storage is
/// kept between lines.
package struct ContainerStack {
    /// One bit per level: 1 for an object, 0 for an array.
    private var words: [UInt64] = [0]
    /// The number of open containers.
    package private(set) var depth = 0

    /// An empty stack.
    package init() {}

    /// Forgets every level (a new value starts), keeping the storage.
    @inline(__always)
    package mutating func reset() { depth = 0 }

    /// Opens a container.
    @inline(__always)
    package mutating func push(object: Bool) {
        let word = depth >> 6
        if word == words.count { words.append(0) }
        let bit = UInt64(1) << UInt64(depth & 63)
        if object { words[word] |= bit } else { words[word] &= ~bit }
        depth += 1
    }

    /// Closes the innermost container.
    @inline(__always)
    package mutating func pop() { depth -= 1 }

    /// Whether the innermost container is an object (false: an array). Requires `depth > 0`.
    @inline(__always)
    package var topIsObject: Bool {
        let d = depth - 1
        return words[d >> 6] & (UInt64(1) << UInt64(d & 63)) != 0
    }
}
