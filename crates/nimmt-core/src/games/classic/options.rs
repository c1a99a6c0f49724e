//! Table options of classic 6 nimmt! (RULINGS C1–C5, F1).

use crate::cards::MAX_CARD;
use crate::descriptor::{OptionSpec, Text};
use crate::error::SetupError;
use crate::options::{OptionMap, OptionValue};
use serde::{Deserialize, Serialize};

/// Which cards are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Deck {
    /// All 104 cards.
    Full,
    /// Only cards 1 … players × hand size + 4 (C3; `003` *tactic*, `001` Profivariante 1).
    Tactic,
}

/// How hands are formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DealMode {
    /// Shuffled and dealt face down.
    Random,
    /// Laid open and picked one at a time in turn (C4; `003` *logic*, `001` Profivariante 2).
    Draft,
}

/// Where a card may join a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Placement {
    /// Only after the last card (the base game).
    Right,
    /// After the last or before the first card (C5; `003` *profi*).
    BothEnds,
}

/// When the game ends (C1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "EndCondition"))]
pub enum End {
    /// After the deal in which somebody reaches this many points or more.
    AtPoints(u32),
    /// After this many deals.
    Deals(u32),
}

impl End {
    /// Whether the game is over after deal `deal` (counted from 1) with these `totals` (C1).
    pub fn ends_after(self, deal: u32, totals: impl IntoIterator<Item = u32>) -> bool {
        match self {
            End::AtPoints(n) => totals.into_iter().any(|t| t >= n),
            End::Deals(n) => deal >= n,
        }
    }
}

/// The fan cards of the anniversary edition (F1–F5); a table uses at most one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Fan {
    /// *Gerade/Ungerade* (F2).
    EvenOdd,
    /// *Bergsteigen* (F3).
    Mountain,
    /// *Die springende Kuh* (F4).
    Cow,
    /// *Zahlendreher* (F5).
    DigitSwap,
}

impl OptionValue for Deck {
    const WORDS: &'static [(&'static str, Self)] =
        &[("full", Deck::Full), ("tactic", Deck::Tactic)];
}
impl OptionValue for DealMode {
    const WORDS: &'static [(&'static str, Self)] =
        &[("random", DealMode::Random), ("draft", DealMode::Draft)];
}
impl OptionValue for Placement {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("right", Placement::Right),
        ("both-ends", Placement::BothEnds),
    ];
}
impl OptionValue for Fan {
    const WORDS: &'static [(&'static str, Self)] = &[
        ("even-odd", Fan::EvenOdd),
        ("mountain", Fan::Mountain),
        ("cow", Fan::Cow),
        ("digit-swap", Fan::DigitSwap),
    ];
}

/// Checked options of a classic table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClassicOptions {
    pub deck: Deck,
    pub deal: DealMode,
    pub placement: Placement,
    pub end: End,
    pub hand_size: u8,
    pub fan: Option<Fan>,
}

impl Default for ClassicOptions {
    fn default() -> Self {
        ClassicOptions {
            deck: Deck::Full,
            deal: DealMode::Random,
            placement: Placement::Right,
            end: End::AtPoints(66),
            hand_size: 10,
            fan: None,
        }
    }
}

/// The option keys of a classic table.
pub const KEYS: &[&str] = &[
    "deck",
    "deal",
    "placement",
    "end_at",
    "deals",
    "hand_size",
    "fan",
];

/// The option schema: each option's values, default and a line in English and German.
pub fn schema() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "deck",
            &["full", "tactic"],
            "full",
            Text::new(
                "tactic: only cards 1 to players × hand size + 4",
                "Taktik (tactic): nur die Karten 1 bis Spieler × Handgröße + 4",
            ),
        ),
        OptionSpec::choice(
            "deal",
            &["random", "draft"],
            "random",
            Text::new(
                "draft: all cards lie open, players pick in turn",
                "Auswahl (draft): alle Karten liegen offen, reihum nimmt jeder eine",
            ),
        ),
        OptionSpec::choice(
            "placement",
            &["right", "both-ends"],
            "right",
            Text::new(
                "both-ends: a card may also go before a row's first card",
                "an beiden Enden (both-ends): eine Karte darf auch vor die erste Karte einer Reihe",
            ),
        ),
        OptionSpec::number(
            "end_at",
            1,
            10_000,
            Some(66),
            Text::new(
                "the game ends after the deal in which someone reaches N points",
                "das Spiel endet nach der Runde, in der jemand N Hornochsen erreicht",
            ),
        ),
        OptionSpec::number(
            "deals",
            1,
            1_000,
            None,
            Text::new(
                "the game ends after N deals instead",
                "das Spiel endet stattdessen nach N Runden",
            ),
        ),
        OptionSpec::number(
            "hand_size",
            1,
            50,
            Some(10),
            Text::new("cards per hand", "Karten pro Hand"),
        ),
        OptionSpec::choice(
            "fan",
            &["none", "even-odd", "mountain", "cow", "digit-swap"],
            "none",
            Text::new("play with one fan card", "mit einer Fächerkarte spielen"),
        ),
    ]
}

impl ClassicOptions {
    /// The number of cards in play for `players`.
    pub fn deck_size(&self, players: usize) -> usize {
        match self.deck {
            Deck::Full => MAX_CARD as usize,
            Deck::Tactic => players * self.hand_size as usize + 4,
        }
    }

    pub fn parse(players: usize, map: &OptionMap) -> Result<Self, SetupError> {
        map.check_known("classic", KEYS)?;
        let d = ClassicOptions::default();
        let deck = map.read("deck", d.deck)?;
        let deal = map.read("deal", d.deal)?;
        let placement = map.read("placement", d.placement)?;
        let hand_size = map.read_number("hand_size", 1..=50)?.unwrap_or(10) as u8;
        let end = match (
            map.read_number("end_at", 1..=10_000)?,
            map.read_number("deals", 1..=1_000)?,
        ) {
            (Some(_), Some(_)) => {
                return Err(SetupError::Conflict {
                    first: "end_at".into(),
                    second: "deals".into(),
                })
            }
            (Some(n), None) => End::AtPoints(n),
            (None, Some(n)) => End::Deals(n),
            (None, None) => d.end,
        };
        let fan = match map.get("fan") {
            None | Some("none") => None,
            Some(v) if v.contains(',') || v.contains('+') => {
                // F1: a table uses at most one fan card.
                let mut parts = v.split([',', '+']).map(str::trim);
                return Err(SetupError::Conflict {
                    first: format!("fan={}", parts.next().unwrap_or_default()),
                    second: format!("fan={}", parts.next().unwrap_or_default()),
                });
            }
            Some(v) => Some(Fan::parse_value(v).ok_or_else(|| {
                SetupError::bad_value("fan", v, format!("{} or none", Fan::expected()))
            })?),
        };
        let options = ClassicOptions {
            deck,
            deal,
            placement,
            end,
            hand_size,
            fan,
        };
        let needed = players * hand_size as usize + 4;
        if needed > MAX_CARD as usize {
            return Err(SetupError::bad_value(
                "hand_size",
                &hand_size.to_string(),
                format!(
                    "at most {} with {players} players (hands and four rows must fit in 104 cards)",
                    (MAX_CARD as usize - 4) / players
                ),
            ));
        }
        Ok(options)
    }

    /// All options written out, as a record stores them.
    pub fn to_map(&self) -> OptionMap {
        let mut m = OptionMap::new();
        m.set("deck", self.deck.word());
        m.set("deal", self.deal.word());
        m.set("placement", self.placement.word());
        match self.end {
            End::AtPoints(n) => m.set("end_at", &n.to_string()),
            End::Deals(n) => m.set("deals", &n.to_string()),
        }
        m.set("hand_size", &self.hand_size.to_string());
        m.set("fan", self.fan.map(|f| f.word()).unwrap_or("none"));
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(players: usize, items: &[&str]) -> Result<ClassicOptions, SetupError> {
        ClassicOptions::parse(players, &OptionMap::parse(items.iter().copied()).unwrap())
    }

    #[test]
    fn defaults_are_the_base_game() {
        let o = parse(4, &[]).unwrap();
        assert_eq!(o, ClassicOptions::default());
        assert_eq!(o.deck_size(4), 104);
    }

    #[test]
    fn tactic_deck_uses_ten_per_player_plus_four() {
        // 001 Profivariante 1: "3 Personen → 34 Karten von 1–34, 4 Personen → 44 Karten"
        let o = parse(3, &["deck=tactic"]).unwrap();
        assert_eq!(o.deck_size(3), 34);
        assert_eq!(o.deck_size(4), 44);
        // 003 tactic: "bei fünf Spielern z. B. also nur die Karten 1 - 54"
        assert_eq!(o.deck_size(5), 54);
    }

    #[test]
    fn every_bad_value_is_named() {
        let e = parse(4, &["deck=small"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value \"small\" for option deck: expected full or tactic"
        );
        let e = parse(4, &["placement=left"]).unwrap_err();
        assert!(e.to_string().contains("right or both-ends"), "{e}");
        let e = parse(4, &["colour=red"]).unwrap_err();
        assert!(
            e.to_string().starts_with("unknown option \"colour\""),
            "{e}"
        );
        let e = parse(10, &["hand_size=11"]).unwrap_err();
        assert!(e.to_string().contains("at most 10 with 10 players"), "{e}");
        let e = parse(4, &["end_at=67", "deals=3"]).unwrap_err();
        assert_eq!(e.to_string(), "options end_at and deals cannot be combined");
    }

    #[test]
    fn two_fan_cards_are_refused() {
        // F1
        let e = parse(4, &["fan=cow,mountain"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "options fan=cow and fan=mountain cannot be combined"
        );
        assert_eq!(parse(4, &["fan=cow"]).unwrap().fan, Some(Fan::Cow));
    }

    #[test]
    fn options_round_trip_through_their_map() {
        let o = parse(
            5,
            &[
                "deck=tactic",
                "deal=draft",
                "placement=both-ends",
                "deals=3",
                "fan=digit-swap",
            ],
        )
        .unwrap();
        assert_eq!(ClassicOptions::parse(5, &o.to_map()).unwrap(), o);
    }
}
