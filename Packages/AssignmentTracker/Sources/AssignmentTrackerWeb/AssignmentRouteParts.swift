import AssignmentTracker
import Foundation
import KernelHTML
import KernelStorage
import KernelWeb

/// The master list's first pages, rendered, and the sections' counts.
struct FirstPages: Sendable {
    var current: RenderedHTML
    var archive: HTML
    var counts: [AssignmentSection: Int]
}

/// What a page of rows depends on besides the data.
struct RowsKey: Hashable, Sendable {
    var section: AssignmentSection
    var after: AssignmentCursor?
    var through: AssignmentCursor?
    var selected: Int64?
    var search: TextSearch?
}

/// A page of rows, rendered, and where the list's live refresh reads from once they are shown.
struct RowsPart: Sendable {
    var html: RenderedHTML
    var refreshSource: String?
}

/// The calendar feed's text and its ETag (a checksum of the text: the same feed gets the same tag after a restart).
struct CalendarFeed: Sendable {
    var text: String
    var etag: String

    init(_ text: String) {
        self.text = text
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        etag = "\"" + String(hash, radix: 16) + "\""
    }
}

/// An assignment and its tasks, as read together, and its detail panel rendered with its open places.
struct AssignmentDetail: Sendable {
    var assignment: Assignment
    var tasks: [AssignmentTask]
    var panel: HTMLTemplate<DetailSlot>
}
