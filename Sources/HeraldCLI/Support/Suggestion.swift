/// What a person probably meant by a mistyped word: the closest known one by edit
/// distance (letters added, removed, changed or two swapped), when it is close enough.
enum Suggestion {
    /// The candidate nearest to `word`, if at most a third of its letters (at least one)
    /// differ; ties go to the first candidate in order.
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = Self.distance(Array(word.lowercased()), Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `; did you mean X?` for a usage error, or nothing.
    static func hint(_ word: String, among candidates: some Sequence<String>, prefix: String = "") -> String {
        closest(to: word, among: candidates).map { "; did you mean \(prefix)\($0)?" } ?? ""
    }

    /// Optimal string alignment distance: Levenshtein with adjacent swaps.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
