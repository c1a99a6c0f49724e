//! Private tables and their invitation links: the table options `private` and `watchers`, the
//! code of the link (`/t/ID?invite=CODE`), the gate at a join, `/invite` and `/invite renew`.
//!
//! The code is randomness the table does not draw itself: the shell hands it fresh codes
//! ([`Table::give_code`] whenever [`Table::wants_code`]) and the table takes one when it becomes
//! private without a code or when the host renews the link. The code lives in the stored settings
//! ([`Invitation`] in `Meta`), so a link survives a restart; the codes it replaced are kept too,
//! so an old link is told it was renewed rather than that it is wrong.

use super::effect::Effect;
use super::{Table, TableOptions};
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::{OptionSpec, Text};
use nimmt_protocol::{ErrorCode, PlayerId, Role};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// How many replaced codes a table remembers (to tell an old link it was renewed).
const RENEWED_KEPT: usize = 8;

/// A private table's invitation, stored with its settings: the code of its link now and the
/// codes it replaced (newest last).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    pub code: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub renewed: Vec<String>,
}

/// What the table keeps in memory about invitations: a fresh code from the shell, ready to be
/// taken, and who came with the right code (they may sit down later without it).
#[derive(Clone, Debug, Default)]
pub(super) struct Invites {
    spare: Option<String>,
    invited: HashSet<PlayerId>,
}

/// The table options of this concern: whether the table is private, and whether people without
/// the link may watch it.
pub(super) fn specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "private",
            &["yes", "no"],
            "no",
            Text::new(
                "yes: not in the lobby's list; only whoever opens the invitation link (/invite) takes a seat",
                "yes: nicht in der Liste der Lobby; nur wer den Einladungslink (/invite) öffnet, nimmt Platz",
            ),
        ),
        OptionSpec::choice(
            "watchers",
            &["yes", "no"],
            "yes",
            Text::new(
                "no: at a private table, only people with the invitation link may watch",
                "no: an einem privaten Tisch dürfen nur Leute mit dem Einladungslink zuschauen",
            ),
        ),
    ]
}

/// Sets `private` or `watchers`; `None` for any other key.
pub(super) fn set_option(
    options: &mut TableOptions,
    key: &str,
    value: &str,
) -> Option<Result<(), String>> {
    let field = match key {
        "private" => &mut options.private,
        "watchers" => &mut options.watchers,
        _ => return None,
    };
    Some(match value {
        "yes" => {
            *field = true;
            Ok(())
        }
        "no" => {
            *field = false;
            Ok(())
        }
        _ => Err(format!(
            "bad value {value:?} for option {key}: expected yes or no"
        )),
    })
}

/// Whether `key` is one of this concern's yes/no options.
pub(super) fn is_yes_no(key: &str) -> bool {
    key == "private" || key == "watchers"
}

pub(super) fn watchers_by_default() -> bool {
    true
}

impl Table {
    /// Whether the shell should hand the table a fresh code before its next input.
    pub fn wants_code(&self) -> bool {
        self.invites.spare.is_none()
    }

    /// A fresh code from the shell (at least 128 random bits, written URL-safe); kept until the
    /// table becomes private or the host renews its link.
    pub fn give_code(&mut self, code: String) {
        self.invites.spare = Some(code);
    }

    /// The code of the private table's link, if it is private.
    pub fn invite_code(&self) -> Option<&str> {
        if !self.meta.table_options.private {
            return None;
        }
        self.meta.invitation.as_ref().map(|i| i.code.as_str())
    }

    /// The code as `player` sees it: only a seated player of a private table does.
    pub(super) fn invite_for(&self, player: &PlayerId) -> Option<String> {
        let seated = self.members.get(player).is_some_and(|m| m.seat.is_some());
        seated.then(|| self.invite_code().map(str::to_owned))?
    }

    /// A private table without a code takes the shell's spare one (before it is stored).
    /// `false` if it needs one and none is there.
    pub(super) fn ensure_code(&mut self) -> bool {
        if !self.meta.table_options.private || self.meta.invitation.is_some() {
            return true;
        }
        let Some(code) = self.invites.spare.take() else {
            return false;
        };
        self.meta.invitation = Some(Invitation {
            code,
            renewed: Vec::new(),
        });
        true
    }

    /// The gate of a private table at a join: whoever is seated, the host, a player taking back
    /// the seat they left and whoever came with the right code pass; a watcher passes if the
    /// host allows watchers. A wrong code is refused and told to the shell (it counts guesses
    /// per address); an old one is told it was renewed.
    pub(super) fn invite_gate(
        &mut self,
        conn: &Conn,
        role: Role,
        code: Option<&str>,
    ) -> Result<(), Refusal> {
        let options = &self.meta.table_options;
        if !options.private {
            return Ok(());
        }
        let player = &conn.player;
        let member = self.members.get(player);
        let known = member.is_some_and(|m| m.seat.is_some())
            || self.meta.host.as_ref() == Some(player)
            || self.invites.invited.contains(player)
            || self
                .meta
                .seats
                .iter()
                .any(|s| s.left.as_ref() == Some(player));
        if known {
            return Ok(());
        }
        let watching = role == Role::Spectator;
        if watching && code.is_none() && (options.watchers || member.is_some()) {
            return Ok(());
        }
        let current = self.meta.invitation.as_ref();
        let refusal = Refusal::new(ErrorCode::NotInvited).with("table", self.id);
        match code {
            Some(c) if current.is_some_and(|i| i.code == c) => {
                self.invites.invited.insert(player.clone());
                Ok(())
            }
            Some(c) if current.is_some_and(|i| i.renewed.iter().any(|r| r == c)) => {
                Err(refusal.keyed("invite_renewed"))
            }
            Some(_) => {
                self.out.effect(Effect::WrongInvite { conn: conn.clone() });
                Err(refusal.keyed("invite_wrong"))
            }
            None if watching => Err(refusal.keyed("invite_no_watchers")),
            None => Err(refusal.keyed("invite_needed")),
        }
    }

    /// `/invite`: the link to the asker; `/invite renew` (the host): a new code (stored first),
    /// the old link stops working, and whoever is seated gets the new one.
    pub(super) fn invite_command(&mut self, conn: &Conn, renew: bool) -> Result<(), Refusal> {
        if !self.meta.table_options.private {
            return Err(Refusal::new(ErrorCode::BadCommand)
                .keyed("invite_not_private")
                .with("table", self.id));
        }
        if renew {
            if self.meta.host.as_ref() != Some(&conn.player) {
                return Err(Refusal::new(ErrorCode::NotHost));
            }
            let Some(code) = self.invites.spare.take() else {
                return Err(Refusal::new(ErrorCode::Storage));
            };
            let invitation = self.meta.invitation.get_or_insert_with(Invitation::default);
            let old = std::mem::replace(&mut invitation.code, code);
            if !old.is_empty() {
                invitation.renewed.push(old);
            }
            let extra = invitation.renewed.len().saturating_sub(RENEWED_KEPT);
            invitation.renewed.drain(..extra);
            // Who came with the old code and did not sit down needs the new one.
            self.invites.invited.clear();
            self.save_meta();
            self.notice_all("invite_renewed_notice", vec![("name", conn.name.clone())]);
            self.changed();
        }
        let code = self.invite_code().unwrap_or_default().to_owned();
        self.out.notice(
            conn,
            Some(self.id),
            "invite_link",
            vec![("table", self.id.to_string()), ("code", code)],
        );
        Ok(())
    }
}
