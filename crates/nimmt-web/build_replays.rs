//! The browser's replay fixtures (`web/fixtures/replay-*.json`): a seeded game played with the
//! actions below, each step with the seat, its action, the public events and the spectator's
//! view after it — the shape `GET /api/games/{id}/replay` answers. Written from the rules at
//! every build, so a change to a game's events or views reaches the browser's tests at once.

use nimmt_core::{Game, GameKind, OptionMap, Seat, Setup, Viewer};
use serde_json::{json, Value};

/// One fixture: the game's setup and the actions played, as `[seat, action]` pairs.
pub struct ReplayFixture {
    pub file: &'static str,
    pub game: &'static str,
    pub players: usize,
    pub options: &'static [&'static str],
    pub seed: u64,
    pub names: &'static [&'static str],
    pub actions: &'static str,
}

pub const FIXTURES: &[ReplayFixture] = &[
    // 3 players, tactic deck, draft, digit swap, one deal of three cards: draft picks, swapped
    // cards and a low card's row.
    ReplayFixture {
        file: "replay-classic.json",
        game: "classic",
        players: 3,
        options: &[
            "deck=tactic",
            "deal=draft",
            "fan=digit-swap",
            "hand_size=3",
            "deals=1",
        ],
        seed: 0,
        names: &["Ann", "Bob", "Cy"],
        actions: r#"[[0,{"card":12,"type":"draft"}],[1,{"card":7,"type":"draft"}],
            [2,{"card":10,"type":"draft"}],[0,{"card":11,"type":"draft"}],
            [1,{"card":2,"type":"draft"}],[2,{"card":8,"type":"draft"}],
            [0,{"card":13,"type":"draft"}],[1,{"card":1,"type":"draft"}],
            [2,{"card":3,"type":"draft"}],[0,{"card":12,"type":"play"}],
            [2,{"card":8,"swap":true,"type":"play"}],[1,{"card":7,"swap":true,"type":"play"}],
            [0,{"card":13,"type":"play"}],[1,{"card":2,"type":"play"}],
            [2,{"card":3,"type":"play"}],[1,{"row":0,"type":"take_row"}],
            [2,{"card":10,"type":"play"}],[1,{"card":1,"type":"play"}],
            [0,{"card":11,"swap":true,"type":"play"}],[1,{"row":3,"type":"take_row"}]]"#,
    },
    // 3 players, `end_at=1`: every kind of action, help asked, given and given back.
    ReplayFixture {
        file: "replay-help.json",
        game: "help",
        players: 3,
        options: &["end_at=1"],
        seed: 1,
        names: &["Ann", "Bob", "Cy"],
        actions: r#"[[0,{"card":6,"type":"lay"}],[1,{"card":7,"type":"lay"}],
            [2,{"card":10,"type":"lay"}],[0,{"at":3,"type":"joker"}],[1,{"type":"zap"}],
            [2,{"type":"no"}],[0,{"give":2,"take":0,"type":"switch"}],
            [1,{"card":9,"type":"lay"}],[0,{"type":"no"}],[1,{"card":10,"type":"lay"}],
            [2,{"card":6,"type":"lay"}],[1,{"type":"zap"}],[2,{"card":1,"type":"lay"}],
            [0,{"card":5,"type":"lay"}],[1,{"card":6,"type":"lay"}],[2,{"card":9,"type":"lay"}],
            [0,{"at":4,"type":"joker"}],[1,{"type":"ask_help"}],
            [0,{"card":"joker","type":"give_help"}],[1,{"card":3,"type":"give_back"}],
            [1,{"at":3,"type":"joker"}],[2,{"card":9,"type":"lay"}],
            [0,{"card":10,"type":"lay"}],[1,{"type":"no"}],[2,{"card":11,"type":"lay"}],
            [0,{"type":"ask_help"}],[2,{"card":"zap","type":"give_help"}],
            [0,{"card":3,"type":"give_back"}],[0,{"type":"zap"}],
            [2,{"card":11,"type":"lay"}],[0,{"type":"ask_help"}]]"#,
    },
];

impl ReplayFixture {
    /// The replay as JSON, or what in the fixture the rules refuse now.
    pub fn replay(&self) -> Result<String, String> {
        let kind: GameKind = self.game.parse().map_err(|e| format!("{e:?}"))?;
        let options =
            OptionMap::parse(self.options.iter().copied()).map_err(|e| format!("{e:?}"))?;
        let setup = Setup::new(kind, self.players, options, self.seed);
        let mut game = Game::new(&setup).map_err(|e| format!("{e:?}"))?;
        let public = |events: Vec<nimmt_core::Addressed<Value>>| -> Vec<Value> {
            events
                .into_iter()
                .filter(|e| e.to.admits(Viewer::Spectator))
                .map(|e| e.event)
                .collect()
        };
        let mut steps = vec![json!({
            "seat": null,
            "action": null,
            "events": public(game.opening_events()),
            "view": game.view(Viewer::Spectator),
        })];
        let actions: Vec<(u8, Value)> =
            serde_json::from_str(self.actions).map_err(|e| e.to_string())?;
        for (n, (seat, action)) in actions.into_iter().enumerate() {
            let events = game
                .act(Seat(seat), &action)
                .map_err(|e| format!("action {} ({action}) of seat {seat}: {e:?}", n + 1))?;
            steps.push(json!({
                "seat": seat,
                "action": action,
                "events": public(events),
                "view": game.view(Viewer::Spectator),
            }));
        }
        let replay = json!({
            "game": self.game,
            "names": self.names,
            "players": self.players,
            "steps": steps,
        });
        Ok(replay.to_string())
    }
}
