/// Who began a background task, from its name (SPEC §8 "Owners").
///
/// 1. A name of UIKit's default form `Called by BINARY, from SYMBOL` is owned by the code
///    SYMBOL belongs to when it says so: a Swift symbol names its module (the first
///    length-prefixed identifier after `$s`, `_$s` or `$S`), looked up among the name entries;
///    an Objective-C method names its class (the text after `[` up to the first space or `(`,
///    in `-[Class method]`, `+[Class(Category) method]` or a block `__53-[Class method]_block_invoke_2`),
///    looked up among the class entries (``Entry/Match/classPrefix``, ``Entry/Match/className``).
///    A module or class that is the app's own (the same as `BINARY`, or not in the catalogue)
///    leaves `BINARY`, read without Xcode's debug suffix (`MyShop.debug.dylib` → `MyShop`) and
///    itself looked up in the catalogue, so that one SDK is one owner however it named its task.
/// 2. Otherwise the name is looked up in the catalogue: the longest name entry that is a
///    prefix of it decides. Extra entries (the configuration's `owners`) win over the built-in
///    ones (``builtin``, the data of `OwnerCatalogue+Builtin.swift`): when one matches, the
///    longest matching extra entry decides; they match classes too.
/// 3. Otherwise there is no owner (`nil`), and reports show the name as it is.
///
/// Resolved only when a finding or a death needs an owner, never per record.
public struct OwnerCatalogue: Sendable, Equatable {
    /// One catalogue entry: a pattern, what it is matched against, and the owner it names.
    public struct Entry: Sendable, Equatable {
        /// What an entry's pattern is compared with.
        public enum Match: Sendable, Equatable {
            /// A prefix of a task name, a binary name or a Swift module.
            case name
            /// A prefix of an Objective-C class name (`FIR`, `GDTCOR`, `GTMSession`).
            case classPrefix
            /// A whole Objective-C class name (OneSignal's classes: a bare `OS` prefix would
            /// take Apple's `OS_dispatch_*` too).
            case className
        }

        /// The pattern, matched case-sensitively: a task-name, binary-name or module prefix
        /// (`GDTStorage`, `com.amazonaws.`, `OneSignal`), a class prefix, or a class name.
        public var prefix: String
        /// The owner, as reports print it (`Firebase (GoogleDataTransport)`).
        public var owner: String
        /// Where the pattern comes from: the SDK source or public log that shows it.
        public var source: String
        /// What the pattern is compared with.
        public var match: Match

        /// Creates an entry.
        public init(prefix: String, owner: String, source: String = "", match: Match = .name) {
            self.prefix = prefix
            self.owner = owner
            self.source = source
            self.match = match
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
            if let symbol = Self.callingSymbol(name), let owner = owner(ofSymbol: symbol, binary: binary) { return owner }
            return lookUp(binary) ?? binary
        }
        return lookUp(name)
    }

    /// The SDK a symbol belongs to, when the catalogue knows its Swift module or Objective-C
    /// class and it is not the app's own (`binary`); `nil` leaves the task to `binary`.
    func owner(ofSymbol symbol: String, binary: String) -> String? {
        if let module = Self.swiftModule(ofSymbol: symbol) {
            return module == binary ? nil : lookUp(module)
        }
        if let type = Self.objectiveCClass(ofSymbol: symbol) {
            return type == binary ? nil : lookUp(objectiveCClass: type)
        }
        return nil
    }

    /// The longest matching name entry's owner: among the extra entries first, then the built-in.
    public func lookUp(_ name: String) -> String? {
        for entries in [extra, builtin] {
            var best: Entry?
            for entry in entries where entry.match == .name && !entry.prefix.isEmpty && name.hasPrefix(entry.prefix) {
                if best == nil || entry.prefix.count > best!.prefix.count { best = entry }
            }
            if let best { return best.owner }
        }
        return nil
    }

    /// The owner of an Objective-C class: the longest matching extra entry, else a built-in
    /// class-name entry, else the longest built-in class-prefix entry.
    public func lookUp(objectiveCClass type: String) -> String? {
        var best: Entry?
        for entry in extra where !entry.prefix.isEmpty && type.hasPrefix(entry.prefix) {
            if best == nil || entry.prefix.count > best!.prefix.count { best = entry }
        }
        if let best { return best.owner }
        if let named = builtin.first(where: { $0.match == .className && $0.prefix == type }) { return named.owner }
        for entry in builtin where entry.match == .classPrefix && type.hasPrefix(entry.prefix) {
            if best == nil || entry.prefix.count > best!.prefix.count { best = entry }
        }
        return best?.owner
    }

    /// `BINARY` of a name of UIKit's default form `Called by BINARY, from SYMBOL` (iOS prints
    /// it so in its own messages; `Called by BINARY` alone, as a cut message leaves it, too),
    /// without Xcode's debug suffix (`MyShop.debug.dylib` → `MyShop`); `nil` for any other name.
    public static func callingBinary(_ name: String) -> String? {
        let lead = "Called by "
        guard name.hasPrefix(lead) else { return nil }
        let rest = name.dropFirst(lead.count)
        var binary = (rest.firstRange(of: ", from ").map { rest[..<$0.lowerBound] } ?? rest).trimmingSpaces()
        let debug = ".debug.dylib"
        if binary.hasSuffix(debug) { binary = binary.dropLast(debug.count).trimmingSpaces() }
        return binary.isEmpty ? nil : String(binary)
    }

    /// `SYMBOL` of a name of UIKit's default form `Called by BINARY, from SYMBOL`, or `nil`.
    public static func callingSymbol(_ name: String) -> String? {
        guard name.hasPrefix("Called by "), let from = name.firstRange(of: ", from ") else { return nil }
        let symbol = name[from.upperBound...].trimmingSpaces()
        return symbol.isEmpty ? nil : String(symbol)
    }

    /// The module of a mangled Swift symbol: the first length-prefixed identifier after
    /// `$s` (Swift 5), `_$s` (as the linker writes it) or `$S` (Swift 4.2):
    /// `$s10StreamChat26IOSBackgroundTaskScheduler…` → `StreamChat`. `nil` for a symbol of
    /// another form, or one whose context is not a module (`$sSo…`, an imported C or
    /// Objective-C type; `$ss…`, the standard library).
    public static func swiftModule(ofSymbol symbol: String) -> String? {
        let bytes = Array(symbol.utf8)
        var i = 0
        if bytes.starts(with: Array("_$s".utf8)) {
            i = 3
        } else if bytes.starts(with: Array("$s".utf8)) || bytes.starts(with: Array("$S".utf8)) {
            i = 2
        } else {
            return nil
        }
        // A length without leading zeros (a `0` starts word substitutions, never a module).
        guard i < bytes.count, bytes[i] >= UInt8(ascii: "1"), bytes[i] <= UInt8(ascii: "9") else { return nil }
        var length = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), length < 1_000 {
            length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        guard length > 0, i + length <= bytes.count else { return nil }
        let name = bytes[i..<(i + length)]
        // A module name is an identifier: letters, digits, `_` (ASCII, or UTF-8 beyond it).
        guard name.allSatisfy({ $0 >= 0x80 || $0 == UInt8(ascii: "_") || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) })
        else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// The class of an Objective-C method symbol: the text after `[` up to the first space
    /// or `(`, in `-[Class method]`, `+[Class method]`, `-[Class(Category) method]` or a
    /// block `__53-[Class method]_block_invoke_2`. `nil` for a symbol of another form.
    public static func objectiveCClass(ofSymbol symbol: String) -> String? {
        guard let open = symbol.firstRange(of: "-[") ?? symbol.firstRange(of: "+[") else { return nil }
        let rest = symbol[open.upperBound...]
        let type = rest.prefix { $0 != " " && $0 != "(" && $0 != "]" }
        return type.isEmpty ? nil : String(type)
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
