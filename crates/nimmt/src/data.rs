//! Game data from files (`--data KEY=FILE`): core does no IO, so the command line reads each
//! file as JSON and hands it to the setup under its key (a board game's `board`).

use anyhow::{bail, Context};
use nimmt_core::GameData;
use std::path::Path;

/// Reads every `KEY=FILE` into game data. A missing or unreadable file, a file that is not JSON,
/// a pair without `=` and a key given twice are refused with the key and the file named.
pub fn load(pairs: &[String]) -> anyhow::Result<GameData> {
    let mut data = GameData::new();
    for pair in pairs {
        let Some((key, file)) = pair.split_once('=') else {
            bail!("--data takes KEY=FILE, not {pair:?}");
        };
        let (key, file) = (key.trim(), file.trim());
        if key.is_empty() || file.is_empty() {
            bail!("--data takes KEY=FILE, not {pair:?}");
        }
        if data.contains_key(key) {
            bail!("--data {key} is given twice");
        }
        let path = Path::new(file);
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {} for --data {key}", path.display()))?;
        let value = serde_json::from_str(&text)
            .with_context(|| format!("{} (--data {key}) is not valid JSON", path.display()))?;
        data.insert(key.to_owned(), value);
    }
    Ok(data)
}
