//! Whether a table is private: listed only for whoever is seated there, and nobody else's
//! business (the following list leaves it out).

use nimmt_protocol::TableInfo;

/// Whether a table is private, as its listing says.
pub(super) fn private(info: &TableInfo) -> bool {
    info.table_options
        .get("private")
        .is_some_and(|v| v == "yes")
}
