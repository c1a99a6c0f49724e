//! A client message that names a key twice in one object (`{"type":"ping","type":"hello"}`) is
//! refused as malformed: it would mean one thing to one reader ("the last one wins") and another
//! to the next.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::fmt;

/// Checks that `text` is one JSON value in which no object names a key twice.
pub fn check(text: &str) -> Result<(), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    Unique::deserialize(&mut de)?;
    de.end()
}

/// Any JSON value, read only to check its objects' keys.
struct Unique;

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
        while seq.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
        let mut keys = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                return Err(de::Error::custom(format!("the key {key:?} is given twice")));
            }
            map.next_value::<Unique>()?;
            keys.insert(key);
        }
        Ok(Unique)
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        assert!(check(r#"{"type":"ping","id":1}"#).is_ok());
        assert!(check(r#"{"a":[{"b":1},{"b":2}],"c":{"b":null}}"#).is_ok());
        let top = check(r#"{"type":"ping","type":"hello"}"#).unwrap_err();
        assert!(top.to_string().contains("\"type\" is given twice"), "{top}");
        assert!(check(r#"{"type":"act","action":{"card":3,"card":4}}"#).is_err());
        assert!(check(r#"[{"x":1,"x":1}]"#).is_err());
    }

    #[test]
    fn what_is_not_json_stays_an_error() {
        assert!(check("{").is_err());
        assert!(check(r#"{"a":1} trailing"#).is_err());
    }
}
