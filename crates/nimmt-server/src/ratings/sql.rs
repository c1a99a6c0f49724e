//! Numbered placeholders for statements with a list of values (`IN (…)`, multi-row inserts),
//! as both databases read them: `$1, $2, …`.

/// `count` placeholders from `$first` on, separated by commas.
pub fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|k| format!("${k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `rows` parenthesized rows of `width` placeholders each, numbered on from `$1`.
pub fn rows(rows: usize, width: usize) -> String {
    (0..rows)
        .map(|r| format!("({})", placeholders(1 + r * width, width)))
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_number_on_across_rows() {
        assert_eq!(placeholders(3, 2), "$3, $4");
        assert_eq!(rows(2, 3), "($1, $2, $3),($4, $5, $6)");
    }
}
