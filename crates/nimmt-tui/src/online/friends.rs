//! Friends in the terminal: a challenge received is a line that says how to answer it
//! (`/accept ID`, `/decline ID`, typed in chat like every friends command); an accepted challenge
//! takes both players to its table; `/friends` lists the followed players and open challenges.
//! The wording is the server's own texts (`nimmt_protocol::texts`), in the client's language.

use super::{Online, OnlineEffect};
use crate::text::Lang;
use nimmt_protocol::{Challenge, ChallengeOutcome, ClientMsg, Role, ServerMsg, Text};

impl Online {
    /// Takes in `friends`, `challenge_received` or `challenge_answered`.
    pub(super) fn friends(&mut self, msg: ServerMsg, out: &mut Vec<OnlineEffect>) {
        match msg {
            ServerMsg::ChallengeReceived { challenge } => {
                let line = self.incoming(&challenge);
                self.say(line);
            }
            ServerMsg::ChallengeAnswered {
                challenge,
                outcome,
                table,
            } => {
                let (key, params) = match (outcome, table) {
                    (ChallengeOutcome::Accepted, Some(t)) => {
                        out.push(OnlineEffect::Send(ClientMsg::Join {
                            table: t,
                            role: Role::Player,
                            invite: None,
                        }));
                        (
                            "challenge_accepted",
                            vec![("to", challenge.to), ("table", t.to_string())],
                        )
                    }
                    _ => (
                        "challenge_declined",
                        vec![("to", challenge.to), ("game", challenge.game.to_string())],
                    ),
                };
                let line = self.text(key, params);
                self.say(line);
            }
            ServerMsg::Friends {
                following,
                challenges,
                ..
            } => {
                for f in following {
                    let line = if !f.tables.is_empty() {
                        let at: Vec<String> =
                            f.tables.iter().map(|t| t.table.to_string()).collect();
                        self.text(
                            "followed_at",
                            vec![("name", f.name), ("tables", at.join(", "))],
                        )
                    } else if f.online {
                        self.text("followed_online", vec![("name", f.name)])
                    } else {
                        self.text("followed_offline", vec![("name", f.name)])
                    };
                    self.say(line);
                }
                let mine: Vec<String> = challenges
                    .iter()
                    .filter(|c| c.to == self.name)
                    .map(|c| self.incoming(c))
                    .collect();
                for line in mine {
                    self.say(line);
                }
            }
            _ => {}
        }
    }

    /// The line of a challenge to this player.
    fn incoming(&self, c: &Challenge) -> String {
        let pace = c
            .options
            .0
            .get("pace")
            .cloned()
            .unwrap_or("realtime".into());
        let rated = if c.options.0.get("rated").is_some_and(|r| r == "no") {
            "casual"
        } else {
            "rated"
        };
        self.text(
            "challenge_incoming",
            vec![
                ("from", c.from.clone()),
                ("game", c.game.to_string()),
                ("pace", pace),
                ("rated", rated.to_owned()),
                ("id", c.id.clone()),
            ],
        )
    }

    fn text(&self, key: &str, params: Vec<(&str, String)>) -> String {
        let lang = match self.lang {
            Lang::En => nimmt_protocol::Lang::En,
            Lang::De => nimmt_protocol::Lang::De,
        };
        Text::new(lang, key, params).text
    }
}
