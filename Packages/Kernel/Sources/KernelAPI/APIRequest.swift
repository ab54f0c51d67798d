import KernelStorage

/// What an operation's handler may know of its request beyond what the document describes, set by the host for the
/// length of each request under `/api/v1`.
public enum APIRequest {
    /// The address the request came from (a login throttle counts tries per address); `unknown` outside a request.
    @TaskLocal public static var clientAddress = "unknown"
    /// The person the request acts as: every operation reads and changes only their rows. The local person outside
    /// a request.
    @TaskLocal public static var person = PersonID.local
}
