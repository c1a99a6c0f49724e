//! Bot accounts at a table. A seated player seats an online bot account by name (`/bot add
//! @NAME`, before the start): the table asks its shell for the bot ([`Effect::SeekBot`]), which
//! answers with the bot and what it declared, or why not ([`Input::SeatAccount`](super::Input));
//! the table checks again (the table may have changed meanwhile), seats the bot as a player who
//! has not arrived yet (it joins when told `bot_seated`) and keeps what it declared it takes in
//! its stored settings ([`Meta::bot_terms`](super::Meta)): an option, or a start with a number of
//! seats, that a seated bot account does not take is refused. `/bot remove` removes the last
//! seated bot, a built-in one or a bot account.

use super::bot_terms::{BotOffer, BotSeek, FoundBot};
use super::effect::Effect;
use super::{Member, SeatMeta, Table, TableOptions};
use crate::bot_accounts::takes;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::OptionMap;
use nimmt_protocol::{ErrorCode, ServerMsg, TableState};

/// The table as offered to a bot account: `game` with `seats` seats, `options` and
/// `table_options`.
fn offer_of(
    game: nimmt_core::GameKind,
    seats: usize,
    options: &OptionMap,
    table_options: &TableOptions,
) -> BotOffer {
    BotOffer::new(
        game,
        seats,
        options,
        table_options.to_map(),
        table_options.rated,
    )
}

impl Table {
    /// The table as offered to a bot account with `seats` seats.
    fn bot_offer(&self, seats: usize) -> BotOffer {
        offer_of(
            self.meta.game,
            seats,
            &self.meta.options,
            &self.meta.table_options,
        )
    }

    /// Whether seat `i` is a bot account's.
    pub(super) fn bot_account_seat(&self, i: usize) -> bool {
        self.meta
            .seats
            .get(i)
            .is_some_and(|s| s.bot_account && s.player.is_some())
    }

    /// `/bot add @NAME` from a seated player before the start (checked by the command's rules):
    /// the shell looks for the bot; its answer seats it (see [`Table::seat_account`]).
    pub(super) fn seek_bot(
        &mut self,
        conn: &Conn,
        name: String,
        req: Option<u64>,
    ) -> Result<(), Refusal> {
        if self.meta.seats.len() >= self.meta.max_seats {
            return Err(Refusal::new(ErrorCode::TableFull).with("max", self.meta.max_seats));
        }
        let offer = self.bot_offer(self.meta.max_seats);
        self.out.effect(Effect::SeekBot(BotSeek {
            by: conn.clone(),
            req,
            name,
            offer,
        }));
        self.answer_later = true;
        Ok(())
    }

    /// The shell's answer to [`Effect::SeekBot`]: the bot takes a seat, or `by` hears why not.
    pub(super) fn seat_account(
        &mut self,
        by: &Conn,
        req: Option<u64>,
        found: Result<FoundBot, Refusal>,
    ) {
        self.begin_undo(Some((by, req)));
        match found.and_then(|bot| self.seat_bot(by, bot)) {
            Ok(()) => self.out.ack(by, req),
            Err(r) => self.out.refuse(by, req, Some(self.id), &r),
        }
    }

    fn seat_bot(&mut self, by: &Conn, bot: FoundBot) -> Result<(), Refusal> {
        // The table as it is now: someone may have left, started or changed it meanwhile.
        let seated = self
            .members
            .get(&by.player)
            .is_some_and(|m| m.seat.is_some());
        if !seated {
            return Err(Refusal::new(ErrorCode::NotSeated));
        }
        if self.state != TableState::Open {
            return Err(Refusal::new(ErrorCode::AlreadyStarted));
        }
        if self.meta.seats.len() >= self.meta.max_seats {
            return Err(Refusal::new(ErrorCode::TableFull).with("max", self.meta.max_seats));
        }
        if self.meta.kicked.contains(&bot.player) {
            return Err(Refusal::new(ErrorCode::SentAway).with("table", self.id));
        }
        if self
            .meta
            .seats
            .iter()
            .any(|s| s.player.as_ref() == Some(&bot.player))
        {
            return Err(Refusal::new(ErrorCode::BotUnavailable)
                .keyed("bot_busy")
                .with("name", &bot.name)
                .with("most", 1));
        }
        if self.name_taken(&bot.name, &bot.player) {
            return Err(Refusal::new(ErrorCode::NameTaken).with("name", &bot.name));
        }
        takes(
            &bot.name,
            &bot.terms.declaration(false),
            &self.bot_offer(self.meta.max_seats).offer(),
        )?;
        self.meta.seats.push(SeatMeta {
            player: Some(bot.player.clone()),
            name: bot.name.clone(),
            bot: None,
            left: None,
            bot_account: true,
        });
        self.meta
            .bot_terms
            .insert(bot.player.clone(), bot.terms.clone());
        let seat = self.meta.seats.len() - 1;
        let now = self.now.at;
        let member = self
            .members
            .entry(bot.player.clone())
            .or_insert_with(|| Member {
                conn: None,
                name: bot.name.clone(),
                seat: None,
                away_since: Some(now),
                standing_in: false,
            });
        member.seat = Some(seat);
        // Its joining is its arrival, not a "back".
        if member.conn.is_none() {
            self.rematch.awaited.insert(bot.player.clone());
        }
        self.save_meta();
        self.notice_all("bot_account_seated", vec![("name", bot.name.clone())]);
        self.changed();
        self.out.effect(Effect::Tell {
            player: bot.player,
            msg: Box::new(ServerMsg::BotSeated {
                table: self.id,
                game: self.meta.game,
            }),
        });
        Ok(())
    }

    /// Whether every bot account seated here takes the table with `options` and
    /// `table_options`; `seats`: the number of seats the game starts with (none: the size is
    /// not checked, as before the start).
    pub(super) fn within_bot_terms(
        &self,
        options: &OptionMap,
        table_options: &TableOptions,
        seats: Option<usize>,
    ) -> Result<(), Refusal> {
        let offer = offer_of(
            self.meta.game,
            seats.unwrap_or(self.meta.seats.len()),
            options,
            table_options,
        );
        for s in self.meta.seats.iter().filter(|s| s.bot_account) {
            let Some(terms) = s.player.as_ref().and_then(|p| self.meta.bot_terms.get(p)) else {
                continue;
            };
            takes(&s.name, &terms.declaration(seats.is_none()), &offer.offer())?;
        }
        Ok(())
    }

    /// `/bot remove` took a bot account's seat `i` before the start: it leaves the table (and
    /// hears so) and its terms are forgotten.
    pub(super) fn remove_bot_account(&mut self, i: usize) -> Result<(), Refusal> {
        let Some(player) = self.meta.seats.get(i).and_then(|s| s.player.clone()) else {
            return Err(Refusal::new(ErrorCode::NoSuchPlayer).with("name", "bot"));
        };
        self.meta.bot_terms.remove(&player);
        self.rematch.awaited.remove(&player);
        self.leave(&player, false)
    }
}
