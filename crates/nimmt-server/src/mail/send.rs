//! Sending one mail over SMTP (`lettre`): plain text, with the one-click unsubscribe headers of
//! RFC 8058 where the mail has an unsubscribe link.

use super::config::{MailClock, MailConfig};
use lettre::message::header::{
    ContentTransferEncoding, ContentType, Header, HeaderName, HeaderValue,
};
use lettre::message::{Mailbox, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// What the room's mails need: the SMTP connection, the sender, the room's public URL (links
/// point there) and the clock.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// The room's public URL without a trailing `/` (`https://nimmt.example.org`).
    pub base_url: String,
    pub clock: MailClock,
}

/// One mail to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The one-click unsubscribe link (the `List-Unsubscribe` headers), if the mail has one.
    pub unsubscribe: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("the address {0:?} is not one a mail can go to")]
    Address(String),
    #[error("the mail cannot be written: {0}")]
    Build(String),
    #[error("the mail server refused or could not be reached: {0}")]
    Smtp(String),
}

impl Mailer {
    /// A mailer for `config`, with links to `base_url`. Fails on an SMTP URL or a sender that
    /// cannot be read (checked when the room starts).
    pub fn new(config: &MailConfig, base_url: &str) -> anyhow::Result<Mailer> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&config.smtp_url)
            .map_err(|e| {
                anyhow::anyhow!(
                    "SMTP URL: {e} (expected smtp://HOST:PORT or smtps://USER:PASSWORD@HOST:PORT)"
                )
            })?
            .build();
        let from: Mailbox = config
            .from
            .parse()
            .map_err(|e| anyhow::anyhow!("mail sender {:?}: {e}", config.from))?;
        Ok(Mailer {
            transport,
            from,
            base_url: base_url.trim_end_matches('/').to_owned(),
            clock: config.clock.clone(),
        })
    }

    /// A link into the room: `path` starts with `/`.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    pub async fn send(&self, mail: Outgoing) -> Result<(), SendError> {
        let message = build(&self.from, &mail)?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| SendError::Smtp(e.to_string()))
    }
}

/// The message of `mail` from `from`.
pub fn build(from: &Mailbox, mail: &Outgoing) -> Result<Message, SendError> {
    let to: Mailbox = mail
        .to
        .parse()
        .map_err(|_| SendError::Address(mail.to.clone()))?;
    let mut b = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone());
    if let Some(link) = &mail.unsubscribe {
        b = b
            .header(ListUnsubscribe(format!("<{link}>")))
            .header(ListUnsubscribePost);
    }
    // Quoted-printable always: every reader decodes it, and the links stay readable.
    let part = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .header(ContentTransferEncoding::QuotedPrintable)
        .body(mail.body.clone());
    b.singlepart(part)
        .map_err(|e| SendError::Build(e.to_string()))
}

/// `List-Unsubscribe: <URL>` (RFC 2369).
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_owned()))
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): a POST to the link
/// unsubscribes without a further question.
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_with_an_unsubscribe_link_carries_the_one_click_headers() {
        let from: Mailbox = "Nimmt <room@example.org>".parse().unwrap();
        let mail = Outgoing {
            to: "ann@example.org".into(),
            subject: "Your move".into(),
            body: "Täble 7".into(),
            unsubscribe: Some("https://r.example/mail/unsubscribe?token=abc".into()),
        };
        let text = String::from_utf8(build(&from, &mail).unwrap().formatted()).unwrap();
        assert!(text.contains("List-Unsubscribe: <https://r.example/mail/unsubscribe?token=abc>"));
        assert!(text.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        let plain = Outgoing {
            unsubscribe: None,
            ..mail
        };
        let text = String::from_utf8(build(&from, &plain).unwrap().formatted()).unwrap();
        assert!(!text.contains("List-Unsubscribe"));
    }

    #[test]
    fn a_bad_address_is_refused_before_sending() {
        let from: Mailbox = "room@example.org".parse().unwrap();
        let mail = Outgoing {
            to: "not an address".into(),
            subject: "x".into(),
            body: "x".into(),
            unsubscribe: None,
        };
        assert!(matches!(build(&from, &mail), Err(SendError::Address(_))));
    }
}
