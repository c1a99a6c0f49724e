//! Table options as `key=value` strings: parsed in one place for the command line, the chat
//! command `/option` and game records.

use crate::error::SetupError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::str::FromStr;

/// Options as given by a user or stored in a record: key → value, sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionMap(pub BTreeMap<String, String>);

impl OptionMap {
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses a list of `KEY=VALUE` strings (the command line's `--option`s); a key given twice
    /// is refused, so that no setting silently replaces another (ruling F1).
    pub fn parse<'a>(items: impl IntoIterator<Item = &'a str>) -> Result<Self, SetupError> {
        let mut map = OptionMap::new();
        for item in items {
            let before = map.clone();
            map.set_pair(item)?;
            if map.0.len() == before.0.len() {
                let key = item.split_once('=').map(|(k, _)| k.trim()).unwrap_or(item);
                return Err(SetupError::Repeated {
                    key: key.to_owned(),
                    first: before.get(key).unwrap_or_default().to_owned(),
                    second: map.get(key).unwrap_or_default().to_owned(),
                });
            }
        }
        Ok(map)
    }

    /// Sets one option from a `KEY=VALUE` string.
    pub fn set_pair(&mut self, item: &str) -> Result<(), SetupError> {
        let (k, v) = item
            .split_once('=')
            .filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
            .ok_or_else(|| SetupError::NotKeyValue {
                option: item.to_owned(),
            })?;
        self.set(k.trim(), v.trim());
        Ok(())
    }

    pub fn set(&mut self, key: &str, value: &str) {
        self.0.insert(key.to_owned(), value.to_owned());
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// Refuses keys outside `known`.
    pub fn check_known(&self, game: &str, known: &[&str]) -> Result<(), SetupError> {
        match self.0.keys().find(|k| !known.contains(&k.as_str())) {
            Some(key) => Err(SetupError::UnknownOption {
                game: game.to_owned(),
                key: key.clone(),
                known: known.join(", "),
            }),
            None => Ok(()),
        }
    }

    /// Reads an option with a typed value, or its default when absent.
    pub fn read<T: OptionValue>(&self, key: &str, default: T) -> Result<T, SetupError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => {
                T::parse_value(v).ok_or_else(|| SetupError::bad_value(key, v, T::expected()))
            }
        }
    }

    /// Reads an optional number within `range`.
    pub fn read_number(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<u32>,
    ) -> Result<Option<u32>, SetupError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => match u32::from_str(v) {
                Ok(n) if range.contains(&n) => Ok(Some(n)),
                _ => Err(SetupError::bad_value(
                    key,
                    v,
                    format!("a whole number from {} to {}", range.start(), range.end()),
                )),
            },
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// An option value spelled as one of a few words.
pub trait OptionValue: Sized + Copy + 'static {
    /// Each value with its spelling.
    const WORDS: &'static [(&'static str, Self)];

    fn parse_value(s: &str) -> Option<Self> {
        Self::WORDS
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(s))
            .map(|(_, v)| *v)
    }

    fn word(self) -> &'static str
    where
        Self: PartialEq,
    {
        Self::WORDS
            .iter()
            .find(|(_, v)| *v == self)
            .map(|(w, _)| *w)
            .unwrap_or("?")
    }

    fn expected() -> String {
        Self::WORDS
            .iter()
            .map(|(w, _)| *w)
            .collect::<Vec<_>>()
            .join(" or ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_parse_and_bad_ones_are_named() {
        let m = OptionMap::parse(["deck=tactic", " end_at = 67 "]).unwrap();
        assert_eq!(m.get("deck"), Some("tactic"));
        assert_eq!(m.get("end_at"), Some("67"));
        let err = OptionMap::parse(["deck"]).unwrap_err();
        assert_eq!(err.to_string(), "\"deck\" is not of the form KEY=VALUE");
        assert!(OptionMap::parse(["=3"]).is_err());
    }

    #[test]
    fn a_key_given_twice_is_refused_not_silently_replaced() {
        // F1: `--option fan=cow --option fan=mountain` would otherwise play one fan card quietly.
        let err = OptionMap::parse(["fan=cow", "deck=full", "fan=mountain"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "option fan is given twice (cow, then mountain): give each option once"
        );
        let err = OptionMap::parse(["fan=cow", " fan = cow"]).unwrap_err();
        assert!(matches!(err, SetupError::Repeated { .. }), "{err}");
    }

    #[test]
    fn numbers_are_checked_against_their_range() {
        let m = OptionMap::parse(["deals=0"]).unwrap();
        let err = m.read_number("deals", 1..=1000).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad value \"0\" for option deals: expected a whole number from 1 to 1000"
        );
    }
}
