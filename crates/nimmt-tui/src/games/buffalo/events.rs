//! How the buffalo screen's picture follows the events: each event's rows, piles, points and
//! who is asked are copied into the view shown, and a line goes to the log.

use super::text::B;
use super::BuffaloApp;
use crate::app::Pause;
use crate::text::T;
use nimmt_core::games::buffalo::{Action, Decision, Event, PhaseView};
use nimmt_core::Seat;

/// Copies what each event says into the shown view (no rule is worked out here: the rows,
/// piles, points and who is asked come in the events) and writes a line of the log.
pub(super) fn apply(app: &mut BuffaloApp, event: Event) {
    let lang = app.lang;
    let me = app.me();
    let line = match event {
        Event::GameStarted {
            rows,
            open,
            stack,
            buffalo_cards,
            ..
        } => {
            let v = app.view_mut();
            v.rows = rows;
            v.open_specials = open;
            v.stack_size = stack;
            v.buffalo_cards_left = buffalo_cards;
            None
        }
        Event::HandDealt { seat, hand } => {
            if seat == me {
                app.view_mut().hand = hand;
            }
            None
        }
        Event::TurnStarted { turn } => {
            let v = app.view_mut();
            v.turn = turn;
            v.turn_passed.iter_mut().for_each(|p| *p = false);
            v.queue.clear();
            v.my_choice = None;
            v.phase = PhaseView::Choose {
                chosen: vec![false; v.players],
            };
            v.waiting_for = (0..v.players).map(|s| Seat(s as u8)).collect();
            v.asked = Some(Decision::PlayCard);
            Some(B::TurnStarts.fill(lang, &[&turn]))
        }
        Event::Chose { seat } => {
            let v = app.view_mut();
            if let PhaseView::Choose { chosen } = &mut v.phase {
                if let Some(c) = chosen.get_mut(seat.index()) {
                    *c = true;
                }
            }
            if let Some(n) = v.hand_sizes.get_mut(seat.index()) {
                *n = n.saturating_sub(1);
            }
            app.stop_waiting_for(seat);
            None
        }
        Event::ChoseCard { seat, card } => {
            if seat == me {
                let v = app.view_mut();
                v.hand.retain(|&c| c != card);
                v.my_choice = Some(card);
            }
            Some(B::Chosen.fill(lang, &[&card]))
        }
        Event::Revealed {
            plays,
            buffalo_cards_left,
        } => {
            let text: Vec<String> = plays
                .iter()
                .map(|p| format!("{} {}", app.owner_name(p.owner), p.card))
                .collect();
            let v = app.view_mut();
            v.queue = plays;
            v.my_choice = None;
            v.buffalo_cards_left = buffalo_cards_left;
            Some(B::Reveals.fill(lang, &[&text.join(", ")]))
        }
        Event::WindowOpened { next, asked } => {
            let line = B::WindowFor.fill(
                lang,
                &[
                    &next.card,
                    &app.owner_name(next.owner),
                    &app.names_of(&asked),
                ],
            );
            let v = app.view_mut();
            v.phase = PhaseView::Window {
                passed: vec![false; v.players],
            };
            v.asked = asked.contains(&me).then_some(Decision::Window);
            v.waiting_for = asked;
            Some(line)
        }
        Event::RowToTake { seat, card } => {
            let v = app.view_mut();
            v.queue.retain(|p| p.card != card);
            v.phase = PhaseView::TakeRow { seat, card };
            v.waiting_for = vec![seat];
            v.asked = (seat == me).then_some(Decision::TakeRow);
            Some(B::RowToTake.fill(lang, &[&app.name(seat), &card]))
        }
        Event::Passed { seat } => {
            app.mark_passed(seat);
            (seat != me).then(|| B::Passes.fill(lang, &[&app.name(seat)]))
        }
        Event::PassedTurn { seat } => {
            app.mark_passed(seat);
            if let Some(p) = app.view_mut().turn_passed.get_mut(seat.index()) {
                *p = true;
            }
            Some(B::PassesTurn.fill(lang, &[&app.name(seat)]))
        }
        Event::PassedGame { seat } => {
            app.mark_passed(seat);
            if let Some(p) = app.view_mut().game_passed.get_mut(seat.index()) {
                *p = true;
            }
            Some(B::PassesGame.fill(lang, &[&app.name(seat)]))
        }
        Event::AskedAgain { seat } => {
            if let Some(p) = app.view_mut().game_passed.get_mut(seat.index()) {
                *p = false;
            }
            Some(B::AsksAgain.fill(lang, &[&app.name(seat)]))
        }
        Event::Used {
            seat,
            action,
            rows,
            open,
            used,
        } => {
            let line = B::Used.fill(lang, &[&app.name(seat), &app.describe(&action)]);
            let v = app.view_mut();
            v.rows = rows;
            v.open_specials = open;
            v.used_specials = used;
            if let (Action::Replace { with, .. }, true) = (&action, seat == me) {
                v.hand.retain(|c| c != with);
            }
            Some(line)
        }
        Event::Order { plays } => {
            app.view_mut().queue = plays;
            None
        }
        Event::ReturnedToHand { seat, card } => {
            let v = app.view_mut();
            v.queue.retain(|p| p.card != card);
            if seat == me {
                v.hand.push(card);
                v.hand.sort();
            }
            Some(B::BackToHand.fill(lang, &[&app.name(seat), &card]))
        }
        Event::Shifted {
            card,
            row,
            to_row,
            rows,
            ..
        } => {
            app.view_mut().rows = rows;
            Some(B::Shifted.fill(lang, &[&card, &(row + 1), &(to_row + 1)]))
        }
        Event::Laid {
            owner,
            card,
            row,
            rows,
            ..
        } => {
            let who = app.owner_name(owner);
            let v = app.view_mut();
            v.queue.retain(|p| p.card != card);
            v.rows = rows;
            Some(B::Lays.fill(lang, &[&who, &card, &(row + 1)]))
        }
        Event::TeamTook {
            row,
            cards,
            heads,
            team_heads,
            team_points,
            rows,
        } => {
            let v = app.view_mut();
            v.rows = rows;
            v.team_pile.extend(&cards);
            v.team_heads = team_heads;
            v.team_points = team_points;
            Some(B::TeamTakes.fill(lang, &[&cards.len(), &(row + 1), &heads, &team_points]))
        }
        Event::BuffaloTook {
            row,
            count,
            pile,
            rows,
        } => {
            let v = app.view_mut();
            v.buffalo_pile_size = pile;
            v.rows = rows;
            Some(B::BuffaloTakes.fill(lang, &[&count, &(row + 1), &pile]))
        }
        Event::SevenTakesDiscarded { row, rows, used } => {
            let v = app.view_mut();
            v.rows = rows;
            v.used_specials = used;
            Some(B::SevenGone.fill(lang, &[&(row + 1)]))
        }
        Event::SpecialTurnedUp {
            special,
            open,
            stack,
        } => {
            let v = app.view_mut();
            v.open_specials = open;
            v.stack_size = stack;
            Some(B::TurnedUp.fill(lang, &[&special]))
        }
        Event::TurnEnded { .. } => None,
        Event::GameEnded {
            team_points,
            buffalo_points,
            buffalo_pile,
            outcome,
        } => {
            let players = app.view().players;
            let v = app.view_mut();
            v.phase = PhaseView::Over;
            v.asked = None;
            v.waiting_for.clear();
            v.buffalo_pile_size = buffalo_pile.len();
            v.result = Some(nimmt_core::games::buffalo::view::ResultView {
                buffalo_pile,
                team_points,
                buffalo_points,
                outcome: outcome.clone(),
            });
            app.log(lang.t(T::GameOver).to_owned());
            app.show_result(Pause::GameOver {
                scores: vec![team_points as i32; players],
                winners: outcome.winners,
            });
            None
        }
    };
    if let Some(line) = line {
        app.log(line);
    }
}
