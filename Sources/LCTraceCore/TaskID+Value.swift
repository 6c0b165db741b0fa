extension TaskID {
    /// The id as reports carry it: a number, or the name the symbol stands for.
    ///
    /// - Parameter symbols: the file's symbol table.
    public func value(symbols: borrowing SymbolTable) -> TaskValue {
        switch self {
        case .number(let n): return .number(n)
        case .name(let s): return .string(symbols[s] ?? "")
        }
    }
}
