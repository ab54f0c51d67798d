import AsyncHTTPClient
import Foundation
import Kernel
import KernelHTTPClient
import NIOCore
import Signup

/// Where Save sends the user: an http(s) address the operator configured (`--signup-endpoint URL`), or nowhere.
struct SignupEndpoint: Sendable {
    let url: URL?

    init(setting: String?) throws {
        guard let setting, !setting.isEmpty else {
            url = nil
            return
        }
        guard let url = URL(string: setting), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { throw CommandFailure("--signup-endpoint must be an http or https address; got \(setting)") }
        self.url = url
    }

    /// The client for sending: it follows no redirect, so the body (with the password) goes to the configured address
    /// and nowhere else. Made on first send, shut down with the host.
    let http: HTTPClientService = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(10))
        return HTTPClientService(configuration: configuration)
    }()

    /// The address as the page shows it: without any user name or password it holds.
    var shownAddress: String {
        guard let url, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "" }
        parts.user = nil
        parts.password = nil
        return parts.string ?? ""
    }

    /// What happened to a send, as the page says it.
    enum Outcome: Sendable, Equatable {
        case sent(status: Int)
        case failed(String)
    }

    /// POSTs `user` as JSON (`Content-Type: application/json`; the password only in this body).
    func send(_ user: User, to url: URL) async -> Outcome {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: user.requestBody))
        do {
            let response = try await http.client.execute(request, timeout: .seconds(10))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            guard (200..<300).contains(response.status.code) else {
                return .failed("The server refused it: it answered \(response.status.code).")
            }
            return .sent(status: Int(response.status.code))
        } catch {
            return .failed("The server could not be reached.")
        }
    }
}
