//! The *Schlagt den Büffel* screen's own texts, in English and German: one entry per text, `{}`
//! blanks filled in order.

use crate::text::{fill, Lang};
use nimmt_core::games::buffalo::Special;
use std::fmt::Display;

/// The texts of the buffalo screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum B {
    Title,
    Header,
    Rows,
    Table,
    BuffaloName,
    BuffaloStack,
    BuffaloPile,
    TeamPile,
    Revealed,
    NothingRevealed,
    Specials,
    NoSpecials,
    YourHand,
    Uses,
    NoUse,
    PromptPlay,
    PromptRow,
    PromptAskAgain,
    PromptWindow,
    Chosen,
    Pass,
    PassCard,
    PassGame,
    AskAgain,
    SevenTakes,
    Stop,
    RemoveStop,
    Replace,
    Insert,
    InsertEnd,
    Shift,
    ShiftEmpty,
    ShiftEnd,
    First,
    Last,
    Sort,
    Reveals,
    Used,
    Passes,
    TurnStarts,
    WindowFor,
    RowToTake,
    BackToHand,
    Shifted,
    PassesTurn,
    PassesGame,
    AsksAgain,
    Lays,
    TeamTakes,
    BuffaloTakes,
    TurnedUp,
    SevenGone,
    TeamPoints,
    TeamPointsDoubled,
    BuffaloPoints,
    TeamWins,
    BuffaloWins,
    HelpTitle,
    HelpText,
}

impl B {
    fn texts(self) -> (&'static str, &'static str) {
        use B::*;
        match self {
            Title => ("Beat the Buffalo", "Schlagt den Büffel"),
            Header => ("turn {} of 10", "Zug {} von 10"),
            Rows => (
                " Rows · S stop sign · 7 7 nimmt! ",
                " Reihen · S Stoppschild · 7 7 nimmt! ",
            ),
            Table => ("Team & buffalo", "Team & Büffel"),
            BuffaloName => ("Buffalo", "Büffel"),
            BuffaloStack => ("Buffalo stack {}", "Büffelstapel {}"),
            BuffaloPile => ("Buffalo pile {} cards", "Ablage des Büffels {}"),
            TeamPile => ("Team pile {} · Σ{}", "Teamstapel {} · Σ{}"),
            Revealed => (
                "Revealed, laid in this order",
                "Aufgedeckt, in dieser Reihenfolge",
            ),
            NothingRevealed => ("(choosing)", "(es wird gewählt)"),
            Specials => ("Special cards · stack {}", "Sonderkarten · Stapel {}"),
            NoSpecials => ("(none open)", "(keine offen)"),
            YourHand => ("Your hand", "Deine Karten"),
            Uses => (
                "Use a special card (p: pass this turn)",
                "Sonderkarte nutzen (p: diesen Zug passen)",
            ),
            NoUse => (
                "Nothing you can use: p or Enter passes",
                "Nichts für dich: p oder Enter passt",
            ),
            PromptPlay => (
                "Your card: ←/→ or 1–9, 0 · Enter plays",
                "Deine Karte: ←/→ oder 1–9, 0 · Enter spielt",
            ),
            PromptAskAgain => ("a: ask me in windows again", "a: in Fenstern wieder fragen"),
            PromptRow => (
                "Your {} is lower than every row: ↑/↓ or 1–4 · Enter takes the row",
                "Deine {} ist zu niedrig: ↑/↓ oder 1–4 · Enter nimmt die Reihe",
            ),
            PromptWindow => (
                "Special cards: ↑/↓ choose · Enter use · p pass turn · n one card · g never",
                "Sonderkarten: ↑/↓ wählen · Enter nutzen · p Zug passen · n eine Karte · g nie",
            ),
            Chosen => ("You chose {}", "Du hast {} gewählt"),
            Pass => ("pass this turn", "diesen Zug passen"),
            PassCard => (
                "pass before this card only: ask me at the next",
                "nur vor dieser Karte passen: bei der nächsten fragen",
            ),
            PassGame => (
                "don't ask me again: my teammates decide",
                "nicht mehr fragen: mein Team entscheidet",
            ),
            AskAgain => ("ask me again in windows", "mich wieder fragen"),
            SevenTakes => (
                "7 nimmt!: row {} is taken by its 7th card",
                "7 nimmt!: Reihe {} nimmt erst die 7. Karte",
            ),
            Stop => ("Stopp!: block row {}", "Stopp!: Reihe {} sperren"),
            RemoveStop => (
                "remove the stop sign of row {}",
                "Stoppschild von Reihe {} entfernen",
            ),
            Replace => (
                "Ersetzen: take {} back, lay {} instead",
                "Ersetzen: {} zurücknehmen, {} legen",
            ),
            Insert => (
                "Dazwischenlegen: {} into row {} before {}",
                "Dazwischenlegen: {} in Reihe {} vor {}",
            ),
            InsertEnd => (
                "Dazwischenlegen: {} into row {}",
                "Dazwischenlegen: {} in Reihe {}",
            ),
            Shift => (
                "Verschieben: {} from row {} to row {} before {}",
                "Verschieben: {} von Reihe {} in Reihe {} vor {}",
            ),
            ShiftEmpty => (
                "Verschieben: {} from row {} to the empty row {}",
                "Verschieben: {} von Reihe {} in die leere Reihe {}",
            ),
            ShiftEnd => (
                "Verschieben: {} from row {} to the end of row {}",
                "Verschieben: {} von Reihe {} ans Ende von Reihe {}",
            ),
            First => (
                "Erste Karte: {} is laid next",
                "Erste Karte: {} kommt als nächste",
            ),
            Last => (
                "Letzte Karte: {} is laid last",
                "Letzte Karte: {} kommt als letzte",
            ),
            Sort => ("Sortieren: lay {}", "Sortieren: lege {}"),
            Reveals => ("Revealed: {}", "Aufgedeckt: {}"),
            Used => ("{} uses {}", "{} nutzt {}"),
            Passes => ("{} passes before this card", "{} passt vor dieser Karte"),
            TurnStarts => ("— Turn {} —", "— Zug {} —"),
            WindowFor => (
                "Before {} ({}) is laid: {} may use a special card",
                "Vor {} ({}): Sonderkarten-Fenster für {}",
            ),
            RowToTake => (
                "{}'s {} is lower than every row: a row to take",
                "{}s {} ist zu niedrig: eine Reihe nehmen",
            ),
            BackToHand => ("{} takes {} back", "{} nimmt {} zurück"),
            Shifted => (
                "{} moves from row {} to row {}",
                "{} wandert von Reihe {} in Reihe {}",
            ),
            PassesTurn => ("{} passes for this turn", "{} passt für diesen Zug"),
            PassesGame => (
                "{} leaves the special cards to the team",
                "{} überlässt die Sonderkarten dem Team",
            ),
            AsksAgain => (
                "{} wants to be asked in windows again",
                "{} will in Fenstern wieder gefragt werden",
            ),
            Lays => ("{} lays {} in row {}", "{} legt {} in Reihe {}"),
            TeamTakes => (
                "The team takes {} cards of row {}: {} bull heads (team {})",
                "Das Team nimmt {} Karten von Reihe {}: {} Hornochsen (Team {})",
            ),
            BuffaloTakes => (
                "The buffalo takes {} cards of row {} (its pile: {} cards)",
                "Der Büffel nimmt {} Karten von Reihe {} (sein Stapel: {} Karten)",
            ),
            TurnedUp => ("Turned up: {}", "Aufgedeckt: {}"),
            SevenGone => (
                "The 7 nimmt! of row {} leaves the game",
                "Das 7 nimmt! von Reihe {} verlässt das Spiel",
            ),
            TeamPoints => ("Team      {} bull heads", "Team      {} Hornochsen"),
            TeamPointsDoubled => (
                "Team      {} bull heads (×2 = {}: one or two players count double)",
                "Team      {} Hornochsen (×2 = {}: ein oder zwei Spieler zählen doppelt)",
            ),
            BuffaloPoints => (
                "Buffalo   {} bull heads in {} cards",
                "Büffel    {} Hornochsen in {} Karten",
            ),
            TeamWins => (
                "The team beat the buffalo, {} to {}",
                "Das Team hat den Büffel geschlagen, {} zu {}",
            ),
            BuffaloWins => (
                "The buffalo wins, {} to {} (a tie goes to the buffalo)",
                "Der Büffel gewinnt, {} zu {} (Gleichstand gewinnt der Büffel)",
            ),
            HelpTitle => (
                "Beat the Buffalo in short (Esc closes)",
                "Schlagt den Büffel in Kürze (Esc schließt)",
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

/// What a special card does, in one line.
pub fn explain(special: Special, lang: Lang) -> &'static str {
    let (en, de) = match special {
        Special::SevenTakes => (
            "a row is taken only by its 7th card",
            "eine Reihe nimmt erst die 7. Karte",
        ),
        Special::Stop => (
            "block a row: no card joins or takes it",
            "Reihe sperren: keine Karte kommt dazu",
        ),
        Special::Replace => (
            "take your card back, lay another instead",
            "eigene Karte zurück, eine andere legen",
        ),
        Special::Insert => (
            "lay a team card between cards of a row",
            "Teamkarte zwischen Karten einer Reihe",
        ),
        Special::Shift => (
            "move a card of a row to another row",
            "eine Karte in eine andere Reihe legen",
        ),
        Special::First => ("a team card is laid next", "eine Teamkarte kommt zuerst"),
        Special::Last => ("a team card is laid last", "eine Teamkarte kommt zuletzt"),
        Special::Sort => ("lay the cards in any order", "die Karten beliebig ordnen"),
    };
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

const HELP_EN: &str = "\
You and the bots are one team against the buffalo. Each turn everyone
chooses a card at once; the buffalo lays the top card of its stack. The
cards are laid lowest first by the classic rules: the sixth card of a
row takes it, a card lower than every row takes a row of your choice.
Before each card is laid the team may use the open special cards:
  7 nimmt!   a row is taken only by its 7th card
  Stopp!     block a row (anyone may remove the sign later)
  Ersetzen   take your card back and lay another of your hand
  Dazwischenlegen  lay a team card between the cards of a row
  Verschieben      move a card to another row
  Erste/Letzte Karte  a team card is laid first / last
  Sortieren  lay the cards in any order
The team wins with fewer bull heads than the buffalo (doubled for one
or two players); a tie is a loss.

Keys: ←/→ or 1–9, 0 choose a card · Enter play it
      ↑/↓ or 1–4 choose a row · Enter take it
      window: ↑/↓ choose a use · Enter use it · p pass this turn
              n pass before this card only · g don't ask me again
      a (while choosing a card) ask me again
      ? help · q quit";

const HELP_DE: &str = "\
Ihr und die Bots seid ein Team gegen den Büffel. Jeden Zug wählen alle
gleichzeitig eine Karte; der Büffel legt die oberste seines Stapels. Die
Karten werden aufsteigend nach den klassischen Regeln gelegt: die sechste
Karte nimmt die Reihe, eine zu niedrige Karte nimmt eine Reihe nach Wahl.
Vor jeder Karte darf das Team die offenen Sonderkarten nutzen:
  7 nimmt!   eine Reihe nimmt erst die 7. Karte
  Stopp!     eine Reihe sperren (das Schild darf jeder entfernen)
  Ersetzen   eigene Karte zurück, eine andere der Hand legen
  Dazwischenlegen  eine Teamkarte zwischen die Karten einer Reihe
  Verschieben      eine Karte in eine andere Reihe legen
  Erste/Letzte Karte  eine Teamkarte kommt zuerst / zuletzt
  Sortieren  die Karten beliebig ordnen
Das Team gewinnt mit weniger Hornochsen als der Büffel (bei ein oder
zwei Spielern verdoppelt); Gleichstand verliert.

Tasten: ←/→ oder 1–9, 0 Karte wählen · Enter spielen
        ↑/↓ oder 1–4 Reihe wählen · Enter nehmen
        Fenster: ↑/↓ Nutzung wählen · Enter nutzen · p diesen Zug passen
                 n nur vor dieser Karte passen · g nicht mehr fragen
        a (beim Kartenwählen) mich wieder fragen
        ? Hilfe · q Ende";
