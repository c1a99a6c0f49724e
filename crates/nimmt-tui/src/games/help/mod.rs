//! The HELP! screen: the shared row with the Jokers' values, the players (cards in hand, No!,
//! points, who is to play, who was asked for help), the piles and the direction, your hand; the
//! choices offered are exactly the legal actions of the moment.
//!
//! - this module: the screen's state, its keys and how each event changes the picture;
//! - [`layout`] says where each part lies;
//! - [`draw`] paints;
//! - [`text`] holds the screen's texts in English and German.

pub mod draw;
pub mod layout;
pub mod text;

use crate::app::{App, GameScreen, Key, Pause};
use crate::text::{Lang, T};
use nimmt_core::games::help::{
    Action, DealEnd, DealResult, Decision, Direction, Event, Help, HelpCard, NoMark, PhaseView,
    RowCard, View,
};
use nimmt_core::Seat;
use text::H;

/// The client at a HELP! table.
pub type HelpApp = App<HelpScreen>;

/// What the HELP! screen keeps beside the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HelpScreen {
    /// The selected card of the hand.
    pub cursor: usize,
    /// The ways to play the selected card, when it can be played in several (a Joker's place, a
    /// Switch's two cards), and the one selected.
    pub choice: Option<(Vec<Action>, usize)>,
    /// At a remote table: the card shown gone from the hand since the move was sent (the event
    /// that tells the move then takes no second one).
    pub sent: Option<HelpCard>,
}

/// A card as eight columns: `[  7   ]`, `[Joker ]`.
pub fn card_text(card: HelpCard) -> String {
    format!("[{:^6}]", card.name())
}

/// A row card as eight columns; a Joker shows the value it counts for: `[J = 5 ]`.
pub fn row_card_text(card: RowCard) -> String {
    match card.card {
        HelpCard::Joker => format!("[{:^6}]", format!("J={}", card.value)),
        c => card_text(c),
    }
}

impl App<HelpScreen> {
    /// The selected card of the hand.
    pub fn selected_card(&self) -> Option<HelpCard> {
        let hand = &self.view().hand;
        hand.get(self.screen.cursor.min(hand.len().saturating_sub(1)))
            .copied()
    }

    /// The legal actions that play (or hand over) `card`.
    pub fn actions_for(&self, card: HelpCard) -> Vec<Action> {
        self.legal()
            .iter()
            .filter(|a| a.card() == Some(card))
            .copied()
            .collect()
    }

    /// The action under the selection of the open choice.
    pub fn chosen(&self) -> Option<Action> {
        let (actions, i) = self.screen.choice.as_ref()?;
        actions.get(*i).copied()
    }

    /// What an action does, in words.
    pub fn describe(&self, action: &Action) -> String {
        let lang = self.lang;
        let row = &self.view().row;
        let other = |to: Option<Seat>| to.map(|s| self.name(s)).unwrap_or_default();
        match *action {
            Action::Lay { card } => H::LayNumber.fill(lang, &[&card]),
            Action::Joker { at } => {
                let value = self.view().joker_values.get(at).copied().flatten();
                H::LayJoker.fill(lang, &[&(at + 1), &value.unwrap_or(0)])
            }
            Action::Switch { take, give } => {
                let taken = row.get(take).map(|c| c.value).unwrap_or(0);
                H::PlaySwitch.fill(lang, &[&taken, &(take + 1), &give])
            }
            Action::Zap => {
                let last = row.last().map(|c| c.value.to_string()).unwrap_or_default();
                H::PlayZap.fill(lang, &[&last])
            }
            Action::No => H::PlayNo.t(lang).to_owned(),
            Action::AskHelp => H::AskHelp.t(lang).to_owned(),
            Action::GiveHelp { card } => H::GiveHelp.fill(lang, &[&card, &other(self.partner())]),
            Action::GiveBack { card } => H::GiveBack.fill(lang, &[&card, &other(self.partner())]),
        }
    }

    /// The other player of a HELP! exchange the player is asked to take part in.
    pub fn partner(&self) -> Option<Seat> {
        match self.asked()? {
            Decision::GiveHelp { to } | Decision::GiveBack { to } => Some(to),
            Decision::Play => None,
        }
    }

    /// Enter on the selected card: its only way to play, or a choice among several.
    fn play_selected(&mut self) -> Option<Action> {
        let legal = self.legal().to_vec();
        if legal == [Action::AskHelp] {
            return Some(Action::AskHelp);
        }
        let card = self.selected_card()?;
        let mut actions = self.actions_for(card);
        match actions.len() {
            0 => {
                self.log(H::CannotPlay.fill(self.lang, &[&card]));
                None
            }
            1 => actions.pop(),
            _ => {
                self.screen.choice = Some((actions, 0));
                None
            }
        }
    }

    fn select(&mut self, i: usize) {
        if i < self.view().hand.len() {
            self.screen.cursor = i;
            self.screen.choice = None;
        }
    }
}

impl GameScreen for HelpScreen {
    type R = Help;

    fn new(_view: &View) -> Self {
        HelpScreen::default()
    }

    fn title(lang: Lang) -> &'static str {
        H::Title.t(lang)
    }

    fn help_title(lang: Lang) -> &'static str {
        H::HelpTitle.t(lang)
    }

    fn help_text(lang: Lang) -> &'static str {
        H::HelpText.t(lang)
    }

    fn asked(view: &View) -> Option<Decision> {
        view.asked
    }

    fn deal(view: &View) -> u32 {
        view.deal
    }

    fn last_points(view: &View) -> Option<Vec<i32>> {
        view.history.last().map(|r| crate::app::to_i32(&r.points))
    }

    fn deal_note(app: &HelpApp) -> Vec<String> {
        app.view()
            .history
            .last()
            .map(|r| vec![deal_end_line(app, r)])
            .unwrap_or_default()
    }

    fn is_slow(e: &Event) -> bool {
        matches!(
            e,
            Event::Laid { .. }
                | Event::Switched { .. }
                | Event::Zapped { .. }
                | Event::NoLaid { .. }
                | Event::RowCleared { .. }
                | Event::HelpAsked { .. }
                | Event::Helped { .. }
                | Event::GaveBack { .. }
                | Event::DealEnded { .. }
                | Event::GameEnded { .. }
        )
    }

    fn ends_game(e: &Event) -> bool {
        matches!(e, Event::GameEnded { .. })
    }

    fn key(app: &mut HelpApp, key: Key) -> Option<Action> {
        let n = app.view().hand.len();
        if let Some((actions, i)) = &mut app.screen.choice {
            let len = actions.len();
            match key {
                Key::Up => *i = (*i + len - 1) % len,
                Key::Down | Key::Tab => *i = (*i + 1) % len,
                Key::Enter | Key::Char(' ') => {
                    let action = app.chosen();
                    app.screen.choice = None;
                    return action;
                }
                _ => {}
            }
            if !matches!(key, Key::Left | Key::Right | Key::Char('1'..='9')) {
                return None;
            }
        }
        match key {
            Key::Left if n > 0 => app.select((app.screen.cursor + n - 1) % n),
            Key::Right | Key::Tab if n > 0 => app.select((app.screen.cursor + 1) % n),
            Key::Home => app.select(0),
            Key::End if n > 0 => app.select(n - 1),
            Key::Char(c @ '1'..='9') => app.select(c as usize - '1' as usize),
            Key::Char('h' | 'H') if app.legal().contains(&Action::AskHelp) => {
                return Some(Action::AskHelp)
            }
            Key::Enter | Key::Char(' ') => return app.play_selected(),
            _ => {}
        }
        None
    }

    fn click(app: &mut HelpApp, x: u16, y: u16) -> Option<Action> {
        match layout::hit(app, x, y)? {
            layout::Target::Hand(i) => {
                app.select(i);
                app.play_selected()
            }
            layout::Target::Choice(i) => {
                let (actions, _) = app.screen.choice.take()?;
                actions.get(i).copied()
            }
        }
    }

    fn escape(app: &mut HelpApp) -> bool {
        app.screen.choice.take().is_some()
    }

    fn acted(app: &mut HelpApp, action: &Action) {
        app.screen.choice = None;
        if app.is_remote() {
            // Until the server answers, the card is shown gone from the hand.
            if let Some(card) = action.card() {
                let hand = &mut app.view_mut().hand;
                if let Some(i) = hand.iter().position(|&c| c == card) {
                    hand.remove(i);
                    app.screen.sent = Some(card);
                }
            }
        }
    }

    fn shows_at_once(_action: &Action) -> bool {
        // The player's own move needs no pause before it shows.
        true
    }

    fn settled(app: &mut HelpApp) {
        app.screen.sent = None;
        let n = app.view().hand.len();
        app.screen.cursor = app.screen.cursor.min(n.saturating_sub(1));
        if app.asked().is_none() {
            app.screen.choice = None;
        }
    }

    fn min_size(app: &HelpApp) -> (u16, u16) {
        (layout::MIN_WIDTH, layout::min_height(app))
    }

    fn draw(app: &HelpApp, frame: &mut ratatui::Frame) {
        draw::draw(app, frame)
    }

    fn apply(app: &mut HelpApp, event: Event) {
        let lang = app.lang;
        let me = app.me();
        let line = match event {
            Event::DealStarted {
                deal,
                direction,
                draw_pile,
                hand_size,
            } => {
                let v = app.view_mut();
                v.deal = deal;
                v.turn = 0;
                v.direction = direction;
                v.draw_size = draw_pile;
                v.row.clear();
                v.discard.clear();
                v.hand.clear();
                v.hand_sizes = vec![hand_size; v.players];
                v.marks = vec![NoMark::None; v.players];
                Some(app.lang.fill(T::NewDeal, &[&deal]))
            }
            Event::HandDealt { seat, hand } => {
                if seat == me {
                    app.view_mut().hand = hand;
                }
                None
            }
            Event::Called {
                calls,
                starter,
                by_lot,
            } => {
                let v = app.view_mut();
                v.calls = calls;
                v.starter = starter;
                let who = app.name(starter);
                Some(if by_lot {
                    H::CalledByLot.fill(lang, &[&who])
                } else {
                    H::Called.fill(lang, &[&who])
                })
            }
            Event::Laid {
                seat, card, row, ..
            } => {
                played(app, seat, &[card.card], &[]);
                app.view_mut().row = row;
                let who = app.name(seat);
                Some(match card.card {
                    HelpCard::Joker => H::LaysJoker.fill(lang, &[&who, &card.value]),
                    _ => H::Lays.fill(lang, &[&who, &card.value]),
                })
            }
            Event::Switched {
                seat,
                taken,
                given,
                row,
                ..
            } => {
                played(app, seat, &[HelpCard::Switch, given.card], &[taken.card]);
                let v = app.view_mut();
                v.row = row;
                discard(v, &[HelpCard::Switch]);
                let who = app.name(seat);
                Some(H::Switched.fill(lang, &[&who, &taken.value, &given.value]))
            }
            Event::Zapped { seat, removed, row } => {
                played(app, seat, &[HelpCard::Zap], &[]);
                let v = app.view_mut();
                v.row = row;
                discard(v, &[removed.card, HelpCard::Zap]);
                Some(H::Zapped.fill(lang, &[&app.name(seat), &removed.value]))
            }
            Event::NoLaid { seat } => {
                played(app, seat, &[HelpCard::No], &[]);
                set_mark(app, seat, NoMark::Laid);
                Some(H::NoLaid.fill(lang, &[&app.name(seat)]))
            }
            Event::RowCleared { seat, cards } => {
                let v = app.view_mut();
                v.row.clear();
                let cards: Vec<HelpCard> = cards.iter().map(|c| c.card).collect();
                discard(v, &cards);
                Some(H::RowCleared.fill(lang, &[&app.name(seat)]))
            }
            Event::Skipped { seat } => {
                set_mark(app, seat, NoMark::Skipped);
                Some(H::Skipped.fill(lang, &[&app.name(seat)]))
            }
            Event::NoDiscarded { seat } => {
                set_mark(app, seat, NoMark::None);
                discard(app.view_mut(), &[HelpCard::No]);
                Some(H::NoDiscarded.fill(lang, &[&app.name(seat)]))
            }
            Event::HelpAsked { asker, asked, .. } => Some(if asker == me {
                H::YouAskHelp.fill(lang, &[&app.name(asked)])
            } else if asked == me {
                H::AsksYouHelp.fill(lang, &[&app.name(asker)])
            } else {
                H::HelpAsked.fill(lang, &[&app.name(asker), &app.name(asked)])
            }),
            Event::Helped { from, to } => {
                handed(app, from, to, None);
                (from != me && to != me)
                    .then(|| H::Helped.fill(lang, &[&app.name(from), &app.name(to)]))
            }
            Event::CardPassed { from, to, card } => {
                handed(app, from, to, Some(card));
                if to == me {
                    Some(H::YouGet.fill(lang, &[&card, &app.name(from)]))
                } else if from == me {
                    Some(H::YouHandOver.fill(lang, &[&card, &app.name(to)]))
                } else {
                    None
                }
            }
            Event::GaveBack { from, to } => {
                handed(app, from, to, None);
                (from != me && to != me)
                    .then(|| H::GaveBack.fill(lang, &[&app.name(from), &app.name(to)]))
            }
            Event::CardReturned { from, to, card } => {
                handed(app, from, to, Some(card));
                if to == me {
                    Some(H::YouGetBack.fill(lang, &[&card, &app.name(from)]))
                } else if from == me {
                    Some(H::YouGiveBack.fill(lang, &[&card, &app.name(to)]))
                } else {
                    None
                }
            }
            Event::Drew {
                seat,
                count,
                draw_pile,
            } => {
                let v = app.view_mut();
                if let Some(n) = v.hand_sizes.get_mut(seat.index()) {
                    *n += count;
                }
                v.draw_size = draw_pile;
                None
            }
            Event::Drawn { seat, cards } => (seat == me && !cards.is_empty()).then(|| {
                let hand = &mut app.view_mut().hand;
                hand.extend(&cards);
                hand.sort();
                let cards: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                H::YouDraw.fill(lang, &[&cards.join(" ")])
            }),
            Event::Reshuffled { cards } => {
                let v = app.view_mut();
                v.draw_size = cards;
                v.discard.clear();
                Some(H::Reshuffled.fill(lang, &[&cards]))
            }
            Event::DealEnded { result, totals } => {
                app.log(deal_end_line(app, &result));
                let v = app.view_mut();
                v.totals = totals.clone();
                v.history.push(result.clone());
                app.log(lang.fill(T::DealOver, &[&result.deal]));
                app.show_result(Pause::DealOver {
                    deal: result.deal,
                    points: crate::app::to_i32(&result.points),
                    totals: crate::app::to_i32(&totals),
                });
                None
            }
            Event::GameEnded { outcome } => {
                let scores = outcome.scores.clone();
                let v = app.view_mut();
                v.outcome = Some(outcome.clone());
                v.phase = PhaseView::Over;
                app.show_result(Pause::GameOver {
                    scores,
                    winners: outcome.winners,
                });
                None
            }
        };
        if let Some(line) = line {
            app.log(line);
        }
    }
}

/// `seat` played: `gone` left their hand, `back` came into it (a Switch's card from the row).
fn played(app: &mut HelpApp, seat: Seat, gone: &[HelpCard], back: &[HelpCard]) {
    let me = app.me();
    let v = app.view_mut();
    v.turn += 1;
    if let Some(n) = v.hand_sizes.get_mut(seat.index()) {
        *n = (*n + back.len()).saturating_sub(gone.len());
    }
    if seat == me {
        for &c in gone {
            take_from_hand(app, c);
        }
        let v = app.view_mut();
        v.hand.extend(back);
        v.hand.sort();
    }
}

/// A card of the player's own went out of their hand (unless it was shown gone when sent).
fn take_from_hand(app: &mut HelpApp, card: HelpCard) {
    if app.screen.sent == Some(card) {
        app.screen.sent = None;
        return;
    }
    let hand = &mut app.view_mut().hand;
    if let Some(i) = hand.iter().position(|&h| h == card) {
        hand.remove(i);
    }
}

/// A card went from `from`'s hand to `to`'s; `card` when this viewer may see which.
fn handed(app: &mut HelpApp, from: Seat, to: Seat, card: Option<HelpCard>) {
    let me = app.me();
    let v = app.view_mut();
    match card {
        None => {
            if let Some(n) = v.hand_sizes.get_mut(from.index()) {
                *n = n.saturating_sub(1);
            }
            if let Some(n) = v.hand_sizes.get_mut(to.index()) {
                *n += 1;
            }
        }
        Some(card) if from == me => take_from_hand(app, card),
        Some(card) if to == me => {
            v.hand.push(card);
            v.hand.sort();
        }
        Some(_) => {}
    }
}

/// Cards went to the discard pile (the view holds it sorted).
fn discard(v: &mut View, cards: &[HelpCard]) {
    v.discard.extend(cards);
    v.discard.sort();
}

/// How a deal ended, in one line: who could not help whom (or who was left helpless), and who
/// scores how many points.
pub fn deal_end_line(app: &HelpApp, result: &DealResult) -> String {
    let lang = app.lang;
    let me = app.me();
    let why = match result.end {
        DealEnd::NoHelp { asker, asked } if asked == me => {
            H::YouCouldNotHelp.fill(lang, &[&app.name(asker)])
        }
        DealEnd::NoHelp { asker, asked } if asker == me => {
            H::CouldNotHelpYou.fill(lang, &[&app.name(asked)])
        }
        DealEnd::NoHelp { asker, asked } => {
            H::NoHelp.fill(lang, &[&app.name(asked), &app.name(asker)])
        }
        DealEnd::Helpless { asker } if asker == me => H::YouHelpless.t(lang).to_owned(),
        DealEnd::Helpless { asker } => H::Helpless.fill(lang, &[&app.name(asker)]),
    };
    let scorers: Vec<Seat> = Seat::all(result.points.len())
        .filter(|s| result.points[s.index()] > 0)
        .collect();
    let Some(&first) = scorers.first() else {
        return why;
    };
    let points = result.points[first.index()];
    let unit = if points == 1 {
        H::OnePoint.t(lang).to_owned()
    } else {
        H::Points.fill(lang, &[&points])
    };
    let scores = match scorers.as_slice() {
        [s] if *s == me => H::YouScore.fill(lang, &[&unit]),
        [s] => H::Scores.fill(lang, &[&app.name(*s), &unit]),
        many => {
            let names: Vec<String> = many.iter().map(|&s| app.name(s)).collect();
            H::ScoreEach.fill(lang, &[&and_list(lang, &names), &unit])
        }
    };
    format!("{why} — {scores}")
}

/// "Ann, Bob and Cara" / "Ann, Bob und Cara".
fn and_list(lang: Lang, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), H::And.t(lang)),
    }
}

fn set_mark(app: &mut HelpApp, seat: Seat, mark: NoMark) {
    if let Some(m) = app.view_mut().marks.get_mut(seat.index()) {
        *m = mark;
    }
}

/// The direction of play in words.
pub fn direction_text(lang: Lang, d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => H::Clockwise.t(lang),
        Direction::Counterclockwise => H::Counterclockwise.t(lang),
    }
}
