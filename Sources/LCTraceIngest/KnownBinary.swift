/// A file format that is certainly not a lifecycle log, recognised by its signature, so the
/// error can say what the file is (and, for compressed data, what to do).
package struct KnownBinary: Equatable {
    /// What the file is, e.g. `gzip-compressed data`.
    package var name: String
    /// What to do about it, when there is something to do.
    package var hint: String?

    /// The signatures, each at the start of the file.
    private static let signatures: [(bytes: [UInt8], kind: KnownBinary)] = [
        (
            [0x1F, 0x8B],
            KnownBinary(
                name: "gzip-compressed data",
                hint: "decompress it first (gunzip -k FILE, or gzip -dc FILE | lctrace replay -); lctrace reads zstd-compressed or plain logs")
        ),
        (
            Array("BZh".utf8),
            KnownBinary(
                name: "bzip2-compressed data", hint: "decompress it first (bunzip2 -k FILE); lctrace reads zstd-compressed or plain logs")
        ),
        (
            [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
            KnownBinary(
                name: "xz-compressed data", hint: "decompress it first (unxz -k FILE); lctrace reads zstd-compressed or plain logs")
        ),
        (
            [0x04, 0x22, 0x4D, 0x18],
            KnownBinary(
                name: "lz4-compressed data", hint: "decompress it first (lz4 -d FILE); lctrace reads zstd-compressed or plain logs")
        ),
        ([0x50, 0x4B, 0x03, 0x04], KnownBinary(name: "a zip archive", hint: "extract the logs first (unzip FILE)")),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], KnownBinary(name: "a 7-Zip archive", hint: "extract the logs first")),
        (
            [0xFF, 0xFE],
            KnownBinary(
                name: "UTF-16 text", hint: "convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8 FILE)")
        ),
        (
            [0xFE, 0xFF],
            KnownBinary(
                name: "UTF-16 text", hint: "convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8 FILE)")
        ),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], KnownBinary(name: "a PNG image", hint: nil)),
        ([0xFF, 0xD8, 0xFF], KnownBinary(name: "a JPEG image", hint: nil)),
        (Array("GIF8".utf8), KnownBinary(name: "a GIF image", hint: nil)),
        (Array("%PDF-".utf8), KnownBinary(name: "a PDF document", hint: nil)),
        ([0x7F, 0x45, 0x4C, 0x46], KnownBinary(name: "an ELF executable", hint: nil)),
        ([0xCF, 0xFA, 0xED, 0xFE], KnownBinary(name: "a Mach-O executable", hint: nil)),
        ([0xCE, 0xFA, 0xED, 0xFE], KnownBinary(name: "a Mach-O executable", hint: nil)),
        ([0xCA, 0xFE, 0xBA, 0xBE], KnownBinary(name: "a Mach-O universal binary", hint: nil)),
        (Array("bplist0".utf8), KnownBinary(name: "a binary property list", hint: "convert it first (plutil -convert xml1 FILE)")),
        (Array("SQLite format 3".utf8) + [0], KnownBinary(name: "an SQLite database", hint: nil)),
    ]

    /// The known format whose signature `block` starts with, or `nil`.
    package static func identify(_ block: UnsafeRawBufferPointer) -> KnownBinary? {
        for (bytes, kind) in signatures where block.count >= bytes.count {
            if zip(bytes, block).allSatisfy({ $0 == $1 }) { return kind }
        }
        return nil
    }
}
