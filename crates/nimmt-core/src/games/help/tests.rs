//! Rule-book examples of HELP! (`002`) and the rulings H1–H6, each test naming its source; and
//! the properties every game keeps (conservation, accepted ⇔ legal, view secrecy).

use super::position::{counts, rest_of_deck};
use super::*;
use crate::rules::Rules;
use proptest::prelude::*;
use rand::Rng;

const J: HelpCard = HelpCard::Joker;
const SW: HelpCard = HelpCard::Switch;
const ZAP: HelpCard = HelpCard::Zap;
const NO: HelpCard = HelpCard::No;

fn n(v: u8) -> HelpCard {
    HelpCard::Number(v)
}

fn nums(vs: &[u8]) -> Vec<HelpCard> {
    vs.iter().map(|&v| n(v)).collect()
}

fn row(vs: &[u8]) -> Vec<RowCard> {
    vs.iter().map(|&v| RowCard::number(v)).collect()
}

fn values(g: &Help) -> Vec<u8> {
    g.row().iter().map(|c| c.value).collect()
}

fn act(g: &mut Help, seat: u8, a: Action) -> Vec<Event> {
    g.act(Seat(seat), &a)
        .unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"))
        .into_iter()
        .map(|e| e.event)
        .collect()
}

fn count(cards: &[HelpCard], c: HelpCard) -> usize {
    cards.iter().filter(|&&x| x == c).count()
}

fn assert_conserved(g: &Help) {
    let mut all = g.cards_in_play();
    all.sort();
    assert_eq!(all, full_deck(), "the 105 cards, each once");
}

/// Klaus (seat 0, to play), Alisa (seat 1) and a third player.
fn klaus_alisa_at(row_: Vec<RowCard>, klaus: Vec<HelpCard>, alisa: Vec<HelpCard>) -> Position {
    Position::new(vec![klaus, alisa, nums(&[3, 4, 5, 6])], row_)
}

fn klaus_alisa(row_: Vec<RowCard>, klaus: Vec<HelpCard>, alisa: Vec<HelpCard>) -> Help {
    Help::from_position(klaus_alisa_at(row_, klaus, alisa)).unwrap()
}

#[test]
fn klaus_lays_an_11_as_sixth_card_and_clears_the_row() {
    // 002 "Spielablauf": "Klaus legt eine 11 an die Kartenreihe. Da die Reihe nun aus sechs
    // Karten besteht, legt er diese sechs Karten auf den Ablagestapel. Dann ist Alisa am Zug und
    // darf eine neue Reihe mit einer beliebigen Handkarte beginnen."
    let mut g = klaus_alisa(
        row(&[2, 4, 6, 8, 10]),
        nums(&[11, 1, 3, 9]),
        vec![n(1), n(7), n(11), J],
    );
    let events = act(&mut g, 0, Action::Lay { card: 11 });
    assert!(g.row().is_empty());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::RowCleared { seat: Seat(0), cards } if cards.len() == 6)));
    assert_eq!(
        sorted(g.discard_pile().to_vec()),
        nums(&[2, 4, 6, 8, 10, 11])
    );
    assert_eq!(g.hand(Seat(0)).len(), HAND_SIZE, "Klaus refills to four");
    assert_eq!(g.pending(), vec![(Seat(1), Decision::Play)]);
    let legal = g.legal_actions(Seat(1));
    for card in [1, 7, 11] {
        assert!(
            legal.contains(&Action::Lay { card }),
            "any card starts the new row: {card}"
        );
    }
    assert!(legal.contains(&Action::Joker { at: 0 }));
    assert_conserved(&g);
}

#[test]
fn a_number_must_be_higher_than_the_last_card() {
    // 002 "Wichtig: Deine angelegte Zahlenkarte muss mindestens um eine Zahl höher sein als die
    // letzte Karte in der Reihe."
    let mut g = klaus_alisa(row(&[2, 5]), nums(&[5, 3, 6, 9]), nums(&[1, 2, 3, 4]));
    let before = g.clone();
    let e = g.act(Seat(0), &Action::Lay { card: 5 }).unwrap_err();
    assert_eq!(e.code(), "illegal");
    assert!(
        e.to_string()
            .contains("higher than the row's last card (5)"),
        "{e}"
    );
    assert_eq!(g, before, "nothing changed");
    let e = g.act(Seat(0), &Action::Lay { card: 7 }).unwrap_err();
    assert_eq!(
        e,
        ActionError::NotInHand {
            seat: Seat(0),
            card: 7
        }
    );
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::Lay { card: 6 }, Action::Lay { card: 9 }]
    );
    act(&mut g, 0, Action::Lay { card: 6 });
    assert_eq!(values(&g), vec![2, 5, 6]);
}

#[test]
fn klaus_lays_a_joker_between_5_and_8_and_could_have_laid_it_before_the_3_or_after_the_8() {
    // 002 "Joker": "Klaus legt einen Joker zwischen 5 und 8. Er hätte den Joker auch vor die 3
    // oder hinter die 8 legen können." — the row 3 4 5 8: not between 3 and 4 nor 4 and 5 (H2:
    // never between consecutive numbers).
    let g0 = klaus_alisa(
        row(&[3, 4, 5, 8]),
        vec![J, n(1), n(2), n(3)],
        nums(&[1, 2, 3, 4]),
    );
    let jokers: Vec<Action> = g0
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|a| matches!(a, Action::Joker { .. }))
        .collect();
    assert_eq!(
        jokers,
        vec![
            Action::Joker { at: 0 },
            Action::Joker { at: 3 },
            Action::Joker { at: 4 }
        ]
    );
    // Between 5 and 8 it is a 6 (H2: one more than the card before it).
    let mut g = g0.clone();
    act(&mut g, 0, Action::Joker { at: 3 });
    assert_eq!(values(&g), vec![3, 4, 5, 6, 8]);
    assert_eq!(g.row()[3], RowCard::joker(6));
    // Before the 3 it is a 1, after the 8 a 9.
    let mut g = g0.clone();
    act(&mut g, 0, Action::Joker { at: 0 });
    assert_eq!(g.row()[0], RowCard::joker(1));
    let mut g = g0.clone();
    act(&mut g, 0, Action::Joker { at: 4 });
    assert_eq!(g.row()[4], RowCard::joker(9));
    let mut g = g0.clone();
    let e = g.act(Seat(0), &Action::Joker { at: 1 }).unwrap_err();
    assert!(e.to_string().contains("strictly between"), "{e}");
    assert_eq!(g, g0);
}

#[test]
fn a_joker_starting_the_row_is_a_1_and_counts_as_one_of_the_six() {
    // 002 "Legst du den Joker als erste Karte in die Reihe, entspricht er einer 1." H2: it counts
    // as one of the six cards.
    let mut g = klaus_alisa(vec![], vec![J, n(11), n(11), n(11)], nums(&[2, 3, 4, 5]));
    act(&mut g, 0, Action::Joker { at: 0 });
    assert_eq!(g.row(), &[RowCard::joker(1)]);
    let mut g = klaus_alisa(
        row(&[1, 2, 3, 4, 9]),
        vec![J, n(1), n(1), n(1)],
        nums(&[2, 3, 4, 5]),
    );
    act(&mut g, 0, Action::Joker { at: 4 });
    assert!(
        g.row().is_empty(),
        "the Joker was the sixth card: the row is cleared"
    );
    // Never after an 11.
    let g = klaus_alisa(
        row(&[1, 2, 11]),
        vec![J, n(1), n(1), n(1)],
        nums(&[2, 3, 4, 5]),
    );
    assert!(!g.legal_actions(Seat(0)).contains(&Action::Joker { at: 3 }));
}

#[test]
fn alisa_switches_the_joker_in_the_row_for_a_7() {
    // 002 "Switch": "Alisa legt die Switch-Karte auf den Ablagestapel und tauscht den Joker aus
    // der Reihe gegen eine 7 von ihrer Hand aus." (H3)
    let r = vec![
        RowCard::number(3),
        RowCard::number(5),
        RowCard::joker(6),
        RowCard::number(8),
    ];
    let mut g = Help::from_position(
        klaus_alisa_at(r, nums(&[1, 2, 3, 4]), vec![SW, n(7), n(2), n(10)]).to_play(Seat(1)),
    )
    .unwrap();
    assert!(g
        .legal_actions(Seat(1))
        .contains(&Action::Switch { take: 2, give: 7 }));
    let events = act(&mut g, 1, Action::Switch { take: 2, give: 7 });
    assert_eq!(values(&g), vec![3, 5, 7, 8]);
    assert!(g.row().iter().all(|c| c.card != J));
    assert_eq!(
        count(g.hand(Seat(1)), J),
        1,
        "the Joker went to Alisa's hand"
    );
    assert_eq!(count(g.hand(Seat(1)), n(7)), 0);
    assert_eq!(g.hand(Seat(1)).len(), HAND_SIZE);
    assert_eq!(g.discard_pile(), &[SW], "the Switch is discarded");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Switched { at: 2, .. })));
    assert_conserved(&g);
}

#[test]
fn a_switch_must_keep_the_row_ascending() {
    // 002 "Dabei musst du die aufsteigende Reihenfolge innerhalb der Kartenreihe stets
    // einhalten." (H3)
    let mut g = klaus_alisa(
        row(&[3, 5, 8]),
        vec![SW, n(9), n(4), n(6)],
        nums(&[1, 2, 3, 4]),
    );
    let before = g.clone();
    let e = g
        .act(Seat(0), &Action::Switch { take: 1, give: 9 })
        .unwrap_err();
    assert!(e.to_string().contains("ascending"), "{e}");
    assert_eq!(g, before);
    let switches: Vec<Action> = g
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|a| matches!(a, Action::Switch { .. }))
        .collect();
    assert_eq!(
        switches,
        vec![
            Action::Switch { take: 0, give: 4 },
            Action::Switch { take: 1, give: 4 },
            Action::Switch { take: 1, give: 6 },
            Action::Switch { take: 2, give: 6 },
            Action::Switch { take: 2, give: 9 },
        ]
    );
}

#[test]
fn a_zap_removes_the_last_card() {
    // 002 "Zap": "Die Zap-Karte entfernt die letzte Karte in der Reihe. Lege diese zusammen mit
    // der Zap-Karte auf den Ablagestapel."
    let mut g = klaus_alisa(
        row(&[2, 5, 9]),
        vec![ZAP, n(1), n(1), n(1)],
        nums(&[1, 2, 3, 4]),
    );
    act(&mut g, 0, Action::Zap);
    assert_eq!(values(&g), vec![2, 5]);
    assert_eq!(sorted(g.discard_pile().to_vec()), vec![n(9), ZAP]);
}

#[test]
fn a_zap_on_a_one_card_row_lets_the_next_player_start_a_new_row() {
    // 002 "Liegt nur eine Karte in der Reihe, legst du sie ab und der nächste Spieler beginnt
    // eine neue Reihe."
    let mut g = klaus_alisa(
        row(&[9]),
        vec![ZAP, n(1), n(1), n(1)],
        vec![n(2), n(8), n(11), ZAP],
    );
    act(&mut g, 0, Action::Zap);
    assert!(g.row().is_empty());
    let legal = g.legal_actions(Seat(1));
    assert!(legal.contains(&Action::Lay { card: 2 }) && legal.contains(&Action::Lay { card: 8 }));
    // "Achtung: Liegt keine Karte in der Reihe, darfst du die Zap-Karte nicht ausspielen."
    assert!(!legal.contains(&Action::Zap));
    let before = g.clone();
    let e = g.act(Seat(1), &Action::Zap).unwrap_err();
    assert_eq!(e.to_string(), "a Zap cannot be played on an empty row");
    assert_eq!(g, before);
}

#[test]
fn a_no_skips_the_next_turn_and_is_discarded_on_the_turn_after() {
    // 002 "No!", H5: lay it in front of you, draw; your next turn is skipped; on the turn after
    // you discard it and play normally.
    let mut g = Help::from_position(Position::new(
        vec![
            vec![NO, n(1), n(2), n(3)],
            nums(&[2, 7, 9, 10]),
            nums(&[6, 8, 10, 11]),
        ],
        row(&[1]),
    ))
    .unwrap();
    act(&mut g, 0, Action::No);
    assert_eq!(g.marks()[0], NoMark::Laid);
    assert_eq!(g.hand(Seat(0)).len(), HAND_SIZE, "drawn after the No!");
    act(&mut g, 1, Action::Lay { card: 2 });
    let events = act(&mut g, 2, Action::Lay { card: 6 });
    assert!(events.contains(&Event::Skipped { seat: Seat(0) }));
    assert_eq!(g.marks()[0], NoMark::Skipped);
    assert_eq!(
        g.pending(),
        vec![(Seat(1), Decision::Play)],
        "seat 0 was skipped"
    );
    act(&mut g, 1, Action::Lay { card: 7 });
    let events = act(&mut g, 2, Action::Lay { card: 8 });
    assert!(events.contains(&Event::NoDiscarded { seat: Seat(0) }));
    assert_eq!(g.marks()[0], NoMark::None);
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::Play)],
        "and plays normally"
    );
    assert_eq!(count(g.discard_pile(), NO), 1);
    assert_conserved(&g);
}

/// Seat 2 can play nothing on 3 … 11; seat 1 has a No! in front; seat 0 holds a Zap and a Joker.
fn stuck_after_a_no() -> Help {
    let mut p = Position::new(
        vec![
            vec![n(3), n(9), J, ZAP],
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
        ],
        row(&[3, 11]),
    )
    .to_play(Seat(2));
    p.marks[1] = NoMark::Laid;
    Help::from_position(p).unwrap()
}

#[test]
fn help_may_be_asked_only_when_nothing_can_be_played() {
    // 002 "WICHTIG: DU DARFST NUR NACH HILFE FRAGEN, WENN DU SELBST KEINE HANDKARTE PASSEND
    // AUSSPIELEN KANNST." (H4)
    let mut g = klaus_alisa(row(&[3]), nums(&[1, 2, 3, 4]), nums(&[1, 2, 3, 4]));
    let before = g.clone();
    let e = g.act(Seat(0), &Action::AskHelp).unwrap_err();
    assert!(
        e.to_string()
            .contains("only when none of your cards can be played"),
        "{e}"
    );
    assert_eq!(g, before);
    let g = stuck_after_a_no();
    assert_eq!(g.legal_actions(Seat(2)), vec![Action::AskHelp]);
}

#[test]
fn the_player_behind_a_no_is_passed_over_when_help_is_asked() {
    // 002 "No!": "Solange die No!-Karte vor dir liegt, hilfst du deinen Mitspielern nicht. Sollte
    // der nachfolgende Spieler Hilfe brauchen, bittet er stattdessen den Spieler vor dir um
    // Hilfe." (H4)
    let mut g = stuck_after_a_no();
    let events = act(&mut g, 2, Action::AskHelp);
    assert!(events.contains(&Event::HelpAsked {
        asker: Seat(2),
        asked: Seat(0),
        passed_over: vec![Seat(1)],
    }));
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::GiveHelp { to: Seat(2) })]
    );
    // Only cards seat 2 can play: the Joker (before the 3) and the Zap, not the 3 or the 9.
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::GiveHelp { card: J }, Action::GiveHelp { card: ZAP }]
    );
    let before = g.clone();
    let e = g
        .act(Seat(0), &Action::GiveHelp { card: n(9) })
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot be played by the player you help"),
        "{e}"
    );
    assert_eq!(g, before);
}

#[test]
fn the_card_handed_over_is_seen_only_by_the_two_players() {
    // H4: the asked player hands over a card the asker can play; the asker gives any card back
    // face down, then plays. Brief: a card passed during HELP! is seen only by the two.
    let mut g = stuck_after_a_no();
    act(&mut g, 2, Action::AskHelp);
    let events = g.act(Seat(0), &Action::GiveHelp { card: ZAP }).unwrap();
    for e in &events {
        if let Event::CardPassed { card, .. } = e.event {
            assert_eq!(card, ZAP);
            assert_eq!(e.to, Audience::Seats(vec![Seat(0), Seat(2)]));
        }
    }
    assert!(events.iter().any(|e| e.to == Audience::Public
        && e.event
            == Event::Helped {
                from: Seat(0),
                to: Seat(2)
            }));
    let card_in = |v: &View| match v.phase {
        PhaseView::GiveBack { card, .. } => card,
        _ => panic!("giving back"),
    };
    assert_eq!(card_in(&g.view(Viewer::Seat(Seat(0)))), Some(ZAP));
    assert_eq!(card_in(&g.view(Viewer::Seat(Seat(2)))), Some(ZAP));
    assert_eq!(card_in(&g.view(Viewer::Seat(Seat(1)))), None);
    assert_eq!(card_in(&g.view(Viewer::Spectator)), None);
    // The asker may give back any card but the one that lets it play.
    assert_eq!(
        g.pending(),
        vec![(Seat(2), Decision::GiveBack { to: Seat(0) })]
    );
    let backs = g.legal_actions(Seat(2));
    assert_eq!(backs.len(), 4);
    assert!(!backs.contains(&Action::GiveBack { card: ZAP }));
    let events = g.act(Seat(2), &Action::GiveBack { card: n(8) }).unwrap();
    assert!(events
        .iter()
        .any(|e| e.to == Audience::Seats(vec![Seat(2), Seat(0)])
            && matches!(e.event, Event::CardReturned { card, .. } if card == n(8))));
    assert!(g.hand(Seat(0)).contains(&n(8)));
    // Then the asker plays — without asking again.
    assert_eq!(g.legal_actions(Seat(2)), vec![Action::Zap]);
    act(&mut g, 2, Action::Zap);
    assert_eq!(values(&g), vec![3]);
    assert_eq!(g.hand(Seat(2)).len(), HAND_SIZE);
    assert_eq!(g.hand(Seat(0)).len(), HAND_SIZE);
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::Play)],
        "the next player after the asker"
    );
    assert_conserved(&g);
}

#[test]
fn a_switch_helps_only_if_the_asker_holds_a_number_to_swap_in() {
    // H4 with H3: whether a Switch is a card "you can play" depends on the asker's numbers.
    // Row 2 11: seat 1 holds numbers, none of which can be laid; a Switch lets it swap one in.
    let p = Position::new(
        vec![
            vec![SW, n(3), n(3), n(3)],
            vec![n(5), n(4), n(4), n(4)],
            nums(&[6, 6, 6, 6]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    let mut g = Help::from_position(p).unwrap();
    act(&mut g, 1, Action::AskHelp);
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::GiveHelp { card: SW }]
    );
    let seen = |g: &Help, s: u8| match g.view(Viewer::Seat(Seat(s))).phase {
        PhaseView::GiveHelp { switch_helps, .. } => switch_helps,
        _ => panic!("giving help"),
    };
    assert_eq!(seen(&g, 0), Some(true));
    assert_eq!(seen(&g, 1), Some(true));
    assert_eq!(seen(&g, 2), None, "the others do not learn it");
    act(&mut g, 0, Action::GiveHelp { card: SW });
    // Giving back the Switch would leave nothing to play; any number may go back.
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![
            Action::GiveBack { card: n(4) },
            Action::GiveBack { card: n(5) }
        ]
    );
    act(&mut g, 1, Action::GiveBack { card: n(4) });
    act(&mut g, 1, Action::Switch { take: 1, give: 5 });
    assert_eq!(values(&g), vec![2, 5]);

    // An asker holding only Switches has no number to swap in: a Switch does not help it, and
    // a helper with nothing else cannot help.
    let p = Position::new(
        vec![
            vec![SW, n(1), n(2), n(1)],
            vec![SW, SW, SW, SW],
            nums(&[1, 2, 2, 2]),
        ],
        row(&[3]),
    )
    .to_play(Seat(1));
    let mut g = Help::from_position(p).unwrap();
    assert_eq!(g.legal_actions(Seat(1)), vec![Action::AskHelp]);
    let events = act(&mut g, 1, Action::AskHelp);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DealEnded {
            result: DealResult {
                end: DealEnd::NoHelp {
                    asker: Seat(1),
                    asked: Seat(0)
                },
                ..
            },
            ..
        }
    )));
}

#[test]
fn when_the_asked_player_cannot_help_all_others_score() {
    // 002 "Ende eines Durchgangs": "Du kannst keine Karte passend ausspielen und der Mitspieler,
    // den du um Hilfe gebeten hast, hat keine Handkarte, mit der er dir helfen kann. In diesem
    // Fall erhalten alle anderen Mitspieler 1 Punkt."
    let p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    let result = events
        .iter()
        .find_map(|e| match e {
            Event::DealEnded { result, .. } => Some(result.clone()),
            _ => None,
        })
        .expect("the deal ends at once");
    assert_eq!(
        result.end,
        DealEnd::NoHelp {
            asker: Seat(1),
            asked: Seat(0)
        }
    );
    assert_eq!(result.points, vec![0, 0, 1, 1]);
    assert_eq!(g.totals(), &[0, 0, 1, 1]);
    // "Nächster Durchgang": the other direction; only those who did not score call (H1).
    assert_eq!(g.deal_number(), 2);
    assert_eq!(g.direction(), Direction::Counterclockwise);
    let called: Vec<Seat> = g.calls.iter().map(|c| c.seat).collect();
    assert_eq!(called, vec![Seat(0), Seat(1)]);
    assert!(called.contains(&g.starter));
    assert_conserved(&g);
}

#[test]
fn when_all_others_have_a_no_only_the_asker_scores() {
    // 002 "Ende eines Durchgangs": "Du kannst keine Karte passend ausspielen und alle anderen
    // Spieler haben eine No!-Karte vor sich liegen. … erhältst in diesem Fall nur du 1 Punkt."
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 3]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    for s in [0, 2, 3] {
        p.marks[s] = NoMark::Laid;
    }
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DealEnded { result: DealResult { end: DealEnd::Helpless { asker: Seat(1) }, points, .. }, .. }
            if points == &vec![0, 1, 0, 0]
    )));
    assert_eq!(g.totals(), &[0, 1, 0, 0]);
    let called: Vec<Seat> = g.calls.iter().map(|c| c.seat).collect();
    assert_eq!(
        called,
        vec![Seat(0), Seat(2), Seat(3)],
        "H1: the three who did not score"
    );
}

#[test]
fn the_deal_end_tells_who_could_not_help_whom_who_scores_and_the_totals_after() {
    // 002 "Ende eines Durchgangs": "… In diesem Fall erhalten alle anderen Mitspieler 1 Punkt
    // und drehen ihre Punktekarte auf die nächsthöhere Zahl." The event a client shows says
    // it all: the two who lost the deal, the points of this deal, the totals after it.
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    p.totals = vec![1, 0, 0, 1];
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    let asked = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::HelpAsked {
                    asker: Seat(1),
                    asked: Seat(0),
                    ..
                }
            )
        })
        .expect("the request is told first");
    let ended = events
        .iter()
        .position(|e| {
            *e == Event::DealEnded {
                result: DealResult {
                    deal: 1,
                    end: DealEnd::NoHelp {
                        asker: Seat(1),
                        asked: Seat(0),
                    },
                    points: vec![0, 0, 1, 1],
                },
                totals: vec![1, 0, 1, 2],
            }
        })
        .expect("then the deal's end, with its points and the totals after");
    assert!(asked < ended);
}

#[test]
fn the_view_names_the_player_the_viewer_would_ask_passing_over_a_no() {
    // 002 "No!": "Sollte der nachfolgende Spieler Hilfe brauchen, bittet er stattdessen den
    // Spieler vor dir um Hilfe." (H4): seat 2 would ask seat 1, but seat 1 has a No! in front,
    // so it asks seat 0; clockwise, seat 0 asks seat 2.
    let g = stuck_after_a_no();
    assert_eq!(g.view(Viewer::Seat(Seat(2))).would_ask, Some(Seat(0)));
    assert_eq!(g.view(Viewer::Seat(Seat(0))).would_ask, Some(Seat(2)));
    assert_eq!(g.view(Viewer::Spectator).would_ask, None);
    // Counter-clockwise (every second deal) the player before is the next seat up.
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
        ],
        row(&[2]),
    );
    p.direction = Direction::Counterclockwise;
    assert_eq!(
        Help::from_position(p.clone())
            .unwrap()
            .view(Viewer::Seat(Seat(0)))
            .would_ask,
        Some(Seat(1))
    );
    // With a No! in front of everybody else there is nobody to ask (the deal would end, only
    // the asker scores: 002 "Ende eines Durchgangs").
    p.marks = vec![NoMark::None, NoMark::Laid, NoMark::Skipped];
    assert_eq!(
        Help::from_position(p)
            .unwrap()
            .view(Viewer::Seat(Seat(0)))
            .would_ask,
        None
    );
}

#[test]
fn the_view_gives_the_value_a_joker_would_count_for_at_each_place() {
    // 002 "Joker", H2: one more than the card before it, 1 at the start; only where that lies
    // strictly below the card after it (so never between 5 and 6, never after an 11).
    let g = klaus_alisa(
        row(&[3, 5, 6, 11]),
        vec![J, n(1), n(2), n(4)],
        nums(&[1, 2, 3, 4]),
    );
    assert_eq!(
        g.view(Viewer::Spectator).joker_values,
        vec![Some(1), Some(4), None, Some(7), None]
    );
}

#[test]
fn events_that_change_the_row_carry_the_row_after_them() {
    // A client copies the row from the event; it never places a card itself. 002 "Joker"
    // (between 5 and 8 it counts 6), "Switch", "Zap".
    let mut g = klaus_alisa(row(&[3, 5, 8]), vec![J, SW, ZAP, n(7)], nums(&[1, 2, 3, 4]));
    let events = act(&mut g, 0, Action::Joker { at: 2 });
    assert!(events.contains(&Event::Laid {
        seat: Seat(0),
        card: RowCard::joker(6),
        at: 2,
        row: vec![
            RowCard::number(3),
            RowCard::number(5),
            RowCard::joker(6),
            RowCard::number(8)
        ],
    }));
    assert_eq!(
        g.row(),
        &events
            .iter()
            .find_map(|e| match e {
                Event::Laid { row, .. } => Some(row.clone()),
                _ => None,
            })
            .unwrap()[..]
    );
    let drew = events.iter().find_map(|e| match e {
        Event::Drew { draw_pile, .. } => Some(*draw_pile),
        _ => None,
    });
    assert_eq!(
        drew,
        Some(g.draw_pile().len()),
        "the draw pile after refilling"
    );
    // A Switch: the 7 of the hand takes the 5's place.
    let hand = vec![J, SW, ZAP, n(7)];
    let mut g = klaus_alisa(row(&[3, 5, 8]), hand.clone(), nums(&[1, 2, 3, 4]));
    let events = act(&mut g, 0, Action::Switch { take: 1, give: 7 });
    assert!(events.contains(&Event::Switched {
        seat: Seat(0),
        at: 1,
        taken: RowCard::number(5),
        given: RowCard::number(7),
        row: row(&[3, 7, 8]),
    }));
    // A Zap: the 8 goes.
    let mut g = klaus_alisa(row(&[3, 5, 8]), hand, nums(&[1, 2, 3, 4]));
    let events = act(&mut g, 0, Action::Zap);
    assert!(events.contains(&Event::Zapped {
        seat: Seat(0),
        removed: RowCard::number(8),
        row: row(&[3, 5]),
    }));
}

#[test]
fn the_game_ends_after_the_deal_in_which_someone_reaches_3_and_all_with_3_win() {
    // 002 "Spielende", H6.
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    p.totals = vec![2, 2, 2, 1];
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.scores, vec![2, 2, 3, 2]);
    assert_eq!(outcome.winners, vec![Seat(2)]);
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert!(g.pending().is_empty());
    assert_eq!(g.act(Seat(0), &Action::AskHelp), Err(ActionError::GameOver));

    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    p.totals = vec![0, 0, 2, 2];
    let mut g = Help::from_position(p).unwrap();
    act(&mut g, 1, Action::AskHelp);
    assert_eq!(
        g.outcome().unwrap().winners,
        vec![Seat(2), Seat(3)],
        "several winners"
    );
}

#[test]
fn the_draw_pile_is_reshuffled_from_the_discards_when_used_up() {
    // 002 "Ist der Nachziehstapel aufgebraucht, mischt ihr den Ablagestapel und bildet einen
    // neuen Nachziehstapel." H6.
    let hands = vec![
        nums(&[5, 1, 1, 1]),
        nums(&[2, 2, 2, 2]),
        nums(&[3, 3, 3, 3]),
    ];
    let mut placed = hands.concat();
    placed.extend([n(4)]);
    let mut p = Position::new(hands, row(&[4]));
    p.discard = rest_of_deck(counts(&placed));
    p.draw = Some(Vec::new());
    let mut g = Help::from_position(p).unwrap();
    let discarded = g.discard_pile().len();
    let events = act(&mut g, 0, Action::Lay { card: 5 });
    assert!(events.contains(&Event::Reshuffled { cards: discarded }));
    assert_eq!(g.draw_pile().len(), discarded - 1);
    assert!(g.discard_pile().is_empty());
    assert_conserved(&g);
}

#[test]
fn the_lowest_number_begins_and_the_direction_alternates() {
    // 002 "Spielablauf" / H1: everyone calls their lowest number; the lowest begins and lays it
    // as the first card of the row. Special cards don't count; ties are drawn by lot. The first
    // deal goes clockwise.
    for seed in 0..40 {
        let g = Help::new(4, HelpOptions::default(), seed);
        let dealt: DealStart = serde_json::from_value(g.deals()[0].clone()).unwrap();
        let lowest: Vec<Option<u8>> = dealt
            .hands
            .iter()
            .map(|h| h.iter().find_map(|c| c.value()))
            .collect();
        let min = lowest.iter().flatten().min().copied();
        assert_eq!(dealt.direction, Direction::Clockwise);
        assert_eq!(lowest[dealt.starter.index()], min, "seed {seed}");
        assert_eq!(dealt.calls.len(), 4);
        if let Some(min) = min {
            assert_eq!(
                g.row(),
                &[RowCard::number(min)],
                "the starter lays its lowest card"
            );
            assert_eq!(
                g.pending(),
                vec![(Direction::Clockwise.next(dealt.starter, 4), Decision::Play)]
            );
        }
        let opening = g.opening_events();
        assert!(opening
            .iter()
            .any(|e| matches!(e.event, Event::Called { starter, .. } if starter == dealt.starter)));
    }
    assert_eq!(Direction::of_deal(2), Direction::Counterclockwise);
    assert_eq!(Direction::of_deal(3), Direction::Clockwise);
    assert_eq!(Direction::Counterclockwise.next(Seat(0), 4), Seat(3));
}

#[test]
fn with_only_special_cards_the_starter_is_drawn_by_lot_and_plays_freely() {
    // H1: nobody holding a number card → by lot.
    let mut g = Help::new(3, HelpOptions::default(), 1);
    let specials = vec![vec![J, SW, ZAP, NO]; 3];
    let mut deck = full_deck();
    for h in &specials {
        for &c in h {
            remove_one(&mut deck, c);
        }
    }
    g.hands = specials;
    g.draw = deck;
    g.row.clear();
    g.discard.clear();
    g.dealt.clear();
    let mut log = Log::off();
    g.open_deal(&[true; 3], &mut log);
    assert!(g.row().is_empty());
    assert_eq!(g.calls.iter().filter(|c| c.lowest.is_none()).count(), 3);
    let seat = g.pending()[0].0;
    assert_eq!(seat, g.starter);
    assert_eq!(
        g.legal_actions(seat),
        vec![Action::Joker { at: 0 }, Action::No]
    );
}

// ---------------------------------------------------------------------------------------------
// Properties.

/// Every action a seat could try: all kinds with small arguments, legal or not.
fn candidate_actions() -> Vec<Action> {
    let mut out = Vec::new();
    for card in 0..=12 {
        out.push(Action::Lay { card });
    }
    for at in 0..=6 {
        out.push(Action::Joker { at });
        for give in 1..=11 {
            out.push(Action::Switch { take: at, give });
        }
    }
    out.extend([Action::Zap, Action::No, Action::AskHelp]);
    for card in HelpCard::KINDS {
        out.push(Action::GiveHelp { card });
        out.push(Action::GiveBack { card });
    }
    out
}

/// Plays `steps` random legal actions (fewer if the game ends) from a new game.
fn random_game(players: usize, seed: u64, steps: usize) -> Help {
    let mut g = Help::new(players, HelpOptions::default(), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        let Some((seat, _)) = g.pending().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        let a = legal[rng.random_range(0..legal.len())];
        g.act(seat, &a).unwrap();
    }
    g
}

/// The same game with the cards `viewer` cannot see dealt anew: other hands (keeping sizes and
/// a card the viewer knows is there) and the draw pile.
fn reshuffle_hidden(g: &Help, viewer: Viewer, seed: u64) -> Help {
    let mut h = g.clone();
    let me = viewer.seat();
    let pinned = match (g.stage(), me) {
        (
            Some(Stage::GiveBack {
                asker,
                helper,
                card,
            }),
            Some(m),
        ) if m == helper => Some((asker, card)),
        _ => None,
    };
    let mut pool: Vec<HelpCard> = h.draw.drain(..).collect();
    for s in Seat::all(g.players).filter(|&s| Some(s) != me) {
        let hand = &mut h.hands[s.index()];
        if let Some((a, card)) = pinned.filter(|(a, _)| *a == s) {
            let _ = a;
            remove_one(hand, card);
            pool.append(hand);
            hand.push(card);
        } else {
            pool.append(hand);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    pool.shuffle(&mut rng);
    for s in Seat::all(g.players).filter(|&s| Some(s) != me) {
        let want = g.hands[s.index()].len();
        while h.hands[s.index()].len() < want {
            let c = pool.pop().unwrap();
            h.hands[s.index()].push(c);
        }
        h.hands[s.index()].sort();
    }
    h.draw = pool;
    h
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_105_cards_are_always_all_there(players in 3usize..=5, seed in any::<u64>()) {
        let mut g = Help::new(players, HelpOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            assert_conserved(&g);
            let Some((seat, _)) = g.pending().first().copied() else { break };
            let legal = g.legal_actions(seat);
            prop_assert!(!legal.is_empty(), "a pending seat always has a move");
            prop_assert!(g.hands.iter().all(|h| h.len() <= HAND_SIZE + 1));
            prop_assert!(g.row().windows(2).all(|w| w[0].value < w[1].value), "ascending row");
            prop_assert!(g.row().len() < ROW_CAPACITY);
            let a = legal[rng.random_range(0..legal.len())];
            g.act(seat, &a).unwrap();
        }
    }

    #[test]
    fn act_accepts_exactly_the_legal_actions_and_changes_nothing_otherwise(
        players in 3usize..=5, seed in any::<u64>(), steps in 0usize..150,
    ) {
        let g = random_game(players, seed, steps);
        for seat in Seat::all(players + 1) {
            let legal = g.legal_actions(seat);
            for a in candidate_actions() {
                let mut h = g.clone();
                match h.act(seat, &a) {
                    Ok(_) => prop_assert!(legal.contains(&a), "{a:?} accepted from {seat} but not listed"),
                    Err(e) => {
                        prop_assert!(!legal.contains(&a), "{a:?} listed for {seat} but refused: {e}");
                        prop_assert_eq!(&h, &g, "refused {:?} changed the state", a);
                    }
                }
                let mut q = g.clone();
                prop_assert_eq!(q.act_quiet(seat, &a).is_ok(), legal.contains(&a));
            }
            if seat.index() < players {
                let view = g.view(Viewer::Seat(seat));
                prop_assert_eq!(view.legal_actions(), legal, "the view lists the same actions");
            }
        }
    }

    #[test]
    fn views_do_not_depend_on_cards_the_viewer_cannot_see(
        players in 3usize..=5, seed in any::<u64>(), steps in 0usize..150, shuffle in any::<u64>(),
    ) {
        let g = random_game(players, seed, steps);
        let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let h = reshuffle_hidden(&g, viewer, shuffle);
            assert_conserved(&h);
            prop_assert_eq!(g.view(viewer), h.view(viewer));
            let json = serde_json::to_string(&g.view(viewer)).unwrap();
            prop_assert!(!json.contains("rng") && !json.contains("draw\""), "{}", json);
        }
    }

    #[test]
    fn quiet_and_logged_actions_reach_the_same_state(players in 3usize..=5, seed in any::<u64>()) {
        let mut loud = Help::new(players, HelpOptions::default(), seed);
        let mut quiet = loud.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            let Some((seat, _)) = loud.pending().first().copied() else { break };
            let legal = loud.legal_actions(seat);
            let a = legal[rng.random_range(0..legal.len())];
            loud.act(seat, &a).unwrap();
            quiet.act_quiet(seat, &a).unwrap();
            prop_assert_eq!(&loud.hands, &quiet.hands);
            prop_assert_eq!(&loud.phase, &quiet.phase);
            prop_assert_eq!(loud.draw_pile(), quiet.draw_pile());
        }
    }
}
