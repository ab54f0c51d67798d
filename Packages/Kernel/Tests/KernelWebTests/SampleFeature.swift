import Foundation
import Hummingbird
import Kernel
import KernelEvents
import KernelHTML
import KernelWeb

/// A tiny feature used to test the shell: it echoes a posted form, renders user text, and fails on demand.
struct SampleFeature: WebFeature {
    /// A message the live-events tests post.
    struct Pinged: LiveEvent {
        static let name: EventName = "sample.pinged"
        let toast: String?
    }

    var descriptor: FeatureDescriptor

    init(id: String = "sample", title: String = "Sample") {
        descriptor = FeatureDescriptor(id: id, title: title, icon: "S", summary: "A feature for tests.")
    }

    func makeRuntime(_ web: WebContext) async throws -> FeatureRuntime {
        FeatureRuntime(routes: SampleRoutes(web: web), liveEvents: [Pinged.self])
    }
}

struct SampleRoutes: FeatureRoutes {
    let web: WebContext
    var id: String { web.feature.featureID }

    func add(to routes: RouterGroup<AppRequestContext>) {
        routes.get { request, context in
            await web.pages.page(title: "Sample", featureID: id, body: "<p id=sample>sample home</p>", request: request, context: context)
        }
        routes.post("echo") { request, _ in
            let form = try await FormData(request: request)
            return web.pages.redirect(to: "/sample", flash: Flash(.success, "Got \(form.string("text"))"))
        }
        routes.post("typed") { request, context in
            struct Typed: Decodable {
                var text: String?
                var count: Int?
            }
            let form = try await request.decodeForm(as: Typed.self, context: context, limit: 256)
            return web.pages.redirect(to: "/sample", flash: Flash(.success, "Got \(form.text ?? "-") × \(form.count ?? 0)"))
        }
        routes.get("boom") { _, _ -> Response in
            struct SecretFailure: Error, CustomStringConvertible {
                var description: String { "database password is hunter2 at /srv/secret" }
            }
            throw SecretFailure()
        }
    }
}
