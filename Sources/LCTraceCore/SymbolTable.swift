/// The strings behind the ``Symbol``s of one log file.
///
/// Symbols are numbered in the order they were created and never renumbered. A long file
/// creates symbols without end (every session has new scene ids), so the table can forget
/// the strings of symbols nobody holds any more (``retainOnly(_:)``, driven by the reader and
/// the engine); a forgotten symbol's string is `nil`.
public struct SymbolTable: Sendable {
    /// The strings of the symbols created since the last ``retainOnly(_:)``, from ``base``.
    private var recent: [String] = []
    /// The first symbol in ``recent``.
    private var base: Int32 = 0
    /// Older symbols that a ``retainOnly(_:)`` kept.
    private var kept: [Int32: String] = [:]

    /// Creates an empty table.
    public init() {}

    /// The string of a symbol; `nil` for ``Symbol/none`` and for a forgotten symbol.
    public subscript(symbol: Symbol) -> String? {
        let raw = symbol.rawValue
        if raw >= base { return symbol.isPresent ? recent[Int(raw - base)] : nil }
        return raw >= 0 ? kept[raw] : nil
    }

    /// Appends a string and returns its new symbol. Interning (finding an
    /// existing symbol for the same bytes) is the ingest layer's business.
    public mutating func append(_ string: String) -> Symbol {
        recent.append(string)
        return Symbol(rawValue: base + Int32(recent.count - 1))
    }

    /// The strings still held, in symbol order (all of them unless ``retainOnly(_:)`` ran).
    public var strings: [String] {
        kept.sorted { $0.key < $1.key }.map(\.value) + recent
    }

    /// The number of strings held.
    public var count: Int { kept.count + recent.count }

    /// The number of symbols created since the last ``retainOnly(_:)``.
    public var createdSinceRetain: Int { recent.count }

    /// The symbol the next ``append(_:)`` returns: the strings appended since a mark are
    /// those of the symbols from the mark up to this one (a reader's scan thread hands them on).
    public var nextSymbol: Symbol { Symbol(rawValue: base + Int32(recent.count)) }

    /// Forgets the strings of every symbol not in `live`; the symbols in `live` keep their
    /// numbers and strings, and new symbols continue the numbering.
    ///
    /// - Complexity: O(n + k) for n strings held and k live symbols.
    public mutating func retainOnly(_ live: Set<Symbol>) {
        var next: [Int32: String] = [:]
        next.reserveCapacity(live.count)
        for symbol in live where symbol.isPresent {
            if let string = self[symbol] { next[symbol.rawValue] = string }
        }
        kept = next
        base += Int32(recent.count)
        recent.removeAll()
    }
}
