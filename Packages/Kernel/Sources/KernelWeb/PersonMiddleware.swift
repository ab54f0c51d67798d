import Hummingbird
import KernelStorage

/// How the feature that signs people in tells the host who a request is from (``FeatureRuntime/people``). With sign-in
/// on, the host asks it for every request and acts as that person; a request from nobody signed in may only use the
/// pages it names as open (signing in and up), and is sent to sign in from anywhere else.
public struct PersonResolver: Sendable {
    /// The person signed in on a request, or nil.
    public let person: @Sendable (Request, AppRequestContext) async -> PersonID?
    /// The sign-in page: a browser not signed in is sent there, with the address it asked for as `next`.
    public let signInPath: String
    /// Whether a path is open to someone not signed in.
    public let isOpen: @Sendable (String) -> Bool

    /// A resolver asking `person`, sending to `signInPath`, leaving the paths `isOpen` accepts open.
    public init(
        signInPath: String,
        isOpen: @escaping @Sendable (String) -> Bool,
        person: @escaping @Sendable (Request, AppRequestContext) async -> PersonID?
    ) {
        self.person = person
        self.signInPath = signInPath
        self.isOpen = isOpen
    }
}

/// Sets ``AppRequestContext/person`` for every request on a host with sign-in, and turns away the requests of nobody
/// signed in from everything but the open pages: a page is sent to sign in (303), the API gets 401. The live events
/// are open: nobody's stream carries only what is everybody's (and the heartbeat a page needs to know the host is up).
struct PersonMiddleware: RouterMiddleware {
    let people: PersonResolver
    /// The scripts, stylesheets and images the sign-in page uses, as everything else does.
    let assets: StaticAssets

    /// What the browser fetches without anyone signed in: the app's name, icons and service worker, its scripts and
    /// styles, whether the host is up, and the live events (nobody's carry only what is everybody's).
    func isShellFile(_ path: String) -> Bool {
        path == "/sw.js" || path == "/health" || path == "/events" || AccessMiddleware.openFiles.contains(path)
            || path.hasPrefix("/icons/") || assets.asset(path) != nil
    }

    func handle(
        _ request: Request,
        context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let person = await people.person(request, context) {
            context.person = person
            var response = try await next(request, context)
            // A person's pages are theirs: never kept by the service worker (nor any cache) for the next person to
            // use this browser.
            if response.headers[.contentType]?.hasPrefix("text/html") == true {
                response.headers[.cacheControl] = PrivatePages<AppRequestContext>.cacheControl
            }
            return response
        }
        context.person = .nobody
        let path = request.uri.path
        if people.isOpen(path) || isShellFile(path) { return try await next(request, context) }
        if path.hasPrefix("/api/") || (request.method != .get && request.method != .head) {
            throw HTTPError(.unauthorized, message: "Sign in first: this Atelier is for the people who have an account.")
        }
        let next = SearchField.query(request.uri.description)
        return Response(status: .seeOther, headers: [.location: "\(people.signInPath)?next=\(next)", .cacheControl: "no-store"])
    }
}
