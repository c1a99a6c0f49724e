//! Friends over the WebSocket: following, the "Following" list, challenges and their answers,
//! sent as messages (`follow`, `challenge`, …) or typed in chat (`/follow NAME`,
//! `/challenge NAME [GAME] [PACE] [rated|casual] [KEY=VALUE …]`, `/accept ID`, `/decline ID`).
//! The database side is `crate::friends`; the rules without IO are the room's; the lobby says
//! where players are and passes a challenge to a player online here. An accepted challenge
//! opens its table the way a rematch does (`LobbyHandle::create_again` with the seats of both),
//! so a player who is away (a turn-based challenge answered hours later) is seated all the same.

use super::Session;
use crate::clock::now_ms;
use crate::conn::{Conn, Refusal};
use crate::friends::{self, store};
use nimmt_core::{registry, GameKind, OptionMap};
use nimmt_protocol::{
    ChallengeOutcome, ClientMsg, ErrorCode, Followed, FriendSettings, ServerMsg, TableId, Text,
};
use nimmt_room::lobby::{challenge_state, closed_refusal, room_for_turn_based, takes_challenge};
use nimmt_room::table::{choose_bot, Again, BotOffer, Meta, Pace, SeatMeta};

/// A request about friends, however it was sent.
pub(super) enum FriendsRequest {
    Follow(String),
    Unfollow(String),
    List,
    Settings(FriendSettings),
    Challenge {
        name: String,
        game: GameKind,
        options: OptionMap,
    },
    Answer {
        challenge: String,
        accept: bool,
    },
}

impl FriendsRequest {
    /// The request a message makes, or the message back if it is not about friends.
    pub(super) fn of_msg(msg: ClientMsg) -> Result<FriendsRequest, ClientMsg> {
        Ok(match msg {
            ClientMsg::Follow { name } => FriendsRequest::Follow(name),
            ClientMsg::Unfollow { name } => FriendsRequest::Unfollow(name),
            ClientMsg::Friends {} => FriendsRequest::List,
            ClientMsg::FriendSettings { settings } => FriendsRequest::Settings(settings),
            ClientMsg::Challenge {
                name,
                game,
                options,
            } => FriendsRequest::Challenge {
                name,
                game,
                options,
            },
            ClientMsg::AnswerChallenge { challenge, accept } => {
                FriendsRequest::Answer { challenge, accept }
            }
            other => return Err(other),
        })
    }

    /// The request a chat line makes: `None` if it is no friends command, else the request or
    /// why its arguments are wrong.
    pub(super) fn of_chat(text: &str) -> Option<Result<FriendsRequest, Refusal>> {
        let mut words = text.split_whitespace();
        let command = words.next()?;
        let args: Vec<&str> = words.collect();
        let usage = || Refusal::new(ErrorCode::BadCommand).keyed("friends_usage");
        let one = |make: fn(String) -> FriendsRequest| match args.as_slice() {
            [name] => Ok(make((*name).to_owned())),
            _ => Err(usage()),
        };
        Some(match command {
            "/follow" => one(FriendsRequest::Follow),
            "/unfollow" => one(FriendsRequest::Unfollow),
            "/friends" if args.is_empty() => Ok(FriendsRequest::List),
            "/accept" | "/decline" => match args.as_slice() {
                [id] => Ok(FriendsRequest::Answer {
                    challenge: (*id).to_owned(),
                    accept: command == "/accept",
                }),
                _ => Err(usage()),
            },
            "/challenge" => challenge_words(&args).ok_or_else(usage),
            _ => return None,
        })
    }
}

/// `/challenge NAME [GAME] [PACE] [rated|casual] [KEY=VALUE …]`, in any order after the name.
fn challenge_words(args: &[&str]) -> Option<FriendsRequest> {
    let (name, rest) = args.split_first()?;
    let mut game = GameKind::new("classic");
    let mut options = OptionMap::default();
    for word in rest {
        if let Some((k, v)) = word.split_once('=') {
            options.0.insert(k.to_owned(), v.to_owned());
        } else if Pace::parse(word).is_some() {
            options.0.insert("pace".into(), (*word).to_owned());
        } else if *word == "rated" || *word == "casual" {
            let yes = if *word == "rated" { "yes" } else { "no" };
            options.0.insert("rated".into(), yes.into());
        } else {
            game = registry::find(word).ok()?.kind();
        }
    }
    Some(FriendsRequest::Challenge {
        name: (*name).to_owned(),
        game,
        options,
    })
}

impl Session {
    /// Carries out a friends request; `table`: the table whose chat it was typed in, if any
    /// (a chat command is answered with a notice besides).
    pub(super) async fn friends(
        &mut self,
        id: Option<u64>,
        table: Option<TableId>,
        conn: Conn,
        req: FriendsRequest,
        typed: bool,
    ) {
        let done = match req {
            FriendsRequest::Follow(name) => self.follow(&conn, &name, true).await,
            FriendsRequest::Unfollow(name) => self.follow(&conn, &name, false).await,
            FriendsRequest::List => self.send_friends(&conn).await.map(|_| None),
            FriendsRequest::Settings(settings) => self.set_settings(&conn, settings).await,
            FriendsRequest::Challenge {
                name,
                game,
                options,
            } => self.challenge(&conn, &name, game, options).await,
            FriendsRequest::Answer { challenge, accept } => {
                self.answer(&conn, &challenge, accept).await
            }
        };
        match done {
            Ok(notice) => {
                if let Some((key, params)) = notice.filter(|_| typed) {
                    self.send(&ServerMsg::Notice {
                        table,
                        text: Text::new(self.lang, key, params),
                    });
                }
                self.ack(id);
            }
            Err(r) => self.refuse(id, table, r),
        }
    }

    async fn follow(&self, conn: &Conn, name: &str, follow: bool) -> Answered {
        let pool = self.state.store.pool();
        let me = friends::own_account(pool, &conn.player).await?;
        let them = friends::account_named(pool, name).await?;
        if them.player == me.player {
            return Err(Refusal::new(ErrorCode::BadCommand).keyed("follow_self"));
        }
        let done = if follow {
            let followed = store::following(pool, &me.player).await.map_err(storage)?;
            let max = friends::MOST_FOLLOWED;
            if followed.len() >= max && !followed.iter().any(|(id, _)| *id == them.player) {
                return Err(Refusal::new(ErrorCode::RateLimited)
                    .keyed("too_many_followed")
                    .with("max", max));
            }
            store::follow(pool, &me.player, &them.player, now_ms()).await
        } else {
            store::unfollow(pool, &me.player, &them.player).await
        };
        done.map_err(storage)?;
        self.send_friends(conn).await?;
        let key = if follow {
            "following_now"
        } else {
            "following_stopped"
        };
        Ok(Some((key, vec![("name", them.name)])))
    }

    async fn set_settings(&self, conn: &Conn, settings: FriendSettings) -> Answered {
        let pool = self.state.store.pool();
        let me = friends::own_account(pool, &conn.player).await?;
        store::set_settings(pool, &me.player, settings)
            .await
            .map_err(storage)?;
        self.send_friends(conn).await?;
        Ok(None)
    }

    /// Sends `friends`: whom the account follows and where they are, its open challenges and
    /// its settings.
    async fn send_friends(&self, conn: &Conn) -> Result<(), Refusal> {
        let pool = self.state.store.pool();
        let me = friends::own_account(pool, &conn.player).await?;
        let followed = store::following(pool, &me.player).await.map_err(storage)?;
        let ids = followed.iter().map(|(id, _)| id.clone()).collect();
        let found = self.state.lobby.whereabouts(ids).await;
        let mut following = Vec::new();
        for ((id, name), w) in followed.into_iter().zip(found) {
            let shown = store::settings(pool, &id)
                .await
                .map_err(storage)?
                .show_tables;
            following.push(Followed {
                name,
                online: w.online,
                tables: if shown { w.tables } else { Vec::new() },
            });
        }
        let challenges = store::open_for(pool, &me.player, now_ms().max(0) as u64)
            .await
            .map_err(storage)?
            .iter()
            .map(friends::wire)
            .collect();
        let settings = store::settings(pool, &me.player).await.map_err(storage)?;
        self.send(&ServerMsg::Friends {
            following,
            challenges,
            settings,
        });
        Ok(())
    }

    async fn challenge(
        &self,
        conn: &Conn,
        name: &str,
        game: GameKind,
        options: OptionMap,
    ) -> Answered {
        let pool = self.state.store.pool();
        let me = friends::own_account(pool, &conn.player).await?;
        let them = friends::account_named(pool, name).await?;
        if them.player == me.player {
            return Err(Refusal::new(ErrorCode::BadCommand).keyed("challenge_self"));
        }
        // A bot account answers by what it declared, at once.
        if crate::accounts::bot::is_bot(pool, &them.player)
            .await
            .map_err(storage)?
        {
            return self.challenge_bot(conn, &them, game, options).await;
        }
        let stance = friends::stance(pool, &them.player, &me.player).await?;
        takes_challenge(&them.name, stance)?;
        // One open challenge to the same player at a time.
        let now = now_ms().max(0) as u64;
        let open = store::open_for(pool, &me.player, now)
            .await
            .map_err(storage)?;
        if open
            .iter()
            .any(|c| c.from == me.player && c.to == them.player)
        {
            return Err(Refusal::new(ErrorCode::NotAllowed)
                .keyed("challenge_pending")
                .with("name", &them.name));
        }
        // The game, its options and two seats are checked now, not once accepted.
        self.meta(conn, game, &options)?;
        self.room_for(&me.player, &them.player, &them.name, &options)
            .await?;
        let c = store::Stored {
            id: crate::moderation::new_id(),
            from: me.player.clone(),
            from_name: conn.name.clone(),
            to: them.player.clone(),
            to_name: them.name.clone(),
            game,
            options,
            created_ms: now,
            answer: None,
        };
        store::insert(pool, &c).await.map_err(storage)?;
        let challenge = friends::wire(&c);
        self.state
            .lobby
            .tell(them.player, ServerMsg::ChallengeReceived { challenge });
        let pace = friends::pace_of(&c.options).to_owned();
        Ok(Some((
            "challenge_sent",
            vec![
                ("name", them.name),
                ("game", game.to_string()),
                ("pace", pace),
            ],
        )))
    }

    async fn answer(&mut self, conn: &Conn, id: &str, accept: bool) -> Answered {
        let pool = self.state.store.pool().clone();
        let c = store::get(&pool, id)
            .await
            .map_err(storage)?
            .ok_or_else(|| {
                Refusal::new(ErrorCode::ChallengeClosed)
                    .keyed("no_such_challenge")
                    .with("challenge", id)
            })?;
        if c.to != conn.player {
            return Err(Refusal::new(ErrorCode::NotAllowed).keyed("not_your_challenge"));
        }
        let now = now_ms().max(0) as u64;
        if let Some(r) = closed_refusal(challenge_state(c.created_ms, c.answer.is_some(), now)) {
            return Err(r);
        }
        let answered = || Refusal::new(ErrorCode::ChallengeClosed).keyed("challenge_answered");
        // A bot account that challenged (it is told where it sits).
        let host_bot = match crate::accounts::bot::is_bot(&pool, &c.from).await {
            Ok(bot) => bot,
            Err(e) => return Err(storage(e)),
        };
        let (outcome, table) = if accept {
            self.room_for(&c.to, &c.from, &c.from_name, &c.options)
                .await?;
            // The table's settings: the challenger hosts and sits first, the challenged second.
            let mut host = conn.clone();
            host.player = c.from.clone();
            host.name = c.from_name.clone();
            // A bot account that challenged is marked as one at its seat.
            host.bot = host_bot;
            let mut meta = self.meta(&host, c.game, &c.options)?;
            meta.seats.push(SeatMeta {
                player: Some(conn.player.clone()),
                name: conn.name.clone(),
                bot: None,
                left: None,
                bot_account: conn.bot,
            });
            let meta = serde_json::to_string(&meta).map_err(storage)?;
            if !store::answer(&pool, id, "accepted", now as i64)
                .await
                .map_err(storage)?
            {
                return Err(answered());
            }
            let again = Again {
                meta,
                history: Vec::new(),
            };
            // Opened in the host's name: the lobby counts it among the challenger's tables.
            match self.state.lobby.create_again(host, c.game, again).await {
                Ok(h) => {
                    if let Err(e) = store::opened(&pool, id, h.id).await {
                        tracing::warn!("challenge {id}: its table {} not noted: {e}", h.id);
                    }
                    if host_bot {
                        let seated = ServerMsg::BotSeated {
                            table: h.id,
                            game: c.game,
                        };
                        self.state.lobby.tell(c.from.clone(), seated);
                    }
                    (ChallengeOutcome::Accepted, Some(h.id))
                }
                Err(r) => {
                    let _ = store::unanswer(&pool, id).await;
                    return Err(r);
                }
            }
        } else {
            if !store::answer(&pool, id, "declined", now as i64)
                .await
                .map_err(storage)?
            {
                return Err(answered());
            }
            (ChallengeOutcome::Declined, None)
        };
        let msg = ServerMsg::ChallengeAnswered {
            challenge: friends::wire(&c),
            outcome,
            table,
        };
        self.send(&msg);
        self.state.lobby.tell(c.from.clone(), msg);
        Ok(None)
    }

    /// A challenge to the bot account `bot`: accepted on its behalf when it is online and takes
    /// the table (the table opens as for an accepted challenge, the bot is told `bot_seated`),
    /// else declined with the reason.
    async fn challenge_bot(
        &self,
        conn: &Conn,
        bot: &crate::accounts::account::Account,
        game: GameKind,
        options: OptionMap,
    ) -> Answered {
        let pool = self.state.store.pool();
        let mut meta = self.meta(conn, game, &options)?;
        let table_options = meta.table_options.to_map();
        let offer = BotOffer::new(
            game,
            2,
            &meta.options,
            table_options,
            meta.table_options.rated,
        );
        let online = self
            .state
            .lobby
            .online_bot(&bot.name)
            .await
            .filter(|b| b.player == bot.player);
        let found = choose_bot(&bot.name, online.as_ref(), &offer)?;
        self.room_for(&conn.player, &bot.player, &bot.name, &options)
            .await?;
        meta.seats.push(SeatMeta {
            player: Some(found.player.clone()),
            name: found.name.clone(),
            bot: None,
            left: None,
            bot_account: true,
        });
        meta.bot_terms.insert(found.player.clone(), found.terms);
        let now = now_ms().max(0) as u64;
        let c = store::Stored {
            id: crate::moderation::new_id(),
            from: conn.player.clone(),
            from_name: conn.name.clone(),
            to: found.player.clone(),
            to_name: found.name.clone(),
            game,
            options,
            created_ms: now,
            answer: None,
        };
        store::insert(pool, &c).await.map_err(storage)?;
        store::answer(pool, &c.id, "accepted", now as i64)
            .await
            .map_err(storage)?;
        let again = Again {
            meta: serde_json::to_string(&meta).map_err(storage)?,
            history: Vec::new(),
        };
        let table = match self
            .state
            .lobby
            .create_again(conn.clone(), game, again)
            .await
        {
            Ok(h) => h.id,
            Err(r) => {
                let _ = store::unanswer(pool, &c.id).await;
                return Err(r);
            }
        };
        if let Err(e) = store::opened(pool, &c.id, table).await {
            tracing::warn!("challenge {}: its table {table} not noted: {e}", c.id);
        }
        self.state
            .lobby
            .tell(found.player, ServerMsg::BotSeated { table, game });
        self.send(&ServerMsg::ChallengeAnswered {
            challenge: friends::wire(&c),
            outcome: ChallengeOutcome::Accepted,
            table: Some(table),
        });
        Ok(None)
    }

    /// The settings of a challenge's table with `host` in the first of two seats, or why its
    /// game or options are refused.
    fn meta(&self, host: &Conn, game: GameKind, options: &OptionMap) -> Result<Meta, Refusal> {
        let config = crate::table_config(&self.state.config);
        Meta::new(host, game, options.clone(), Some(2), &config)
    }

    /// A turn-based challenge needs a free place among the turn-based tables of both (`asker`
    /// first, who challenges or accepts).
    async fn room_for(
        &self,
        asker: &str,
        other: &str,
        other_name: &str,
        options: &OptionMap,
    ) -> Result<(), Refusal> {
        let turn_based = Pace::parse(friends::pace_of(options)).is_some_and(Pace::is_turn_based);
        if !turn_based {
            return Ok(());
        }
        let lobby = &self.state.lobby;
        let mine = lobby.turn_based_seats(asker.to_owned()).await;
        let theirs = lobby.turn_based_seats(other.to_owned()).await;
        room_for_turn_based(mine, theirs, other_name)
    }
}

/// A request carried out, with the notice a chat command gets (its key and parameters).
type Answered = Result<Option<(&'static str, Vec<(&'static str, String)>)>, Refusal>;

fn storage(e: impl std::fmt::Display) -> Refusal {
    tracing::warn!("friends: {e}");
    Refusal::new(ErrorCode::Storage)
}
