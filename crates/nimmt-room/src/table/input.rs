//! What a table takes: a client's command, the time for its next wake-up, the answer to a job
//! or a read it asked for, an operator's request. The store's answer to a write is not an input
//! but [`Table::written`](super::Table::written), since nothing else may come in between.

use super::bot_terms::{choose_bot, BotSeek, FoundBot};
use super::effect::{RatingsQuery, SeatRatingsRead};
use super::job::Thought;
use crate::conn::Conn;
use crate::moderation::TableAct;
use crate::refusal::Refusal;
use nimmt_protocol::{Command, PlayerId, Role, TableId};
use serde_json::Value;
use std::collections::HashSet;

/// One input to a table.
#[derive(Debug)]
pub enum Input {
    /// The table was just made or restored and starts: a new table is stored, a finished game's
    /// record that was not stored yet is, a rematch's game starts.
    Opened,
    /// Join (as player or spectator), or come back: a member who is already at the table gets
    /// a full state, and a new connection of the same identity replaces the old one. `muted`:
    /// whom the joining player muted (their chat lines are not in the history it gets).
    Attach {
        conn: Conn,
        role: Role,
        req: Option<u64>,
        muted: HashSet<PlayerId>,
        /// The code of a private table's invitation link, if the client came with one.
        invite: Option<String>,
    },
    /// The connection closed.
    Detach {
        player: PlayerId,
        conn_id: u64,
    },
    Leave {
        conn: Conn,
        req: Option<u64>,
    },
    /// A chat line (or a command typed in chat). `muting`: who muted the speaker (they do not
    /// get the line).
    Chat {
        conn: Conn,
        text: String,
        req: Option<u64>,
        muting: HashSet<PlayerId>,
    },
    /// A table command sent typed.
    Command {
        conn: Conn,
        command: Command,
        req: Option<u64>,
    },
    Act {
        conn: Conn,
        version: u64,
        action: Value,
        req: Option<u64>,
    },
    Resync {
        conn: Conn,
        req: Option<u64>,
    },
    /// An operator's request (find or remove a chat line, close the table); answered by
    /// `Effect::Moderated`.
    Moderate {
        act: TableAct,
    },
    /// The time the table asked to wake up at (`Table::next_wake`) came.
    Wake,
    /// The answer to an `Effect::Think`.
    Thought(Thought),
    /// The answer to an `Effect::ReadRatings` (`None`: they could not be read).
    Ratings {
        query: RatingsQuery,
        seats: Option<SeatRatingsRead>,
    },
    /// The answer to an `Effect::OpenRematch`: the new table's number, or why not.
    RematchOpened {
        by: Conn,
        req: Option<u64>,
        result: Result<TableId, Refusal>,
    },
    /// The answer to an `Effect::SeekBot`: the bot account `by` asked for, with what it takes
    /// here, or why it does not come.
    SeatAccount {
        by: Conn,
        req: Option<u64>,
        found: Result<FoundBot, Refusal>,
    },
}

impl BotSeek {
    /// The table's answer: the online bot account of the name asked for (`None`: none is
    /// online), checked against the table offered (see [`choose_bot`]).
    pub fn answer(self, bot: Option<&nimmt_protocol::OnlineBot>) -> Input {
        let found = choose_bot(&self.name, bot, &self.offer);
        Input::SeatAccount {
            by: self.by,
            req: self.req,
            found,
        }
    }
}
