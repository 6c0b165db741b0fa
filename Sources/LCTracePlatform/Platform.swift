// The one place in the package that imports the C library. Every other module imports
// `LCTracePlatform` instead and reaches the C library's names through the re-export below,
// or through the wrappers in `Platform`, where the name or signature differs between
// Linux (Glibc, Musl) and macOS (Darwin).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("LCTracePlatform: no C library to import on this platform")
#endif
import SystemPackage

/// The platform layer's calls: the C library's functions whose names clash with Swift
/// methods in scope (`read`, `write`, `close`, `exit`, `signal`), with the one
/// retry-on-interrupt and the one write-all, so that no caller spells a module-qualified
/// `Glibc.` or `Darwin.` name.
public enum Platform {
    /// `read(2)`, once: the byte count, or -1 with `errno` set.
    @inlinable
    @inline(__always)
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        systemRead(fd, buffer, count)
    }

    /// `write(2)`, once: the byte count, or -1 with `errno` set.
    @inlinable
    @inline(__always)
    public static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        systemWrite(fd, bytes, count)
    }

    /// `close(2)`; the result is that of the C library (0, or -1 with `errno` set).
    @inlinable
    @inline(__always)
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 {
        systemClose(fd)
    }

    /// Ends the process with `status` (`exit(3)`: buffered standard I/O is flushed).
    public static func exit(_ status: Int32) -> Never {
        systemExit(status)
    }

    /// Gives `signal` its default action (`SIG_DFL`).
    public static func restoreDefaultAction(_ number: Int32) {
        _ = signal(number, SIG_DFL)
    }

    /// Whether `signal` is ignored (`SIG_IGN`) in this process, as `nohup` leaves SIGHUP.
    public static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        #if os(Linux)
        let handler = current.__sigaction_handler.sa_handler
        #else
        let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The calling thread's `errno` as swift-system's `Errno`.
    @inlinable
    public static var lastError: Errno { Errno(rawValue: errno) }
}

// The C library's functions under names no Swift type in the package shadows. Free
// functions at file scope resolve to the C library's declarations.
@usableFromInline
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }

@usableFromInline
func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }

@usableFromInline
func systemClose(_ fd: Int32) -> Int32 { close(fd) }

func systemExit(_ status: Int32) -> Never { exit(status) }
