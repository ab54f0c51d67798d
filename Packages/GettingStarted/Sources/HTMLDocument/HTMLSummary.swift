/// What a reader wants from a page, as plain values: its title, outline, links and readable text.
public struct HTMLSummary: Sendable, Equatable {
    /// The text of the page's `<title>`, whitespace collapsed; empty when it has none.
    public var title: String
    /// The headings (`<h1>` to `<h6>`), in document order.
    public var headings: [HTMLHeading]
    /// The links (`<a href>`), in document order.
    public var links: [HTMLLink]
    /// The text a person reads: paragraphs on their own lines, whitespace collapsed, without scripts or styles.
    public var text: String

    /// A summary from its parts.
    public init(title: String, headings: [HTMLHeading], links: [HTMLLink], text: String) {
        self.title = title
        self.headings = headings
        self.links = links
        self.text = text
    }
}

/// One heading of a page's outline.
public struct HTMLHeading: Sendable, Equatable {
    /// 1 for `<h1>` through 6 for `<h6>`.
    public var level: Int
    /// The heading's text, whitespace collapsed.
    public var text: String

    /// A heading.
    public init(level: Int, text: String) {
        self.level = level
        self.text = text
    }
}

/// One link of a page.
public struct HTMLLink: Sendable, Equatable {
    /// The link's text, whitespace collapsed (may be empty, for an image link).
    public var text: String
    /// The `href` attribute as written (not resolved against the page's address).
    public var href: String

    /// A link.
    public init(text: String, href: String) {
        self.text = text
        self.href = href
    }
}
