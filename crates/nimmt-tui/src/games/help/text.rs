//! The HELP! screen's own texts, in English and German: one entry per text, `{}` blanks filled
//! in order.

use crate::text::{fill, Lang};
use std::fmt::Display;

/// The texts of the HELP! screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum H {
    Title,
    Header,
    Clockwise,
    Counterclockwise,
    Row,
    RowEmpty,
    Piles,
    Players,
    PlayerColumns,
    YourHand,
    Choose,
    PromptPlay,
    PromptPlayOnlyHelp,
    PromptHelpless,
    PromptGiveHelp,
    PromptGiveBack,
    PromptChoose,
    AskedForHelp,
    CannotPlay,
    LayNumber,
    LayJoker,
    PlaySwitch,
    PlayZap,
    PlayNo,
    AskHelp,
    GiveHelp,
    GiveBack,
    Called,
    CalledByLot,
    Lays,
    LaysJoker,
    Switched,
    Zapped,
    NoLaid,
    RowCleared,
    Skipped,
    NoDiscarded,
    HelpAsked,
    Helped,
    YouGet,
    YouHandOver,
    GaveBack,
    YouGetBack,
    YouGiveBack,
    YouDraw,
    Reshuffled,
    YouAskHelp,
    AsksYouHelp,
    NoHelp,
    YouCouldNotHelp,
    CouldNotHelpYou,
    Helpless,
    YouHelpless,
    OnePoint,
    Points,
    Scores,
    YouScore,
    ScoreEach,
    And,
    HelpTitle,
    HelpText,
}

impl H {
    fn texts(self) -> (&'static str, &'static str) {
        use H::*;
        match self {
            Title => ("HELP!", "HELP!"),
            Header => ("deal {} · turn {} · {}", "Durchgang {} · Zug {} · {}"),
            Clockwise => ("clockwise ↻", "im Uhrzeigersinn ↻"),
            Counterclockwise => ("counter-clockwise ↺", "gegen den Uhrzeigersinn ↺"),
            Row => ("Row", "Reihe"),
            RowEmpty => (
                "The row is empty: any number card starts it.",
                "Die Reihe ist leer: jede Zahlenkarte beginnt sie.",
            ),
            Piles => (
                "draw pile {} · discard pile {}",
                "Nachziehstapel {} · Ablage {}",
            ),
            Players => ("Players", "Spieler"),
            PlayerColumns => ("cards No! pts", "Karten No! Pkt"),
            YourHand => ("Your hand", "Deine Karten"),
            Choose => ("Choose", "Wähle"),
            PromptPlay => (
                "Your turn: ←/→ card · Enter play",
                "Du bist dran: ←/→ Karte · Enter spielen",
            ),
            PromptPlayOnlyHelp => (
                "No card fits: h or Enter asks {} for help",
                "Keine Karte passt: h oder Enter bittet {} um Hilfe",
            ),
            PromptHelpless => (
                "No card fits, all others have a No!: h or Enter ends the deal, you score",
                "Keine Karte passt, alle anderen haben ein No!: h oder Enter, du punktest",
            ),
            PromptGiveHelp => (
                "{} asks you for help: ←/→ a card that helps · Enter hand it over",
                "{} bittet dich um Hilfe: ←/→ eine Karte, die hilft · Enter abgeben",
            ),
            PromptGiveBack => (
                "Give {} a card back: ←/→ card · Enter give",
                "Gib {} eine Karte zurück: ←/→ Karte · Enter geben",
            ),
            PromptChoose => (
                "↑/↓ choose · Enter confirm · Esc back",
                "↑/↓ wählen · Enter bestätigen · Esc zurück",
            ),
            AskedForHelp => ("{} asked {} for help.", "{} hat {} um Hilfe gebeten."),
            CannotPlay => (
                "{} cannot be played now.",
                "{} kann jetzt nicht gespielt werden.",
            ),
            LayNumber => ("lay {}", "{} anlegen"),
            LayJoker => (
                "Joker at position {} (counts {})",
                "Joker an Stelle {} (zählt {})",
            ),
            PlaySwitch => (
                "Switch: take {} (position {}), lay {} there",
                "Switch: {} nehmen (Stelle {}), {} hinlegen",
            ),
            PlayZap => ("Zap: discard {}", "Zap: {} abwerfen"),
            PlayNo => ("lay a No! in front of you", "ein No! vor dich legen"),
            AskHelp => ("ask for help", "um Hilfe bitten"),
            GiveHelp => ("hand {} to {}", "{} an {} geben"),
            GiveBack => ("give {} back to {}", "{} an {} zurückgeben"),
            Called => (
                "{} has the lowest number and begins.",
                "{} hat die niedrigste Zahl und beginnt.",
            ),
            CalledByLot => ("{} begins (by lot).", "{} beginnt (durch Los)."),
            Lays => ("{} lays {}.", "{} legt {}."),
            LaysJoker => ("{} lays a Joker as {}.", "{} legt einen Joker als {}."),
            Switched => (
                "{} switches: takes {}, lays {}.",
                "{} tauscht: nimmt {}, legt {}.",
            ),
            Zapped => ("{} zaps {}.", "{} zappt {} weg."),
            NoLaid => ("{} lays a No!.", "{} legt ein No!."),
            RowCleared => (
                "{} lays the sixth card: the row is cleared.",
                "{} legt die sechste Karte: die Reihe wird abgeräumt.",
            ),
            Skipped => ("{} is skipped (No!).", "{} setzt aus (No!)."),
            NoDiscarded => ("{} discards the No!.", "{} wirft das No! ab."),
            HelpAsked => ("{} asks {} for help!", "{} bittet {} um Hilfe!"),
            Helped => ("{} helps {}.", "{} hilft {}."),
            YouGet => ("You get {} from {}.", "Du bekommst {} von {}."),
            YouHandOver => ("You hand {} to {}.", "Du gibst {} an {}."),
            GaveBack => ("{} gives {} a card back.", "{} gibt {} eine Karte zurück."),
            YouGetBack => ("You get {} back from {}.", "Du bekommst {} von {} zurück."),
            YouGiveBack => ("You give {} back to {}.", "Du gibst {} an {} zurück."),
            YouDraw => ("You draw {}.", "Du ziehst {}."),
            Reshuffled => (
                "The discard pile is shuffled: {} cards to draw.",
                "Die Ablage wird gemischt: {} Karten zum Nachziehen.",
            ),
            YouAskHelp => (
                "You can play nothing and ask {} for help!",
                "Du kannst nichts spielen und bittest {} um Hilfe!",
            ),
            AsksYouHelp => (
                "{} can play nothing and asks you for help!",
                "{} kann nichts spielen und bittet dich um Hilfe!",
            ),
            NoHelp => (
                "{} could not help {}: the deal is over",
                "{} konnte {} nicht helfen: der Durchgang ist vorbei",
            ),
            YouCouldNotHelp => (
                "You hold no card that helps {}: the deal is over",
                "Du hast keine Karte, die {} hilft: der Durchgang ist vorbei",
            ),
            CouldNotHelpYou => (
                "{} could not help you: the deal is over",
                "{} konnte dir nicht helfen: der Durchgang ist vorbei",
            ),
            Helpless => (
                "{} can play nothing and everybody else has a No!: the deal is over",
                "{} kann nichts spielen und alle anderen haben ein No!: der Durchgang ist vorbei",
            ),
            YouHelpless => (
                "You can play nothing and everybody else has a No!: the deal is over",
                "Du kannst nichts spielen und alle anderen haben ein No!: der Durchgang ist vorbei",
            ),
            OnePoint => ("1 point", "1 Punkt"),
            Points => ("{} points", "{} Punkte"),
            Scores => ("{} scores {}.", "{} bekommt {}."),
            YouScore => ("you score {}.", "du bekommst {}."),
            ScoreEach => ("{} score {} each.", "{} bekommen je {}."),
            And => ("and", "und"),
            HelpTitle => (
                "HELP! in short (Esc closes)",
                "HELP! in Kürze (Esc schließt)",
            ),
            HelpText => (HELP_EN, HELP_DE),
        }
    }

    pub fn t(self, lang: Lang) -> &'static str {
        let (en, de) = self.texts();
        match lang {
            Lang::En => en,
            Lang::De => de,
        }
    }

    pub fn fill(self, lang: Lang, args: &[&dyn Display]) -> String {
        fill(self.t(lang), args)
    }
}

const HELP_EN: &str = "\
One shared row, lowest card first. On your turn lay a number card that
is higher than the row's last card, or play a special card:
  Joker   anywhere in the row: counts one more than the card before it
  Switch  swap a number card of yours with a card of the row
  Zap     discard the row's last card
  No!     lay it in front of you: your next turn is skipped, and
          nobody asks you for help while it lies there
The sixth card clears the row. If no card of yours fits, ask the
previous player (passing over a No!) for help: they hand you a card
that fits, you give one back. The deal ends at once:
  - if they cannot help: all but you two score 1 point each;
  - if everybody else has a No!: only you score 1.
The game ends after the deal in which someone reaches 3 points
(option end_at); all who reach it win.

Keys: ←/→ or 1–5 choose a card · Enter play it · h ask for help
      ↑/↓ choose among several ways · Esc back
      ? help · q quit · mouse: click a card";

const HELP_DE: &str = "\
Eine gemeinsame Reihe, die niedrigste Karte vorn. Wer dran ist, legt
eine Zahlenkarte höher als die letzte der Reihe, oder spielt eine
Sonderkarte:
  Joker   überall in die Reihe: zählt eins mehr als die Karte davor
  Switch  eine eigene Zahlenkarte gegen eine Karte der Reihe tauschen
  Zap     die letzte Karte der Reihe abwerfen
  No!     vor sich legen: der nächste Zug fällt aus, und solange es
          liegt, bittet niemand dich um Hilfe
Die sechste Karte räumt die Reihe ab. Passt keine Karte, bitte den
vorigen Spieler (ein No! wird übersprungen) um Hilfe: er gibt dir eine
passende Karte, du gibst eine zurück. Der Durchgang endet sofort:
  - kann er nicht helfen: alle außer euch beiden bekommen je 1 Punkt;
  - haben alle anderen ein No!: nur du bekommst 1 Punkt.
Das Spiel endet nach dem Durchgang, in dem jemand 3 Punkte erreicht
(Option end_at); alle, die sie erreichen, gewinnen.

Tasten: ←/→ oder 1–5 Karte wählen · Enter spielen · h um Hilfe bitten
        ↑/↓ zwischen mehreren Möglichkeiten wählen · Esc zurück
        ? Hilfe · q Ende · Maus: Karte anklicken";
