//! A database or NATS URL as it may be shown (logs, `--print-config`, errors): the password
//! replaced by `****`.

/// `scheme://user:secret@host…` with the secret replaced by `****`.
pub fn masked_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_string();
    };
    let userinfo = &rest[..at];
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:****{}", &rest[at..]),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_in_a_url_is_masked_and_nothing_else_changes() {
        assert_eq!(
            masked_url("postgres://room:s3cr:et@db.example:5432/nimmt"),
            "postgres://room:****@db.example:5432/nimmt"
        );
        assert_eq!(
            masked_url("postgres://postgres@127.0.0.1:5432/test"),
            "postgres://postgres@127.0.0.1:5432/test"
        );
        assert_eq!(masked_url("sqlite://nimmt.db"), "sqlite://nimmt.db");
        assert_eq!(
            masked_url("nats://bot:pw@10.0.0.1:4222"),
            "nats://bot:****@10.0.0.1:4222"
        );
    }
}
