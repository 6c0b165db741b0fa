import LCTracePlatform
import LCTraceCore

extension OutputTarget {
    /// The input that an output would overwrite, if any (SPEC §6: an output that is one of
    /// the inputs is a usage error, checked before anything is read).
    ///
    /// Files are compared by device and inode, so a symbolic link, a relative path or a
    /// hard link to an input is caught; `-` among the inputs is standard input. With
    /// `output` nil the output is standard output (`lctrace replay log >> log`). Only
    /// regular files and FIFOs count: a terminal may be both read and written.
    ///
    /// - Parameters:
    ///   - output: the `--output` path, or nil for standard output.
    ///   - inputs: the inputs as the command names them.
    /// - Returns: the first input that is the output, as named.
    public static func conflictingInput(output: String?, inputs: [String]) -> String? {
        let written: FileIdentity?
        if let output {
            written = FileIdentity(path: output)
        } else {
            written = FileIdentity(descriptor: 1)
        }
        guard let written else { return nil }
        return inputs.first { FileIdentity(input: $0) == written }
    }

    /// Whether two output paths would write the same file: the same file now (device and
    /// inode, through links), or, where nothing is yet, the same name in the same directory
    /// (`x` and `./x`). Used where one command writes two outputs (`gen`'s log and planted
    /// list; a report and `GITHUB_STEP_SUMMARY`).
    public static func sameDestination(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let identity = FileIdentity(path: a), identity == FileIdentity(path: b) { return true }
        guard case .success(.replace(let first)) = OutputPlacement.resolve(a),
            case .success(.replace(let second)) = OutputPlacement.resolve(b)
        else { return false }
        let (firstDirectory, firstName) = OutputFile.split(first)
        let (secondDirectory, secondName) = OutputFile.split(second)
        guard firstName == secondName else { return false }
        var x = stat()
        var y = stat()
        guard FilePathText.withCString(firstDirectory, { stat($0, &x) }) == 0,
            FilePathText.withCString(secondDirectory, { stat($0, &y) }) == 0
        else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}
