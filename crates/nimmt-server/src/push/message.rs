//! What a push message says: the table, the game, the deadline, and the words for the
//! notification in the subscriber's language. The service worker shows `title` and `body` and
//! opens `url` on a click.

use nimmt_core::GameKind;
use nimmt_protocol::{texts, Lang, TableId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub table: TableId,
    pub game: String,
    pub deadline_ms: u64,
    pub title: String,
    pub body: String,
    /// The page to open: the table.
    pub url: String,
}

impl Message {
    /// "Your move" at `table`, with the time left until `deadline_ms` counted from `now_ms`.
    pub fn your_move(
        lang: Lang,
        table: TableId,
        game: GameKind,
        deadline_ms: u64,
        now_ms: i64,
    ) -> Message {
        let left_ms = (deadline_ms as i64).saturating_sub(now_ms).max(0) as u64;
        let title_of_game = nimmt_core::registry::find(game.name())
            .map(|g| {
                let t = g.descriptor().title;
                match lang {
                    Lang::En => t.en,
                    Lang::De => t.de,
                }
            })
            .unwrap_or_else(|_| game.name().to_owned());
        let params = BTreeMap::from([
            ("game".to_owned(), title_of_game),
            ("table".to_owned(), table.to_string()),
            ("left".to_owned(), time_left(lang, left_ms)),
        ]);
        Message {
            table,
            game: game.name().to_owned(),
            deadline_ms,
            title: texts::render(lang, "push_your_move_title", &BTreeMap::new()),
            body: texts::render(lang, "push_your_move_body", &params),
            url: format!("/t/{table}"),
        }
    }
}

/// How long is left, in words: whole days from two days on, whole hours from two hours on, else
/// minutes begun (never "1 minutes"), under a minute in words.
pub fn time_left(lang: Lang, left_ms: u64) -> String {
    const MINUTE: u64 = 60_000;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    let (key, n) = if left_ms >= 2 * DAY {
        ("left_days", left_ms / DAY)
    } else if left_ms >= 2 * HOUR {
        ("left_hours", left_ms / HOUR)
    } else if left_ms >= MINUTE {
        ("left_minutes", left_ms.div_ceil(MINUTE))
    } else {
        ("left_moment", 0)
    };
    texts::render(
        lang,
        key,
        &BTreeMap::from([("n".to_owned(), n.to_string())]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_table_the_game_and_the_time_left_in_the_subscribers_language() {
        let classic = nimmt_core::GameKind::new("classic");
        let now = 1_700_000_000_000;
        let en = Message::your_move(Lang::En, 42, classic, (now + 5 * 3_600_000) as u64, now);
        assert_eq!(en.url, "/t/42");
        assert_eq!(en.game, "classic");
        assert_eq!(en.title, "Your move");
        assert!(
            en.body.contains("42") && en.body.contains("5 hours"),
            "{}",
            en.body
        );
        let de = Message::your_move(Lang::De, 42, classic, (now + 3 * 86_400_000) as u64, now);
        assert_eq!(de.title, "Du bist am Zug");
        assert!(de.body.contains("3 Tage"), "{}", de.body);
    }

    #[test]
    fn time_left_counts_in_the_largest_unit_that_reads_well() {
        assert_eq!(time_left(Lang::En, 90 * 60_000), "90 minutes");
        assert_eq!(time_left(Lang::En, 47 * 3_600_000), "47 hours");
        assert_eq!(time_left(Lang::De, 49 * 3_600_000), "2 Tage");
        assert_eq!(time_left(Lang::En, 30_000), "less than a minute");
        assert_eq!(time_left(Lang::En, 61_000), "2 minutes");
        assert_eq!(time_left(Lang::De, 0), "weniger als eine Minute");
    }
}
