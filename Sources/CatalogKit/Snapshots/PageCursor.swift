/// Rows read a page at a time and taken one by one, so that two ordered reads can be merged
/// without holding either: `fetch` reads at most `limit` rows after the last row of the page
/// before (nil for the first).
///
/// ```swift
/// var rows = PageCursor<SnapshotObjectRow>(limit: 4_096) { after, limit in
///     try database.snapshots.objectPage(of: seq, after: after?.id ?? "", limit: limit)
/// }
/// while let row = try rows.peek() { print(row.id); rows.advance() }
/// ```
struct PageCursor<Element> {
    let limit: Int
    let fetch: (_ after: Element?, _ limit: Int) throws -> [Element]
    private var page: [Element] = []
    private var index = 0
    private var exhausted = false

    init(limit: Int, fetch: @escaping (_ after: Element?, _ limit: Int) throws -> [Element]) {
        self.limit = limit
        self.fetch = fetch
    }

    /// The next row, nil at the end.
    mutating func peek() throws -> Element? {
        if index == page.count {
            guard !exhausted else { return nil }
            page = try fetch(page.last, limit)
            index = 0
            exhausted = page.count < limit
        }
        return index < page.count ? page[index] : nil
    }

    mutating func advance() { index += 1 }
}
