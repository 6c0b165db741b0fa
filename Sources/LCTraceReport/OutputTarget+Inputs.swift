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
}
