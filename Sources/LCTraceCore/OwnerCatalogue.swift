/// Who began a background task, from its name (SPEC §8 "Owners").
///
/// 1. A name of UIKit's default form `Called by BINARY, from SYMBOL` is owned by `BINARY`,
///    itself looked up in the catalogue so that one SDK is one owner however it named its task.
/// 2. Otherwise the name is looked up in the catalogue: the longest entry that is a prefix of
///    it decides. Extra entries (the configuration's `owners`) win over the built-in ones
///    (``builtin``, the data of `OwnerCatalogue+Builtin.swift`): when one matches, the longest
///    matching extra entry decides.
/// 3. Otherwise there is no owner (`nil`), and reports show the name as it is.
///
/// Resolved only when a finding or a death needs an owner, never per record.
public struct OwnerCatalogue: Sendable, Equatable {
    /// One catalogue entry: a name prefix and the owner it names.
    public struct Entry: Sendable, Equatable {
        /// A task-name or binary-name prefix, matched case-sensitively (`GDTStorage`,
        /// `com.amazonaws.`, `OneSignal`).
        public var prefix: String
        /// The owner, as reports print it (`Firebase (GoogleDataTransport)`).
        public var owner: String
        /// Where the pattern comes from: the SDK source or public log that shows it.
        public var source: String

        /// Creates an entry.
        public init(prefix: String, owner: String, source: String = "") {
            self.prefix = prefix
            self.owner = owner
            self.source = source
        }
    }

    /// The entries that win over the built-in ones (the configuration's `owners`).
    public var extra: [Entry]
    /// The built-in entries.
    public var builtin: [Entry]

    /// The catalogue of SDKs lctrace knows (``OwnerCatalogue/builtinEntries``), extended by
    /// `extra` entries (prefix → owner), which win over it.
    ///
    /// - Parameter extra: the configuration's `owners`, e.g. `["com.example.sync.": "Example Sync"]`.
    public init(extra: [String: String] = [:]) {
        self.extra = extra.sorted { $0.key < $1.key }.map { Entry(prefix: $0.key, owner: $0.value, source: "configuration") }
        builtin = Self.builtinEntries
    }

    /// The owner of a task of this name (for a scheduled task, its identifier), or `nil`.
    ///
    /// - Complexity: O(entries × name length); called for findings and deaths only.
    public func owner(ofTaskNamed name: String) -> String? {
        if let binary = Self.callingBinary(name) {
            return lookUp(binary) ?? binary
        }
        return lookUp(name)
    }

    /// The longest matching entry's owner: among the extra entries first, then the built-in.
    public func lookUp(_ name: String) -> String? {
        for entries in [extra, builtin] {
            var best: Entry?
            for entry in entries where !entry.prefix.isEmpty && name.hasPrefix(entry.prefix) {
                if best == nil || entry.prefix.count > best!.prefix.count { best = entry }
            }
            if let best { return best.owner }
        }
        return nil
    }

    /// `BINARY` of a name of UIKit's default form `Called by BINARY, from SYMBOL` (iOS prints
    /// it so in its own messages; `Called by BINARY` alone, as a cut message leaves it, too);
    /// `nil` for any other name.
    public static func callingBinary(_ name: String) -> String? {
        let lead = "Called by "
        guard name.hasPrefix(lead) else { return nil }
        let rest = name.dropFirst(lead.count)
        let binary = rest.firstRange(of: ", from ").map { rest[..<$0.lowerBound] } ?? rest
        let trimmed = binary.trimmingSpaces()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
