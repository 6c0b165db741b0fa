import ArgumentParser
import LCTraceCore
import LCTracePipeline
import LCTraceReplay

/// `--info-plist FILE` (repeatable, SPEC §11; docs/INFOPLIST.md): the app's Info.plist as
/// evidence for the logs of its app. A FILE that is a plist by content counts the same.
struct InfoPlistOptions: ParsableArguments {
    @Option(
        name: .customLong("info-plist"),
        help: ArgumentHelp(
            "The app's Info.plist (XML or binary, source or built): its scene manifest (LC105, LC106), "
                + "UIBackgroundModes, BGTaskSchedulerPermittedIdentifiers (LC311) and SDK join the logs of its app "
                + "(repeatable; docs/INFOPLIST.md).",
            valueName: "file"))
    var infoPlists: [String] = []

    /// The declarations of `--info-plist` alone, for commands that replay one file at a time
    /// (`stats`, `timeline`): an unreadable plist is printed and the command exits 2.
    ///
    /// - Throws: `ExitCode(2)` when a plist cannot be read.
    func declarations() throws -> [AppDeclaration] {
        guard !infoPlists.isEmpty else { return [] }
        let evidence = InfoPlistEvidence([], infoPlists: infoPlists)
        for failure in evidence.unreadable { StandardError.write(failure.message + "\n") }
        if !evidence.unreadable.isEmpty { throw ExitCode(2) }
        return evidence.declarations
    }
}
