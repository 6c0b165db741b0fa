import LCTraceCore
import LCTraceIngest

extension MetricKitDiagnostic {
    /// The stack whose code a crash diagnostic's death names (SPEC §10): of `callStackTree`'s
    /// `callStacks`, the one with `threadAttributed` true, else the first; its frames from the
    /// first root frame down the first `subFrames` (the depth is the frame's number), each a
    /// `binaryName` and an `offsetIntoBinaryTextSegment` (MetricKit has no symbols). The thread
    /// is `main` for the first call stack, else its index; the attributed stack is the crashed
    /// thread (``CodeThreadRole``).
    ///
    /// - Throws: ``MetricKitError`` naming the key path of a `callStacks`, frame or
    ///   `subFrames` that is not of the expected type.
    static func stack(_ tree: JSONNode?, values: MetricKitValues, at base: String) throws(MetricKitError) -> CodeStack? {
        guard let tree, !tree.isNull else { return nil }
        let treePath = MetricKitValues.join(base, "callStackTree")
        guard let stacks = try values.array("callStacks", in: tree, at: treePath) else { return nil }
        let stacksPath = MetricKitValues.join(treePath, "callStacks")
        var chosen: Int?
        for (i, stack) in stacks.enumerated() {
            guard stack.members != nil else {
                throw MetricKitError(
                    path: values.path, keyPath: "\(stacksPath)[\(i)]", message: "expected a call stack (an object), found \(MetricKitValues.describe(stack))")
            }
            if case .bool(true)? = stack["threadAttributed"] {
                chosen = i
                break
            }
        }
        guard let index = chosen ?? (stacks.isEmpty ? nil : 0) else { return nil }
        var path = "\(stacksPath)[\(index)]"
        var level = try values.array("callStackRootFrames", in: stacks[index], at: path)
        path = MetricKitValues.join(path, "callStackRootFrames")
        var frames: [CodeFrame] = []
        while let list = level, let frame = list.first {
            let framePath = "\(path)[0]"
            guard frame.members != nil else {
                throw MetricKitError(path: values.path, keyPath: framePath, message: "expected a frame (an object), found \(MetricKitValues.describe(frame))")
            }
            let name = try values.string("binaryName", in: frame, at: framePath)
            let offset = try values.integer(
                "offsetIntoBinaryTextSegment", in: frame, at: framePath, range: 0...Int64.max, expected: "an offset (an integer, 0 or more)")
            frames.append(CodeFrame(image: name.flatMap { $0.isEmpty ? nil : $0 }, offset: offset.map(Int64.init)))
            level = try values.array("subFrames", in: frame, at: framePath)
            path = MetricKitValues.join(framePath, "subFrames")
        }
        // The attributed stack is the crashed thread (a watchdog kill's main thread: CrashReport.code).
        return CodeStack(thread: index == 0 ? "main" : String(index), frames: frames, role: chosen == nil ? .main : .crashed)
    }
}
