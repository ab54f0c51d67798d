import Foundation
import Hummingbird
import Kernel
import KernelBus
import KernelHTML
import KernelWeb

/// A tiny feature used to test the shell: it echoes a posted form, renders user text, and fails on demand.
struct SampleFeature: WebFeature {
    static let pinged: BusNotification.Name = "sample.pinged"

    var id = "sample"
    var title = "Sample"
    var icon = "S"
    var summary = "A feature for tests."
    var liveEvents: [BusNotification.Name] { [Self.pinged] }

    func addRoutes(to routes: RouterGroup<AppRequestContext>, web: WebContext) async throws {
        routes.get { request, context in
            web.pages.page(title: "Sample", featureID: id, body: "<p id=sample>sample home</p>", request: request, context: context)
        }
        routes.post("echo") { request, _ in
            let form = try await FormData(request: request)
            return web.pages.redirect(to: "/sample", flash: Flash(.success, "Got \(form.string("text"))"))
        }
        routes.get("boom") { _, _ -> Response in
            struct SecretFailure: Error, CustomStringConvertible {
                var description: String { "database password is hunter2 at /srv/secret" }
            }
            throw SecretFailure()
        }
    }
}
