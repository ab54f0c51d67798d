import Foundation
import Hummingbird
import KernelHTML
import KernelStorage

/// A list's search field: filter as you type, the way a list on iOS is searched.
///
/// A plain `GET` form (the list's page with `?q=`), so it works without script; with the shell's script each
/// keystroke reads the list again for what is typed (`data-search` names the live lists it filters: their `data-src`
/// gets `q`, and starts again from their first page), the address keeps it, and Escape or the field's clear button
/// shows every row again.
public enum SearchField {
    /// The field for a list at `action`, searching what `label` says (read to screen readers, and its placeholder),
    /// filled with `text`, filtering the live lists with the ids `list` (space-separated).
    public static func render(action: String, label: String, text: String?, list: String) -> HTML {
        """
        <form class="search-field" role="search" method="get" action="\(url: action)">\
        <label for="\(list)-search" class="visually-hidden">\(label)</label>\
        <input id="\(list)-search" type="search" name="q" value="\(text ?? "")" placeholder="Search" autocomplete="off" \
        enterkeyhint="search" maxlength="200" data-search="\(list)"></form>
        """
    }

    /// `text` as a query value: every byte but ASCII letters, digits and `-._~` percent-encoded.
    public static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )
}

extension Request {
    /// What the list is searched for: the address's `q`, read as a form sends it (`+` for a space, as a browser writes
    /// a `GET` form without script), or nil when there is nothing to search for.
    public var search: TextSearch? {
        guard let query = uri.query else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("q=") {
            let value = pair.dropFirst(2).replacingOccurrences(of: "+", with: " ")
            return TextSearch(value.removingPercentEncoding ?? value)
        }
        return nil
    }
}
