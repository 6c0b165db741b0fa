/// The one thread wrapper: a pthread running one closure, joined (the reader's decoder
/// thread, `ReadAheadDecoder`, its scan thread, `ScanPipeline`, and the audit's pool,
/// `OrderedParallel`) or detached (the interrupt watcher, `InterruptCleanup`).
public struct WorkerThread {
    /// The closure, passed to the thread retained.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    #if canImport(Darwin)
    private var handle: pthread_t
    #else
    private var handle: pthread_t = pthread_t()
    #endif

    /// Starts a thread running `body`; `nil` if no thread could be created.
    ///
    /// - Parameters:
    ///   - stackSize: the thread's stack in bytes; `nil` for the C library's default (8 MiB
    ///     on Linux, 512 KiB on macOS, where a deep replay needs more).
    ///   - body: what the thread runs.
    public static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> WorkerThread? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize, pthread_attr_setstacksize(&attributes, stackSize) != 0 { return nil }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        let status = pthread_create(
            &handle, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0, let handle else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return WorkerThread(handle: handle)
        #else
        var handle = pthread_t()
        let status = pthread_create(
            &handle, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return WorkerThread(handle: handle)
        #endif
    }

    /// Waits for the thread to return.
    public func join() {
        _ = pthread_join(handle, nil)
    }

    /// Lets the thread run on without being joined; its resources go when it returns.
    public func detach() {
        _ = pthread_detach(handle)
    }
}
