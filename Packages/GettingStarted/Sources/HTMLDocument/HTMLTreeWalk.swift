@preconcurrency import CLibXML2

/// Walks a libxml2 tree without recursion, so a deeply nested page cannot exhaust the stack.
enum HTMLTreeWalk {
    /// Calls `enter` for `start` and every node below it in document order; when `enter` returns false the
    /// node's children are skipped. `leave` is called for each element once its children (if visited) are done.
    static func forEach(
        under start: xmlNodePtr,
        _ enter: (xmlNodePtr) -> Bool,
        leave: (xmlNodePtr) -> Void = { _ in }
    ) {
        var node = start
        while true {
            if enter(node), node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
                node = child
                continue
            }
            var current = node
            while true {
                if current.pointee.type == XML_ELEMENT_NODE { leave(current) }
                if current == start { return }
                if let sibling = current.pointee.next {
                    node = sibling
                    break
                }
                guard let parent = current.pointee.parent else { return }
                current = parent
            }
        }
    }
}
