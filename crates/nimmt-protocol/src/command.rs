//! Table commands. A client sends one typed, as [`crate::ClientMsg::Command`] (the browser's
//! buttons), or as a chat line that starts with `/` (typed by a player); both become the same
//! [`Command`]. One table, [`COMMANDS`], drives parsing, the permission checks and `/help`: a
//! command is added by adding a line there.

use crate::Lang;
use nimmt_core::OptionSpec;
use serde::{Deserialize, Serialize};

/// Who may use a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Anyone at the table, watching or seated.
    Anyone,
    /// A player seated at the table.
    Seated,
    /// The table's host.
    Host,
}

/// When a command may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    /// Only while the table is open (before the start).
    BeforeStart,
    /// Only once the game is over.
    AfterEnd,
}

/// A table command, tagged by `name` on the wire (`{"name":"bot_add","level":"strong"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "name", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Command {
    Join,
    Leave,
    Start,
    Option {
        key: String,
        value: String,
    },
    /// Seats a built-in bot of `level`, or (with `account`) the online bot account of that name
    /// (`/bot add @NAME`).
    BotAdd {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        level: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        account: Option<String>,
    },
    BotRemove,
    Kick {
        player: String,
    },
    /// Play again with the same players, options and bots once the game is over.
    Rematch,
    Who,
    /// A hint for the decision the seat is asked (at a table with hints).
    Hint,
    /// `/invite`: the private table's invitation link; `/invite renew` (the host): a new
    /// code, and the old link stops working.
    Invite {
        #[serde(default)]
        renew: bool,
    },
    /// `/vacation DAYS`: pause your clock at a turn-based table that allows it (`days` 1–7);
    /// `/vacation off` (`days` 0): back early.
    Vacation {
        days: u8,
    },
    /// `/help` (the commands) or `/help option` (the options of the table's game).
    Help {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        topic: Option<HelpTopic>,
    },
}

/// What `/help` explains besides the commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum HelpTopic {
    /// The table's options: the game's schema and the table options.
    Options,
}

/// One line of the command table.
#[derive(Debug)]
pub struct Spec {
    /// The words that name the command (`bot add` has two).
    pub name: &'static str,
    /// Arguments as shown in `/help` and usage errors.
    pub args: &'static str,
    pub who: Who,
    pub when: When,
    pub help_en: &'static str,
    pub help_de: &'static str,
    /// Reads the arguments (the text after the name); `None` = wrong arguments.
    parse: fn(&str) -> Option<Command>,
}

impl Spec {
    pub fn usage(&self) -> String {
        if self.args.is_empty() {
            format!("/{}", self.name)
        } else {
            format!("/{} {}", self.name, self.args)
        }
    }

    pub fn help(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.help_en,
            Lang::De => self.help_de,
        }
    }
}

fn no_args(c: Command) -> impl Fn(&str) -> Option<Command> {
    move |rest: &str| rest.trim().is_empty().then(|| c.clone())
}

/// Every table command.
pub const COMMANDS: &[Spec] = &[
    Spec {
        name: "join",
        args: "",
        who: Who::Anyone,
        when: When::BeforeStart,
        help_en: "sit down as a player",
        help_de: "als Spieler Platz nehmen",
        parse: |r| no_args(Command::Join)(r),
    },
    Spec {
        name: "leave",
        args: "",
        who: Who::Seated,
        when: When::Always,
        help_en: "give up your seat (a bot takes it in a running game) and watch",
        help_de: "den Platz aufgeben (im laufenden Spiel übernimmt ein Bot) und zuschauen",
        parse: |r| no_args(Command::Leave)(r),
    },
    Spec {
        name: "start",
        args: "",
        who: Who::Seated,
        when: When::BeforeStart,
        help_en: "start the game with the players seated now",
        help_de: "das Spiel mit den jetzt sitzenden Spielern beginnen",
        parse: |r| no_args(Command::Start)(r),
    },
    Spec {
        name: "option",
        args: "KEY=VALUE",
        who: Who::Host,
        when: When::BeforeStart,
        help_en: "set an option of the game or the table (e.g. timer=30; /help option lists them)",
        help_de: "eine Option des Spiels oder des Tisches setzen (z. B. timer=30; /help option listet sie)",
        parse: |r| {
            let (k, v) = r.trim().split_once('=')?;
            let (k, v) = (k.trim(), v.trim());
            (!k.is_empty() && !v.is_empty() && !k.contains(char::is_whitespace)).then(|| {
                Command::Option {
                    key: k.to_owned(),
                    value: v.to_owned(),
                }
            })
        },
    },
    Spec {
        name: "bot add",
        args: "[LEVEL | @BOT]",
        who: Who::Seated,
        when: When::BeforeStart,
        help_en: "seat a bot: beginner, casual, strong or master, or an online bot account (@NAME)",
        help_de: "einen Bot Platz nehmen lassen: Anfänger, Freizeit, Stark oder Meister, oder ein Bot-Konto, das online ist (@NAME)",
        parse: |r| {
            if let Some(name) = r.trim().strip_prefix('@') {
                let name = name.trim();
                return (!name.is_empty()).then(|| Command::BotAdd {
                    level: None,
                    account: Some(name.to_owned()),
                });
            }
            let words: Vec<&str> = r.split_whitespace().collect();
            match words.as_slice() {
                [] => Some(Command::BotAdd {
                    level: None,
                    account: None,
                }),
                [level] => Some(Command::BotAdd {
                    level: Some((*level).to_owned()),
                    account: None,
                }),
                _ => None,
            }
        },
    },
    Spec {
        name: "bot remove",
        args: "",
        who: Who::Seated,
        when: When::BeforeStart,
        help_en: "remove the last bot seated",
        help_de: "den zuletzt gesetzten Bot entfernen",
        parse: |r| no_args(Command::BotRemove)(r),
    },
    Spec {
        name: "kick",
        args: "NAME",
        who: Who::Host,
        when: When::Always,
        help_en: "send a player or watcher away: they may watch again, never play at this table (a bot takes the seat in a running game)",
        help_de: "einen Spieler oder Zuschauer wegschicken: zuschauen darf er wieder, an diesem Tisch mitspielen nie mehr (im laufenden Spiel übernimmt ein Bot)",
        parse: |r| {
            let name = r.trim();
            (!name.is_empty()).then(|| Command::Kick {
                player: name.to_owned(),
            })
        },
    },
    Spec {
        name: "rematch",
        args: "",
        who: Who::Seated,
        when: When::AfterEnd,
        help_en: "play again with the same players, options and bots (the host starts it; else once every player asked)",
        help_de: "noch einmal spielen, mit denselben Spielern, Optionen und Bots (der Gastgeber startet es; sonst, sobald alle Spieler es wollen)",
        parse: |r| no_args(Command::Rematch)(r),
    },
    Spec {
        name: "who",
        args: "",
        who: Who::Anyone,
        when: When::Always,
        help_en: "list the players and watchers",
        help_de: "Spieler und Zuschauer auflisten",
        parse: |r| no_args(Command::Who)(r),
    },
    Spec {
        name: "hint",
        args: "",
        who: Who::Seated,
        when: When::Always,
        help_en: "the search's choice for your decision, with every choice's estimate (tables with hints=yes)",
        help_de: "die Wahl der Suche für deine Entscheidung, mit der Schätzung jeder Wahl (Tische mit hints=yes)",
        parse: |r| no_args(Command::Hint)(r),
    },
    Spec {
        name: "invite",
        args: "[renew]",
        who: Who::Seated,
        when: When::Always,
        help_en: "the private table's invitation link; renew (the host): a new link, the old one stops working",
        help_de: "der Einladungslink des privaten Tisches; renew (der Gastgeber): ein neuer Link, der alte gilt nicht mehr",
        parse: |r| match r.trim().to_lowercase().as_str() {
            "" => Some(Command::Invite { renew: false }),
            "renew" => Some(Command::Invite { renew: true }),
            _ => None,
        },
    },
    Spec {
        name: "vacation",
        args: "DAYS|off",
        who: Who::Seated,
        when: When::Always,
        help_en: "turn-based tables with vacation=yes: pause your clock for 1 to 7 days (in any 30); off: back early",
        help_de: "Tische mit Zugfristen und vacation=yes: deine Uhr 1 bis 7 Tage anhalten (in 30 Tagen); off: früher zurück",
        parse: |r| match r.trim().to_lowercase().as_str() {
            "off" => Some(Command::Vacation { days: 0 }),
            n => n
                .parse::<u8>()
                .ok()
                .filter(|d| (1..=7).contains(d))
                .map(|days| Command::Vacation { days }),
        },
    },
    Spec {
        name: "help",
        args: "[option]",
        who: Who::Anyone,
        when: When::Always,
        help_en: "this list; with option: the options of this table's game",
        help_de: "diese Liste; mit option: die Optionen des Spiels an diesem Tisch",
        parse: |r| match r.trim().to_lowercase().as_str() {
            "" => Some(Command::Help { topic: None }),
            "option" | "options" => Some(Command::Help {
                topic: Some(HelpTopic::Options),
            }),
            _ => None,
        },
    },
];

/// Why a chat line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No command of this name.
    Unknown(String),
    /// The command's arguments are wrong; its usage.
    Usage(String),
}

/// Reads a chat line that starts with `/`: the matching line of [`COMMANDS`] and the command.
/// Names are matched case-insensitively; the longest name wins (`/bot add` before `/bot`).
pub fn parse(line: &str) -> Result<(&'static Spec, Command), ParseError> {
    let body = line.trim().trim_start_matches('/');
    let lower = body.to_lowercase();
    let mut best: Option<&'static Spec> = None;
    for spec in COMMANDS {
        let matches = lower == spec.name
            || (lower.starts_with(spec.name)
                && lower[spec.name.len()..].starts_with(char::is_whitespace));
        if matches && best.is_none_or(|b| spec.name.len() > b.name.len()) {
            best = Some(spec);
        }
    }
    let Some(spec) = best else {
        let word = body.split_whitespace().next().unwrap_or("");
        // `/bot` alone or with an unknown sub-command: show the bot commands' usage.
        let group = format!("{} ", word.to_lowercase());
        if !word.is_empty() && COMMANDS.iter().any(|s| s.name.starts_with(&group)) {
            let usages: Vec<String> = COMMANDS
                .iter()
                .filter(|s| s.name.starts_with(&group))
                .map(Spec::usage)
                .collect();
            return Err(ParseError::Usage(usages.join(" | ")));
        }
        return Err(ParseError::Unknown(format!("/{word}")));
    };
    // Byte offsets agree between `body` and `lower` for the ASCII command names.
    let rest = body.get(spec.name.len()..).unwrap_or("");
    (spec.parse)(rest)
        .map(|c| (spec, c))
        .ok_or_else(|| ParseError::Usage(spec.usage()))
}

impl Command {
    /// The chat line that says this command (`/bot add strong`).
    pub fn line(&self) -> String {
        let (name, args) = match self {
            Command::Join => ("join", String::new()),
            Command::Leave => ("leave", String::new()),
            Command::Start => ("start", String::new()),
            Command::Option { key, value } => ("option", format!("{key}={value}")),
            Command::BotAdd {
                account: Some(name),
                ..
            } => ("bot add", format!("@{name}")),
            Command::BotAdd { level, .. } => ("bot add", level.clone().unwrap_or_default()),
            Command::BotRemove => ("bot remove", String::new()),
            Command::Kick { player } => ("kick", player.clone()),
            Command::Rematch => ("rematch", String::new()),
            Command::Who => ("who", String::new()),
            Command::Hint => ("hint", String::new()),
            Command::Invite { renew: false } => ("invite", String::new()),
            Command::Invite { renew: true } => ("invite", "renew".to_owned()),
            Command::Vacation { days: 0 } => ("vacation", "off".to_owned()),
            Command::Vacation { days } => ("vacation", days.to_string()),
            Command::Help { topic: None } => ("help", String::new()),
            Command::Help {
                topic: Some(HelpTopic::Options),
            } => ("help", "option".to_owned()),
        };
        if args.is_empty() {
            format!("/{name}")
        } else {
            format!("/{name} {args}")
        }
    }

    /// Checks a command sent typed by the rules its chat line obeys: its line of [`COMMANDS`],
    /// or the usage when an argument is one the chat line could not say (an empty name, a key
    /// with a space, a level of two words).
    pub fn checked(self) -> Result<(&'static Spec, Command), ParseError> {
        match parse(&self.line()) {
            Ok((spec, parsed)) if parsed == self => Ok((spec, parsed)),
            Ok((spec, _)) => Err(ParseError::Usage(spec.usage())),
            Err(e) => Err(e),
        }
    }
}

/// The `/help` text in `lang`, one line per command of [`COMMANDS`].
pub fn help(lang: Lang) -> String {
    let width = COMMANDS
        .iter()
        .map(|s| s.usage().chars().count())
        .max()
        .unwrap_or(0);
    COMMANDS
        .iter()
        .map(|s| {
            let who = match (s.who, lang) {
                (Who::Host, Lang::En) => " (host)",
                (Who::Host, Lang::De) => " (Gastgeber)",
                _ => "",
            };
            format!("{:width$}  {}{}", s.usage(), s.help(lang), who)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `/help option` text in `lang`: one line per option, with what it takes, what it does
/// (the game's own words from its descriptor) and its default.
pub fn options_help(lang: Lang, specs: &[OptionSpec]) -> String {
    let code = match lang {
        Lang::En => "en",
        Lang::De => "de",
    };
    let width = specs
        .iter()
        .map(|s| s.synopsis().chars().count())
        .max()
        .unwrap_or(0);
    specs
        .iter()
        .map(|s| {
            let default = match (&s.default, lang) {
                (Some(d), Lang::En) => format!(" (default {d})"),
                (Some(d), Lang::De) => format!(" (Vorgabe {d})"),
                (None, _) => String::new(),
            };
            format!("{:width$}  {}{default}", s.synopsis(), s.help.get(code))
        })
        .collect::<Vec<_>>()
        .join("\n")
}
