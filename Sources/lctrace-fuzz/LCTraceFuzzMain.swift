import LCTracePlatform
import LCTraceFuzz

// Built with `-D LCTRACE_FUZZ -sanitize=fuzzer` (scripts/fuzz), this exports libFuzzer's
// entry point and libFuzzer supplies `main`; the target is `LCTRACE_FUZZ_TARGET` (zstd,
// lines, scanner, replay, oslog, metrickit; unset: all of them). Built normally, it replays the files (or
// directories of files) it is given through every target, for the regression corpus.

#if LCTRACE_FUZZ
/// The targets chosen by `LCTRACE_FUZZ_TARGET`, read once.
nonisolated(unsafe) private var chosenTargets: [FuzzTarget]?

/// libFuzzer's entry point: replays one input through the chosen targets.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: How many bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func lctraceFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if chosenTargets == nil {
        let name = getenv("LCTRACE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        chosenTargets = FuzzTarget(rawValue: name).map { [$0] } ?? FuzzTarget.allCases
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for target in chosenTargets! { target.run(bytes) }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable's entry point under this name: hand over to libFuzzer.
@_cdecl("lctrace_fuzz_main")
public func lctraceFuzzMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    var count = argc
    var vector = argv
    return runDriver(&count, &vector) { data, size in lctraceFuzzTestOneInput(data, size) }
}
#else
/// Writes a line to standard error.
private func warn(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

@main
enum LCTraceFuzzMain {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var targets = FuzzTarget.allCases
        if arguments.first == "--target", arguments.count >= 2 {
            guard let t = FuzzTarget(rawValue: arguments[1]) else {
                warn("lctrace-fuzz: unknown target '\(arguments[1])' (zstd, lines, scanner, replay)\n")
                exit(2)
            }
            targets = [t]
            arguments.removeFirst(2)
        }
        guard !arguments.isEmpty else {
            warn("usage: lctrace-fuzz [--target zstd|lines|scanner|replay] FILE|DIR...\n")
            exit(2)
        }
        var count = 0
        for path in arguments {
            for file in FuzzCorpus.files(at: path) {
                guard let bytes = FuzzCorpus.read(file) else {
                    warn("lctrace-fuzz: cannot read '\(file)'\n")
                    exit(2)
                }
                for target in targets { target.run(bytes) }
                count += 1
            }
        }
        print("lctrace-fuzz: \(count) inputs through \(targets.map(\.rawValue).joined(separator: ", ")): no failures")
    }
}
#endif
