/// The one thread wrapper: a pthread running one closure, joined (the reader's decoder
/// thread, `ReadAheadDecoder`, and its scan thread, `ScanPipeline`) or detached (the
/// interrupt watcher, `InterruptCleanup`).
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
    public static func start(_ body: @escaping @Sendable () -> Void) -> WorkerThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        let status = pthread_create(
            &handle, nil,
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
            &handle, nil,
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
