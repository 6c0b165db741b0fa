extension Platform {
    /// Sets one of glibc's `mallopt` parameters (`M_MMAP_THRESHOLD` is -3, `M_TRIM_THRESHOLD`
    /// -1); `false` where the call is refused or the C library is not glibc.
    public static func setAllocatorOption(_ parameter: Int32, _ value: Int32) -> Bool {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module does not export: found by
        // name in the process (the C library is loaded in every Swift process).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        return mallopt(parameter, value) == 1
        #else
        return false
        #endif
    }
}
