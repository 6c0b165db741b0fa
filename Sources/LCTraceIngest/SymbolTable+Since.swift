import LCTraceCore

extension SymbolTable {
    /// Appends to `strings` the strings of the symbols created from `mark` on, in symbol order:
    /// what a scanning thread hands on with a batch, so that the reader's table numbers them
    /// alike (``ScanRing``, ``FrameWorker``, ``FrameRing``).
    func appendStrings(since mark: Int32, to strings: inout [String]) {
        let next = nextSymbol.rawValue
        var raw = mark
        while raw < next {
            strings.append(self[Symbol(rawValue: raw)] ?? "")
            raw += 1
        }
    }
}
