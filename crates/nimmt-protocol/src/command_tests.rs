//! The chat commands read, written and checked as players type them.

use crate::command::*;
use crate::Lang;
use nimmt_core::OptionSpec;

#[test]
fn the_commands_of_the_online_room_parse() {
    // 003: "Mit /join können 2 bis 8 Spieler in das Spiel einsteigen. Mit /start beginnt das Spiel."
    assert_eq!(parse("/join").unwrap().1, Command::Join);
    assert_eq!(parse("/START").unwrap().1, Command::Start);
    assert_eq!(
        parse("/option deck=tactic").unwrap().1,
        Command::Option {
            key: "deck".into(),
            value: "tactic".into()
        }
    );
    assert_eq!(
        parse("/bot add").unwrap().1,
        Command::BotAdd {
            level: None,
            account: None
        }
    );
    assert_eq!(
        parse("/bot add greedy").unwrap().1,
        Command::BotAdd {
            level: Some("greedy".into()),
            account: None
        }
    );
    assert_eq!(
        parse("/bot add @Robo Ann").unwrap().1,
        Command::BotAdd {
            level: None,
            account: Some("Robo Ann".into())
        }
    );
    assert!(parse("/bot add @").is_err());
    assert_eq!(parse("/bot remove").unwrap().1, Command::BotRemove);
    assert_eq!(
        parse("/kick Ann Lee").unwrap().1,
        Command::Kick {
            player: "Ann Lee".into()
        }
    );
    assert_eq!(parse("/who").unwrap().1, Command::Who);
    assert_eq!(parse("/help").unwrap().1, Command::Help { topic: None });
    assert_eq!(
        parse("/help Option").unwrap().1,
        Command::Help {
            topic: Some(HelpTopic::Options)
        }
    );
    assert_eq!(
        parse("/help me").unwrap_err(),
        ParseError::Usage("/help [option]".into())
    );
}

#[test]
fn wrong_arguments_show_the_usage() {
    assert_eq!(
        parse("/option deck").unwrap_err(),
        ParseError::Usage("/option KEY=VALUE".into())
    );
    assert_eq!(
        parse("/join now").unwrap_err(),
        ParseError::Usage("/join".into())
    );
    assert_eq!(
        parse("/kick").unwrap_err(),
        ParseError::Usage("/kick NAME".into())
    );
    assert_eq!(
        parse("/bot").unwrap_err(),
        ParseError::Usage("/bot add [LEVEL | @BOT] | /bot remove".into())
    );
    assert_eq!(
        parse("/dance").unwrap_err(),
        ParseError::Unknown("/dance".into())
    );
    assert_eq!(
        parse("/joinx").unwrap_err(),
        ParseError::Unknown("/joinx".into())
    );
}

#[test]
fn help_lists_every_command_in_both_languages() {
    for lang in [Lang::En, Lang::De] {
        let h = help(lang);
        assert_eq!(h.lines().count(), COMMANDS.len());
        for s in COMMANDS {
            assert!(h.contains(&s.usage()), "{}", s.name);
            assert!(h.contains(s.help(lang)));
        }
    }
    assert!(help(Lang::De).contains("/kick NAME"));
    assert!(help(Lang::De).contains("(Gastgeber)"));
}

#[test]
fn option_help_shows_each_option_in_the_language_asked() {
    let specs = [
        OptionSpec::choice(
            "size",
            &["small", "large"],
            "small",
            nimmt_core::Text::new("how big", "wie groß"),
        ),
        OptionSpec::number(
            "rounds",
            1,
            9,
            None,
            nimmt_core::Text::new("rounds", "Runden"),
        ),
    ];
    assert_eq!(
        options_help(Lang::En, &specs),
        "size=small|large  how big (default small)\nrounds=N          rounds"
    );
    assert_eq!(
        options_help(Lang::De, &specs),
        "size=small|large  wie groß (Vorgabe small)\nrounds=N          Runden"
    );
}

#[test]
fn a_typed_command_reads_as_its_chat_line_does() {
    let typed: Command = serde_json::from_str(r#"{"name":"bot_add","level":"strong"}"#).unwrap();
    assert_eq!(typed, parse("/bot add strong").unwrap().1);
    assert_eq!(typed.line(), "/bot add strong");
    for line in [
        "/join",
        "/option timer=30",
        "/kick Ann Lee",
        "/help option",
        "/rematch",
        "/bot add @Robo",
    ] {
        let (_, c) = parse(line).unwrap();
        let wire = serde_json::to_string(&c).unwrap();
        let back: Command = serde_json::from_str(&wire).unwrap();
        assert_eq!(back.clone().checked().unwrap().1, c, "{wire}");
        assert_eq!(back.line(), line);
    }
    assert_eq!(
        serde_json::to_string(&Command::Help {
            topic: Some(HelpTopic::Options)
        })
        .unwrap(),
        r#"{"name":"help","topic":"options"}"#
    );
}

#[test]
fn a_typed_command_its_chat_line_could_not_say_shows_the_usage() {
    let empty = Command::Kick { player: " ".into() };
    assert_eq!(
        empty.checked().unwrap_err(),
        ParseError::Usage("/kick NAME".into())
    );
    let spaced = Command::Option {
        key: "a b".into(),
        value: "1".into(),
    };
    assert_eq!(
        spaced.checked().unwrap_err(),
        ParseError::Usage("/option KEY=VALUE".into())
    );
    let two = Command::BotAdd {
        level: Some("very strong".into()),
        account: None,
    };
    assert_eq!(
        two.checked().unwrap_err(),
        ParseError::Usage("/bot add [LEVEL | @BOT]".into())
    );
    assert!(serde_json::from_str::<Command>(r#"{"name":"dance"}"#).is_err());
    assert!(serde_json::from_str::<Command>(r#"{"name":"option","key":"deck"}"#).is_err());
    assert!(serde_json::from_str::<Command>(r#"{"name":"kick","player":"Ann","x":1}"#).is_err());
}
