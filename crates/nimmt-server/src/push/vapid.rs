//! Who sends (RFC 8292, VAPID): the room signs a short JSON Web Token for each push service with
//! its P-256 key, and names its public key; a browser subscribed with that public key, so its
//! push service takes messages only from the holder of the private key. The key is read from a
//! PEM file (`nimmt vapid-key` writes one; `openssl ecparam -name prime256v1 -genkey` too).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use p256::SecretKey;

/// How long a token holds (RFC 8292 allows up to 24 hours).
const TOKEN_LIFE_S: i64 = 12 * 3600;

/// The room's VAPID key and the contact it names (`mailto:` or `https:`).
#[derive(Clone)]
pub struct Vapid {
    key: SecretKey,
    subject: String,
    plain_http: bool,
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private key.
        f.debug_struct("Vapid")
            .field("public_key", &self.public_key())
            .field("subject", &self.subject)
            .finish()
    }
}

/// Why a key file cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("expected a P-256 private key in PEM (PKCS#8 \"PRIVATE KEY\" or SEC1 \"EC PRIVATE KEY\")")]
pub struct BadKey;

impl Vapid {
    pub fn new(key: SecretKey, subject: impl Into<String>) -> Vapid {
        Vapid {
            key,
            subject: subject.into(),
            plain_http: false,
        }
    }

    /// Also takes subscriptions whose push service is reached over plain `http://` (a test's
    /// push service on loopback); a real one is always `https://`.
    pub fn with_plain_http(mut self) -> Vapid {
        self.plain_http = true;
        self
    }

    pub fn plain_http(&self) -> bool {
        self.plain_http
    }

    /// The key in `pem` (PKCS#8 or SEC1).
    pub fn from_pem(pem: &str, subject: impl Into<String>) -> Result<Vapid, BadKey> {
        let key = SecretKey::from_pkcs8_pem(pem)
            .or_else(|_| SecretKey::from_sec1_pem(pem))
            .map_err(|_| BadKey)?;
        Ok(Vapid::new(key, subject))
    }

    /// A new key, in PKCS#8 PEM (what `nimmt vapid-key` prints).
    pub fn generate_pem() -> String {
        super::random_key()
            .to_pkcs8_pem(LineEnding::LF)
            .expect("a P-256 key encodes")
            .to_string()
    }

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point in
    /// unpadded base64url.
    pub fn public_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.key.public_key().to_encoded_point(false).as_bytes())
    }

    /// The `Authorization` header for a request to `endpoint`'s origin, valid from `now_s`
    /// (seconds since the Unix epoch) for twelve hours.
    pub fn authorization(&self, endpoint: &str, now_s: i64) -> Option<String> {
        let audience = origin(endpoint)?;
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": audience,
            "exp": now_s + TOKEN_LIFE_S,
            "sub": self.subject,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = SigningKey::from(&self.key).sign(signed.as_bytes());
        let token = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()));
        Some(format!("vapid t={token}, k={}", self.public_key()))
    }
}

/// `scheme://host[:port]` of a URL, the token's audience.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "https" && scheme != "http" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier;
    use p256::ecdsa::VerifyingKey;

    #[test]
    fn the_token_is_signed_by_the_named_key_for_the_endpoints_origin() {
        let vapid = Vapid::from_pem(&Vapid::generate_pem(), "mailto:room@example.org").unwrap();
        let auth = vapid
            .authorization("https://push.example.net:8443/wpush/v2/abc?x=1", 1_000)
            .unwrap();
        let (t, k) = auth
            .strip_prefix("vapid t=")
            .unwrap()
            .split_once(", k=")
            .unwrap();
        assert_eq!(k, vapid.public_key());
        let parts: Vec<&str> = t.split('.').collect();
        assert_eq!(parts.len(), 3);
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example.net:8443");
        assert_eq!(claims["exp"], 1_000 + TOKEN_LIFE_S);
        assert_eq!(claims["sub"], "mailto:room@example.org");
        let key = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
        let sig = Signature::from_slice(&URL_SAFE_NO_PAD.decode(parts[2]).unwrap()).unwrap();
        let signed = format!("{}.{}", parts[0], parts[1]);
        key.verify(signed.as_bytes(), &sig).unwrap();
        assert!(key.verify(b"something else", &sig).is_err());
    }

    #[test]
    fn a_file_without_a_p256_key_is_refused() {
        assert!(Vapid::from_pem("not a key", "mailto:x@y").is_err());
        assert!(vapid_of_endpoint_without_scheme_has_no_token());
    }

    fn vapid_of_endpoint_without_scheme_has_no_token() -> bool {
        let vapid = Vapid::from_pem(&Vapid::generate_pem(), "mailto:x@y").unwrap();
        vapid.authorization("ftp://x/y", 0).is_none() && vapid.authorization("nothing", 0).is_none()
    }
}
