//! Friends in the terminal client, without a network: a challenge received is a line that says
//! how to answer it, in the player's language; an accepted challenge takes the player to its
//! table; a declined one is a line for the challenger.

use nimmt_core::OptionMap;
use nimmt_protocol::{Challenge, ChallengeOutcome, ClientMsg, Lang as WireLang, Role, ServerMsg};
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;

fn welcome(name: &str, token: &str) -> ServerMsg {
    ServerMsg::Welcome {
        id: None,
        games: Vec::new(),
        protocol: 1,
        player: "p1".into(),
        name: name.into(),
        token: token.into(),
        lang: WireLang::En,
        seated: vec![],
        nodes: vec![],
    }
}

fn welcomed(name: &str, lang: Lang) -> Online {
    let mut o = Online::new("ws://127.0.0.1:8080", name, lang);
    o.handle(OnlineInput::Server(welcome(name, "s.session")));
    o
}

#[test]
fn an_account_asks_for_its_challenges_once_welcomed_and_a_guest_does_not() {
    let mut account = Online::new("ws://127.0.0.1:8080", "Cem", Lang::En);
    let effects = account.handle(OnlineInput::Server(welcome("Cem", "s.session")));
    assert!(effects.contains(&OnlineEffect::Send(ClientMsg::Friends {})));
    let mut guest = Online::new("ws://127.0.0.1:8080", "Gus", Lang::En);
    let effects = guest.handle(OnlineInput::Server(welcome("Gus", "0123abcd")));
    assert!(!effects.contains(&OnlineEffect::Send(ClientMsg::Friends {})));
}

fn challenge() -> Challenge {
    Challenge {
        id: "c0ffee".into(),
        from: "Ann".into(),
        to: "Cem".into(),
        game: "classic".parse().unwrap(),
        options: OptionMap::parse(["pace=1d", "rated=no"]).unwrap(),
        expires_ms: 0,
    }
}

#[test]
fn a_challenge_received_says_how_to_answer_it() {
    let mut cem = welcomed("Cem", Lang::De);
    let effects = cem.handle(OnlineInput::Server(ServerMsg::ChallengeReceived {
        challenge: challenge(),
    }));
    assert!(effects.is_empty());
    assert_eq!(
        cem.chat.last().unwrap(),
        "Ann fordert dich zu classic heraus (1d, casual). Antworte mit /accept c0ffee oder /decline c0ffee."
    );
}

#[test]
fn an_accepted_challenge_takes_the_player_to_its_table() {
    let mut ann = welcomed("Ann", Lang::En);
    let effects = ann.handle(OnlineInput::Server(ServerMsg::ChallengeAnswered {
        challenge: challenge(),
        outcome: ChallengeOutcome::Accepted,
        table: Some(12),
    }));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(ClientMsg::Join {
            table: 12,
            role: Role::Player,
            invite: None,
        })]
    );
    assert_eq!(
        ann.chat.last().unwrap(),
        "Cem accepted the challenge: table 12."
    );
    let effects = ann.handle(OnlineInput::Server(ServerMsg::ChallengeAnswered {
        challenge: challenge(),
        outcome: ChallengeOutcome::Declined,
        table: None,
    }));
    assert!(effects.is_empty(), "nowhere to go");
    assert_eq!(
        ann.chat.last().unwrap(),
        "Cem declined the challenge to classic."
    );
}
