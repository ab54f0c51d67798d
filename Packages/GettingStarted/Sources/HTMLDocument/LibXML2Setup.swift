@preconcurrency import CLibXML2

/// Runs libxml2's one-time global initialisation, which must happen before documents are parsed on several threads.
enum LibXML2Setup {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Makes sure libxml2 is initialised; cheap after the first call.
    static func ensure() {
        _ = initialized
    }
}
