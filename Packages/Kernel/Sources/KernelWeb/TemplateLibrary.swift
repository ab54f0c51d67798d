import Foundation
import Mustache

/// A feature's Mustache templates, loaded from the `Templates` folder its package ships as a resource.
///
/// `{{name}}` is HTML-escaped; only `{{{body}}}`-style triple braces insert HTML, and they are used solely for
/// HTML the app rendered itself.
public struct TemplateLibrary: Sendable {
    private let library: MustacheLibrary

    /// Loads every `.mustache` file under `Templates/` in `bundle`, named by relative path without extension
    /// (`tasks/list`).
    public init(bundle: Bundle) async throws {
        guard let root = bundle.resourceURL?.appendingPathComponent("Templates").path else {
            throw TemplateError.missing("Templates folder in \(bundle.bundlePath)")
        }
        library = try await MustacheLibrary(directory: root)
    }

    /// Renders the template `name` with `object` (a struct, class or dictionary).
    ///
    /// A missing template is a programming error caught by the tests of each route; rather than crash the server,
    /// it renders a visible marker.
    public func render(_ object: Any, _ name: String) -> String {
        library.render(object, withTemplate: name) ?? "<p class=\"error\">Missing template \(name)</p>"
    }
}

/// A template library could not be loaded.
public enum TemplateError: Error, CustomStringConvertible {
    /// The resource folder is missing from the bundle.
    case missing(String)

    public var description: String {
        switch self {
        case .missing(let what): "Missing \(what)"
        }
    }
}
