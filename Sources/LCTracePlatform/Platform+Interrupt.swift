extension Platform {
    /// The one retry-on-interrupt: calls `body` again while it fails (a negative result)
    /// with `EINTR`, and returns its first other result, with `errno` still that call's.
    ///
    /// Inlined, so a read on the hot path pays one comparison per call, as the loops it
    /// replaced did.
    @inlinable
    @inline(__always)
    public static func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
