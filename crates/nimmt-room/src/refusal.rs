//! A refused request: its code and the parameters of its text, in the asker's language.

use nimmt_protocol::{ErrorCode, Lang, ServerMsg, TableId, Text};

/// A refused request: its code and the parameters of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    /// The text key (usually the code's name).
    pub key: &'static str,
    pub params: Vec<(&'static str, String)>,
}

impl Refusal {
    pub fn new(code: ErrorCode) -> Refusal {
        Refusal {
            code,
            key: code.name(),
            params: Vec::new(),
        }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Refusal {
        self.params.push((name, value.to_string()));
        self
    }

    pub fn keyed(mut self, key: &'static str) -> Refusal {
        self.key = key;
        self
    }

    pub fn to_msg(&self, lang: Lang, id: Option<u64>, table: Option<TableId>) -> ServerMsg {
        ServerMsg::Error {
            id,
            table,
            code: self.code,
            text: Text::new(
                lang,
                self.key,
                self.params.iter().map(|(k, v)| (*k, v.clone())),
            ),
        }
    }
}

impl From<ErrorCode> for Refusal {
    fn from(code: ErrorCode) -> Self {
        Refusal::new(code)
    }
}
