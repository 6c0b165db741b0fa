import LCTraceCore

/// Where the reader's side of the parallel path (``ScanPipeline``) takes its batches of steps
/// from: a scan thread over the reader's stage (``ScanRing``), or frame workers that decode,
/// frame and scan whole zstd frames (``FrameRing``). Called on the reader's thread only,
/// once per batch.
protocol BatchRing: AnyObject, Sendable {
    /// Gives back the batch held (if any) and returns the next one, in order. The last batch
    /// ends with the `.end` step; no call follows it.
    func take() -> ScanBatch
    /// Forgets every symbol not in `live`, and not held by the steps `position...` of `held`,
    /// in `mirror` and in the producing side's table, numbered alike.
    func retain(_ live: Set<Symbol>, held: ScanBatch?, position: Int, mirror: inout SymbolTable)
    /// Stops the producing threads early (the reader is dropped before the end) and waits for them.
    func cancel()
    /// After the `.end` step, once the producing threads are done: gives the stage (or what
    /// stands for it) back to the reader.
    func giveBack(into stage: inout LineStage)
}
