//! Which tables each player is at (or is waited for at), kept beside the list so that the
//! questions about one player (where they sit, their Your-move list, their turn-based tables)
//! read only their own tables, however many tables the room holds.

use nimmt_protocol::{PlayerId, TableId};
use std::collections::{BTreeSet, HashMap};

/// Tables by player.
#[derive(Default)]
pub(super) struct PlayerIndex {
    by_player: HashMap<PlayerId, BTreeSet<TableId>>,
}

impl PlayerIndex {
    /// Table `id` had `before` and has `now`.
    pub(super) fn set<'a>(
        &mut self,
        id: TableId,
        before: impl IntoIterator<Item = &'a PlayerId>,
        now: impl IntoIterator<Item = &'a PlayerId>,
    ) {
        for p in before {
            if let Some(tables) = self.by_player.get_mut(p) {
                tables.remove(&id);
                if tables.is_empty() {
                    self.by_player.remove(p);
                }
            }
        }
        for p in now {
            self.by_player.entry(p.clone()).or_default().insert(id);
        }
    }

    /// The tables of `player`, in order.
    pub(super) fn of(&self, player: &PlayerId) -> Vec<TableId> {
        self.by_player
            .get(player)
            .map(|t| t.iter().copied().collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_found_at_the_tables_they_are_at_now() {
        let (ann, bea): (PlayerId, PlayerId) = ("ann".into(), "bea".into());
        let mut index = PlayerIndex::default();
        index.set(1, [], [&ann, &bea]);
        index.set(2, [], [&ann]);
        index.set(1, [&ann, &bea], [&bea]);
        assert_eq!(index.of(&ann), [2]);
        assert_eq!(index.of(&bea), [1]);
        index.set(1, [&bea], []);
        assert!(index.of(&bea).is_empty());
    }
}
