//! The default game data, compiled in so that a table works without IO: the files of
//! `data/board/`, reconstructed (RULING K2; see their `about` fields).

use super::data::BoardData;
use std::sync::{Arc, OnceLock};

pub const BASE_JSON: &str = include_str!("../../../../../data/board/base.json");
pub const PRO_JSON: &str = include_str!("../../../../../data/board/pro.json");
pub const TILES_JSON: &str = include_str!("../../../../../data/board/tiles.json");

/// The default data, parsed once.
pub fn default_data() -> Arc<BoardData> {
    static DATA: OnceLock<Arc<BoardData>> = OnceLock::new();
    DATA.get_or_init(|| {
        Arc::new(
            BoardData::from_files(BASE_JSON, PRO_JSON, TILES_JSON)
                .expect("the default board data is valid"),
        )
    })
    .clone()
}
