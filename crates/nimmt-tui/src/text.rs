//! Every text the terminal client shows, in English and German: one table, one entry per text.
//! Texts with blanks use `{}`, filled in order by [`Lang::fill`].

use std::fmt::Display;

/// The language of the screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    /// `en` or `de` (also `english`, `deutsch`, `de_DE.UTF-8`, …).
    pub fn parse(s: &str) -> Option<Lang> {
        let s = s.trim().to_ascii_lowercase();
        if s.starts_with("de") || s.starts_with("ger") {
            Some(Lang::De)
        } else if s.starts_with("en") || s == "c" || s == "posix" {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language the environment asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`), English if none.
    pub fn from_env() -> Lang {
        Self::from_vars(|k| std::env::var(k).ok())
    }

    /// As [`Lang::from_env`], reading variables through `get`.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| get(k))
            .find(|v| !v.is_empty())
            .and_then(|v| Lang::parse(&v))
            .unwrap_or_default()
    }

    /// The text `t` in this language.
    pub fn t(self, t: T) -> &'static str {
        let (en, de) = t.texts();
        match self {
            Lang::En => en,
            Lang::De => de,
        }
    }

    /// The text `t` with its `{}` blanks filled by `args` in order.
    pub fn fill(self, t: T, args: &[&dyn Display]) -> String {
        fill(self.t(t), args)
    }
}

/// `template` with its `{}` blanks filled by `args` in order (for the games' own text tables).
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut args = args.iter();
    let mut rest = template;
    while let Some(i) = rest.find("{}") {
        out.push_str(&rest[..i]);
        match args.next() {
            Some(a) => out.push_str(&a.to_string()),
            None => out.push_str("{}"),
        }
        rest = &rest[i + 2..];
    }
    out.push_str(rest);
    out
}

/// The texts of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum T {
    Title,
    DealTurn,
    DraftHeader,
    HelpQuitHint,
    Rows,
    RowsAfterDraft,
    Scores,
    ScoreColumns,
    YourHand,
    HandEmpty,
    Played,
    PlayedTurn,
    Pool,
    You,
    BotName,
    YourCardHidden,
    PromptPlay,
    PromptPlaySwap,
    SwapOn,
    SwapNotForThis,
    PromptRow,
    PromptDraft,
    WaitingFor,
    WaitingDraft,
    Animating,
    Revealed,
    Lays,
    LowTakes,
    TakesRow,
    ChoosesRow,
    YouChooseRow,
    CowJumps,
    MarkerEvenOdd,
    Even,
    Odd,
    ClimberMoves,
    Cow,
    DealOver,
    DealOverHint,
    GameOver,
    GameOverHint,
    YouWin,
    YouShareWin,
    Wins,
    ShareWin,
    ResultColumns,
    Winner,
    ChooseGame,
    ChooseGameHint,
    ConfirmQuit,
    TooSmall,
    TooSmallHint,
    HelpTitle,
    HelpText,
    RecordSaved,
    Drafted,
    RowsLaidOut,
    NewDeal,
    Refused,
    FanEvenOdd,
    FanMountain,
    FanCow,
    FanDigitSwap,
    SwapLeft,
    MountainTag,
    YouTake,
    YouPick,
    Online,
    Tables,
    NoTables,
    TableLine,
    /// A table where a seated player may ask for a hint (never rated).
    HintsOn,
    /// The lobby's list of turn-based tables waiting for this player's move.
    YourMove,
    YourMoveLine,
    LeftDays,
    LeftHours,
    LeftMinutes,
    LeftMoment,
    LeftPassed,
    Chat,
    LobbyHint,
    TableHint,
    TableTitle,
    Seats,
    Spectators,
    Host,
    Connecting,
    Disconnected,
    ChatPrompt,
    GameChatHint,
    StateOpen,
    StatePlaying,
    StateFinished,
    BotSeat,
    Away,
    Connected,
    Reconnecting,
    Reconnected,
    LinkEnded,
    Offline,
    Replaced,
    SessionEnded,
}

impl T {
    /// (English, German)
    fn texts(self) -> (&'static str, &'static str) {
        use T::*;
        match self {
            Title => ("6 nimmt!", "6 nimmt!"),
            DealTurn => ("deal {} · turn {} of {}", "Runde {} · Zug {} von {}"),
            DraftHeader => ("deal {} · draft", "Runde {} · Kartenwahl"),
            HelpQuitHint => ("? help · q quit", "? Hilfe · q Ende"),
            Rows => ("Rows", "Reihen"),
            RowsAfterDraft => (
                "The rows are laid when every hand is full.",
                "Die Reihen werden gelegt, wenn alle Hände voll sind.",
            ),
            Scores => ("Players", "Spieler"),
            ScoreColumns => ("deal total", "Runde gesamt"),
            YourHand => ("Your hand", "Deine Karten"),
            HandEmpty => ("(no cards)", "(keine Karten)"),
            Played => ("Table", "Tisch"),
            PlayedTurn => ("Played in turn {}", "Gespielt in Zug {}"),
            Pool => ("Open cards: pick one", "Offene Karten: nimm eine"),
            You => ("You", "Du"),
            BotName => ("Bot {}", "Bot {}"),
            YourCardHidden => (
                "Your card {} lies face down.",
                "Deine Karte {} liegt verdeckt.",
            ),
            PromptPlay => (
                "Your card: ←/→ or 1–9, 0 · Enter plays · or click it",
                "Deine Karte: ←/→ oder 1–9, 0 · Enter spielt · oder anklicken",
            ),
            PromptPlaySwap => ("z Zahlendreher", "z Zahlendreher"),
            SwapOn => (
                "Zahlendreher ON: {} counts as {}",
                "Zahlendreher AN: {} zählt als {}",
            ),
            SwapNotForThis => (
                "Zahlendreher ON: 100–104 cannot be changed",
                "Zahlendreher AN: 100–104 lassen sich nicht drehen",
            ),
            PromptRow => (
                "Your {} fits no row: take a row (↑/↓ or 1–4, Enter, or click it)",
                "Deine {} passt nirgends: nimm eine Reihe (↑/↓ oder 1–4, Enter, oder anklicken)",
            ),
            PromptDraft => (
                "Your pick: arrows or click, Enter takes the card",
                "Du bist dran: Pfeile oder anklicken, Enter nimmt die Karte",
            ),
            WaitingFor => ("Waiting for {}", "Warte auf {}"),
            WaitingDraft => ("{} is picking", "{} wählt"),
            Animating => (
                "Enter/space: next step",
                "Enter/Leertaste: nächster Schritt",
            ),
            Revealed => (
                "Cards revealed, laid lowest first.",
                "Karten aufgedeckt, die niedrigste zuerst.",
            ),
            Lays => ("{}: {} → row {}", "{}: {} → Reihe {}"),
            LowTakes => (
                "{}: {} is too low → takes row {}",
                "{}: {} ist zu niedrig → nimmt Reihe {}",
            ),
            TakesRow => (
                "{} takes {} (bull heads: {})",
                "{} nimmt {} (Hornochsen: {})",
            ),
            ChoosesRow => (
                "{} must take a row for {}",
                "{} muss für {} eine Reihe nehmen",
            ),
            YouChooseRow => ("Your {} fits no row.", "Deine {} passt in keine Reihe."),
            CowJumps => ("The cow jumps to row {}.", "Die Kuh springt zu Reihe {}."),
            MarkerEvenOdd => (
                "The marker moves to row {} ({}).",
                "Die Markierung wandert zu Reihe {} ({}).",
            ),
            Even => ("even", "gerade"),
            Odd => ("odd", "ungerade"),
            ClimberMoves => (
                "The climber moves to row {}.",
                "Der Bergsteiger wandert zu Reihe {}.",
            ),
            Cow => ("COW", "KUH"),
            DealOver => ("Deal {} is over", "Runde {} ist vorbei"),
            DealOverHint => ("Enter: next deal", "Enter: nächste Runde"),
            GameOver => ("The game is over", "Das Spiel ist aus"),
            GameOverHint => ("Enter or q: leave", "Enter oder q: beenden"),
            YouWin => ("*** YOU WIN! ***", "*** DU GEWINNST! ***"),
            YouShareWin => (
                "*** YOU SHARE THE WIN! ***",
                "*** DU TEILST DIR DEN SIEG! ***",
            ),
            Wins => ("{} wins", "{} gewinnt"),
            ShareWin => ("{} share the win", "{} teilen sich den Sieg"),
            ResultColumns => ("deal total", "Runde gesamt"),
            Winner => ("winner", "Sieg"),
            ChooseGame => ("New table: which game?", "Neuer Tisch: welches Spiel?"),
            ChooseGameHint => (
                " ↑/↓ choose · Enter open · Esc back",
                " ↑/↓ wählen · Enter eröffnen · Esc zurück",
            ),
            ConfirmQuit => ("Leave the game? y / n", "Spiel verlassen? j / n"),
            TooSmall => (
                "The terminal is too small: {}×{}.",
                "Das Terminal ist zu klein: {}×{}.",
            ),
            TooSmallHint => (
                "nimmt needs at least {}×{}. Enlarge the window (q quits).",
                "nimmt braucht mindestens {}×{}. Bitte das Fenster vergrößern (q beendet).",
            ),
            HelpTitle => (
                "6 nimmt! in short (Esc closes)",
                "6 nimmt! in Kürze (Esc schließt)",
            ),
            HelpText => (HELP_EN, HELP_DE),
            RecordSaved => ("Game record saved to {}", "Spielprotokoll gespeichert: {}"),
            Drafted => ("{} picks {}", "{} wählt {}"),
            YouPick => ("You pick {}", "Du wählst {}"),
            Online => ("online as {}", "online als {}"),
            Tables => ("Tables", "Tische"),
            NoTables => (
                "No tables yet: n opens one.",
                "Noch keine Tische: n eröffnet einen.",
            ),
            HintsOn => (" · hints on", " · mit Tipps"),
            YourMove => ("Your move ({})", "Du bist am Zug ({})"),
            YourMoveLine => ("Table {} · {} · {} · with {}", "Tisch {} · {} · {} · mit {}"),
            LeftDays => ("{} days left", "noch {} Tage"),
            LeftHours => ("{} hours left", "noch {} Stunden"),
            LeftMinutes => ("{} minutes left", "noch {} Minuten"),
            LeftMoment => ("less than a minute left", "noch weniger als eine Minute"),
            LeftPassed => ("deadline passed", "Frist abgelaufen"),
            TableLine => (
                "#{} {} · {}/{} seats · {} · host {}",
                "#{} {} · {}/{} Plätze · {} · Gastgeber {}",
            ),
            Chat => ("Chat", "Chat"),
            LobbyHint => (
                "↑/↓ table · Enter sit down · w watch · n new table · Tab chat · q quit",
                "↑/↓ Tisch · Enter hinsetzen · w zuschauen · n neuer Tisch · Tab Chat · q Ende",
            ),
            TableHint => (
                "Tab chat (/start, /bot add, /option KEY=VALUE, /help) · l leave · q quit",
                "Tab Chat (/start, /bot add, /option K=W, /help) · l verlassen · q Ende",
            ),
            TableTitle => ("Table #{} · {} · {}", "Tisch #{} · {} · {}"),
            Seats => ("Seats", "Plätze"),
            Spectators => ("spectators: {}", "Zuschauer: {}"),
            Host => ("host", "Gastgeber"),
            Connecting => ("Connecting to {} …", "Verbinde mit {} …"),
            Disconnected => ("Connection closed: {}", "Verbindung beendet: {}"),
            ChatPrompt => (
                "say (Enter sends, Esc cancels): ",
                "sagen (Enter sendet, Esc bricht ab): ",
            ),
            GameChatHint => ("Tab chat", "Tab Chat"),
            StateOpen => ("open", "offen"),
            StatePlaying => ("playing", "läuft"),
            StateFinished => ("finished", "beendet"),
            BotSeat => ("bot", "Bot"),
            Away => ("away", "weg"),
            Connected => ("Connected as {}.", "Verbunden als {}."),
            Reconnecting => (
                "connection lost, reconnecting…",
                "Verbindung unterbrochen, neuer Versuch …",
            ),
            Reconnected => ("reconnected", "wieder verbunden"),
            LinkEnded => ("connection ended · q quits", "Verbindung beendet · q beendet"),
            Offline => (
                "offline: the move was not sent; make it again once reconnected",
                "offline: Der Zug wurde nicht gesendet; bitte nach der Wiederverbindung erneut",
            ),
            Replaced => (
                "Another connection of this player took over; this one ends here (no new attempt).",
                "Eine andere Verbindung dieses Spielers hat übernommen; diese endet hier (kein neuer Versuch).",
            ),
            SessionEnded => (
                "The session ended (logged out, a new password, the account deleted, expired, or banned); this connection ends here. Log in again with --account NAME.",
                "Die Anmeldung ist beendet (abgemeldet, neues Passwort, Konto gelöscht, abgelaufen oder gesperrt); diese Verbindung endet hier. Mit --account NAME wieder anmelden.",
            ),
            RowsLaidOut => ("The rows are laid.", "Die Reihen liegen aus."),
            NewDeal => ("Deal {} is dealt.", "Runde {} ist ausgeteilt."),
            Refused => ("Not allowed: {}", "Nicht erlaubt: {}"),
            FanEvenOdd => ("fan: even/odd", "Fächerkarte: Gerade/Ungerade"),
            FanMountain => ("fan: mountain climbing", "Fächerkarte: Bergsteigen"),
            FanCow => ("fan: jumping cow", "Fächerkarte: Springende Kuh"),
            FanDigitSwap => ("fan: Zahlendreher", "Fächerkarte: Zahlendreher"),
            SwapLeft => (
                "Z = still holds the Zahlendreher",
                "Z = hat den Zahlendreher noch",
            ),
            MountainTag => ("climb", "Berg"),
            YouTake => (
                "You take {} (bull heads: {})",
                "Du nimmst {} (Hornochsen: {})",
            ),
        }
    }
}

const HELP_EN: &str = "\
Everyone chooses a card at the same time. The cards are revealed and
laid one by one, lowest first: each goes to the row whose last card
is lower than it and closest to it.
The sixth card of a row takes the row: its player takes the five cards
and the card starts the row anew. Taken cards are minus points: the
small digit on a card counts its bull heads, Σ the heads of a row.
A card lower than the last card of every row: its player takes a row
of their choice, and the card starts it.
After each deal the bull heads are added up. The game ends after the
deal in which someone reaches 66; the fewest points win.
Draft: all cards lie open, players pick one at a time in turn.
Zahlendreher: once per deal, press z to play a card with its digits
swapped (31 counts as 13, 7 as 70).

Keys: ←/→ or 1–9, 0 choose a card · Enter play · z Zahlendreher
      ↑/↓ or 1–4 choose a row · Enter/space next step
      ? help · q quit · mouse: click a card or a row";

const HELP_DE: &str = "\
Alle wählen gleichzeitig eine Karte. Die Karten werden aufgedeckt und
einzeln gelegt, die niedrigste zuerst: jede an die Reihe, deren letzte
Karte niedriger ist und am nächsten liegt.
Die sechste Karte einer Reihe nimmt die Reihe: ihr Spieler nimmt die
fünf Karten, und die Karte beginnt die Reihe neu. Genommene Karten sind
Minuspunkte: die kleine Ziffer zählt die Hornochsen einer Karte, Σ die
einer Reihe.
Ist eine Karte niedriger als die letzte Karte jeder Reihe, nimmt ihr
Spieler eine Reihe seiner Wahl, und die Karte beginnt sie.
Nach jeder Runde werden die Hornochsen gezählt. Das Spiel endet nach der
Runde, in der jemand 66 erreicht; die wenigsten Punkte gewinnen.
Kartenwahl: alle Karten liegen offen, reihum nimmt jeder eine.
Zahlendreher: einmal pro Runde mit z eine Karte mit gedrehten Ziffern
spielen (31 zählt als 13, 7 als 70).

Tasten: ←/→ oder 1–9, 0 Karte wählen · Enter spielen · z Zahlendreher
        ↑/↓ oder 1–4 Reihe wählen · Enter/Leertaste weiter
        ? Hilfe · q Ende · Maus: Karte oder Reihe anklicken";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_comes_from_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_vars(env(&[("LANG", "de_DE.UTF-8")])), Lang::De);
        assert_eq!(Lang::from_vars(env(&[("LANG", "en_GB.UTF-8")])), Lang::En);
        // LC_ALL wins over LANG.
        assert_eq!(
            Lang::from_vars(env(&[("LC_ALL", "de_AT.UTF-8"), ("LANG", "en_US.UTF-8")])),
            Lang::De
        );
        assert_eq!(Lang::from_vars(env(&[])), Lang::En);
        assert_eq!(Lang::from_vars(env(&[("LANG", "fr_FR.UTF-8")])), Lang::En);
    }

    #[test]
    fn blanks_are_filled_in_order() {
        assert_eq!(
            Lang::En.fill(T::DealTurn, &[&2, &3, &10]),
            "deal 2 · turn 3 of 10"
        );
        assert_eq!(
            Lang::De.fill(T::DealTurn, &[&2, &3, &10]),
            "Runde 2 · Zug 3 von 10"
        );
    }
}
