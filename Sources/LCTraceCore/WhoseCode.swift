/// Says whose code a thread was running (SPEC §10 "Whose code"): the first frame from the top
/// whose image is not the system's, its owner from the catalogue, the app's own code said as
/// such. The one judge of images, for crash reports and MetricKit alike.
public enum WhoseCode {
    /// The code a stack names.
    ///
    /// - Parameters:
    ///   - stack: the thread that matters, its frames from the top.
    ///   - executable: the app's executable name (`procPath`'s last component, `Process:`,
    ///     else the bundle id's last component); frames of an image of that name (less
    ///     `.debug.dylib`) are the app's own.
    ///   - bundlePath: the folder of the executable (`…/Shop.app`); images inside it that no
    ///     catalogue entry names are the app's own.
    ///   - owners: the owner catalogue (SPEC §8), extended by the configuration's `owners`.
    /// - Returns: the code, or `nil` for a stack with no frame at all.
    public static func code(
        of stack: CodeStack, executable: String?, bundlePath: String?, owners: OwnerCatalogue = OwnerCatalogue()
    ) -> DeathCode? {
        guard let top = stack.frames.first else { return nil }
        let bundle = bundlePath.map { folder(normalised($0)) }
        let appName = executable.map(withoutDebugSuffix)
        for (index, frame) in stack.frames.enumerated() {
            guard let image = frame.image, !image.isEmpty, image != "???" else { continue }
            let path = frame.path.map(normalised)
            let name = withoutDebugSuffix(image)
            let inBundle = bundle.map { b in path?.hasPrefix(b) == true } ?? false
            let own = (appName != nil && name == appName) || (inBundle && owners.lookUp(name) == nil)
            if !own && isSystem(image: image, path: path) { continue }
            // A symbol's module or class decides over the binary: a statically linked SDK.
            let symbolOwner = frame.symbol.flatMap { owners.owner(ofSymbol: $0, binary: name) }
            let owner: String
            let isOwn: Bool
            if let symbolOwner {
                owner = symbolOwner
                isOwn = false
            } else if own {
                owner = appName ?? name
                isOwn = true
            } else {
                owner = owners.lookUp(name) ?? name
                isOwn = false
            }
            return DeathCode(
                thread: stack.thread, frame: index, binary: image, symbol: frame.symbol, owner: owner, own: isOwn,
                offset: frame.symbol == nil ? frame.offset : nil, role: stack.role)
        }
        // Entirely the system's: said so, with the top frame's symbol.
        return DeathCode(thread: stack.thread, frame: 0, binary: nil, symbol: top.symbol, owner: nil, own: false, role: stack.role)
    }

    /// Whether an image is the system's: by its path (SPEC §10), or with no path by its name
    /// in the list of Apple images (``SystemImages``).
    public static func isSystem(image: String, path: String?) -> Bool {
        if let path, !path.isEmpty {
            if path.contains("/RuntimeRoot/") { return true }
            return ["/System/", "/usr/lib/", "/private/preboot/Cryptexes/", "/preboot/Cryptexes/", "/Developer/"]
                .contains { path.hasPrefix($0) }
        }
        return SystemImages.isApple(image)
    }

    /// `/private/var/…` and `/var/…` are one place.
    static func normalised(_ path: String) -> String {
        path.hasPrefix("/private/var/") ? String(path.dropFirst("/private".count)) : path
    }

    /// The folder holding a file, with its trailing `/`.
    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[...slash])
    }

    /// `Shop.debug.dylib` → `Shop` (Xcode's debug builds, SPEC §8).
    public static func withoutDebugSuffix(_ name: String) -> String {
        name.hasSuffix(".debug.dylib") ? String(name.dropLast(".debug.dylib".count)) : name
    }
}
