//! The fuzz target `client_message` (fuzz/, `docs/fuzzing.md`) as a stable property test: any
//! bytes, and any JSON shaped like a client message, decode to a message or an error, never a
//! panic, bare and in the envelope the server reads.

use nimmt_protocol::{ClientMsg, Envelope};
use proptest::prelude::*;
use serde_json::{Map, Value};

fn decode(bytes: &[u8]) {
    let _ = serde_json::from_slice::<ClientMsg>(bytes);
    let _ = serde_json::from_slice::<Envelope>(bytes);
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::json!(f)),
        ".{0,12}".prop_map(Value::from),
        prop::sample::select(vec!["classic", "help", "player", "watcher", "en", "de"])
            .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// An object with a real message tag (or a near miss) and fields of any kind.
fn message_like() -> impl Strategy<Value = Value> {
    let tags = vec![
        "hello",
        "list_tables",
        "create_table",
        "join",
        "leave",
        "chat",
        "act",
        "resync",
        "ping",
        "Hello",
        "",
    ];
    let fields = vec![
        "id",
        "protocol",
        "name",
        "token",
        "lang",
        "subscribe",
        "game",
        "options",
        "seats",
        "table",
        "role",
        "text",
        "version",
        "action",
    ];
    (
        prop::sample::select(tags),
        prop::collection::btree_map(prop::sample::select(fields), any_json(), 0..5),
    )
        .prop_map(|(tag, fields)| {
            let mut m = Map::new();
            m.insert("type".into(), Value::from(tag));
            m.extend(fields.into_iter().map(|(k, v)| (k.to_owned(), v)));
            Value::Object(m)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_decode_or_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..96)) {
        decode(&bytes);
    }

    #[test]
    fn any_json_decodes_or_is_refused(v in any_json()) {
        decode(serde_json::to_string(&v).unwrap().as_bytes());
    }

    #[test]
    fn any_message_shaped_json_decodes_or_is_refused(v in message_like()) {
        decode(serde_json::to_string(&v).unwrap().as_bytes());
    }
}
