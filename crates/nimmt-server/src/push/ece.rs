//! The payload encryption of Web Push (RFC 8291): an ECDH agreement between a key pair made for
//! this one message and the browser's key, mixed with the browser's authentication secret, gives
//! the content key of one `aes128gcm` record (RFC 8188). The curve, HKDF and AES-GCM are
//! RustCrypto's; this file only lays the bytes out as the RFCs say.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use hkdf::Hkdf;
use p256::ecdh::diffie_hellman;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use sha2::Sha256;

/// The record size written in the header: one record holds any push message (at most 4096
/// bytes of ciphertext), as the RFC's example does.
pub const RECORD_SIZE: u32 = 4096;

/// Why a payload cannot be encrypted for a subscription.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EceError {
    #[error("the subscription's p256dh is no P-256 public key")]
    BadPublicKey,
    #[error("the subscription's auth secret has {0} bytes, not 16")]
    BadAuth(usize),
    #[error("the payload is too large for one push message")]
    TooLarge,
}

/// Encrypts `plaintext` for the browser whose public key is `ua_public` (uncompressed SEC1, 65
/// bytes) and whose authentication secret is `auth` (16 bytes), with the sender's one-time key
/// `as_private` and the random `salt`: the whole request body (header and one record).
pub fn encrypt(
    plaintext: &[u8],
    ua_public: &[u8],
    auth: &[u8],
    as_private: &SecretKey,
    salt: &[u8; 16],
) -> Result<Vec<u8>, EceError> {
    let ua_key = PublicKey::from_sec1_bytes(ua_public).map_err(|_| EceError::BadPublicKey)?;
    if auth.len() != 16 {
        return Err(EceError::BadAuth(auth.len()));
    }
    // The padding delimiter and the tag must fit into the one record.
    if plaintext.len() + 1 + 16 > RECORD_SIZE as usize - 86 {
        return Err(EceError::TooLarge);
    }
    let ua_point = ua_key.to_encoded_point(false);
    let as_point = as_private.public_key().to_encoded_point(false);
    let shared = diffie_hellman(as_private.to_nonzero_scalar(), ua_key.as_affine());

    // RFC 8291 section 3.4: the input keying material from the ECDH secret and `auth`.
    let mut key_info = Vec::with_capacity(14 + 65 + 65);
    key_info.extend_from_slice(b"WebPush: info\0");
    key_info.extend_from_slice(ua_point.as_bytes());
    key_info.extend_from_slice(as_point.as_bytes());
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared.raw_secret_bytes())
        .expand(&key_info, &mut ikm)
        .expect("32 bytes is a valid HKDF length");

    // RFC 8188 section 2.2 and 2.3: the content key and the nonce from the salt.
    let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let mut cek = [0u8; 16];
    prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek)
        .expect("16 bytes is a valid HKDF length");
    let mut nonce = [0u8; 12];
    prk.expand(b"Content-Encoding: nonce\0", &mut nonce)
        .expect("12 bytes is a valid HKDF length");

    // One record, the last: the plaintext, then the delimiter 2, no padding.
    let mut record = Vec::with_capacity(plaintext.len() + 1);
    record.extend_from_slice(plaintext);
    record.push(2);
    let sealed = Aes128Gcm::new((&cek).into())
        .encrypt(Nonce::from_slice(&nonce), record.as_slice())
        .map_err(|_| EceError::TooLarge)?;

    // The header: salt, record size, the key id's length and the key id (the sender's key).
    let mut body = Vec::with_capacity(16 + 4 + 1 + 65 + sealed.len());
    body.extend_from_slice(salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(65);
    body.extend_from_slice(as_point.as_bytes());
    body.extend_from_slice(&sealed);
    Ok(body)
}

/// Encrypts with a fresh one-time key and a fresh salt (what a real message uses).
pub fn encrypt_fresh(plaintext: &[u8], ua_public: &[u8], auth: &[u8]) -> Result<Vec<u8>, EceError> {
    let as_private = super::random_key();
    let salt: [u8; 16] = rand::random();
    encrypt(plaintext, ua_public, auth, &as_private, &salt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    fn b64(s: &str) -> Vec<u8> {
        URL_SAFE_NO_PAD.decode(s).unwrap()
    }

    /// RFC 8291 Appendix A: the RFC's keys, secret and salt give the RFC's body, byte for byte.
    #[test]
    fn the_rfc_8291_example_encrypts_to_the_rfc_bytes() {
        let plaintext = b64("V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24");
        assert_eq!(plaintext, b"When I grow up, I want to be a watermelon");
        let as_private =
            SecretKey::from_slice(&b64("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")).unwrap();
        assert_eq!(
            as_private.public_key().to_encoded_point(false).as_bytes(),
            b64("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        );
        let ua_public = b64(
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        );
        let auth = b64("BTBZMqHH6r4Tts7J_aSIgg");
        let salt: [u8; 16] = b64("DGv6ra1nlYgDCS1FRnbzlw").try_into().unwrap();
        let body = encrypt(&plaintext, &ua_public, &auth, &as_private, &salt).unwrap();
        assert_eq!(
            body,
            b64("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
        );
    }

    #[test]
    fn a_subscription_with_a_bad_key_or_secret_is_refused() {
        let key = crate::push::random_key();
        let ua = key.public_key().to_encoded_point(false);
        assert_eq!(
            encrypt_fresh(b"x", &[4; 65], &[0; 16]),
            Err(EceError::BadPublicKey)
        );
        assert_eq!(
            encrypt_fresh(b"x", ua.as_bytes(), &[0; 5]),
            Err(EceError::BadAuth(5))
        );
        assert_eq!(
            encrypt_fresh(&[b'x'; 4096], ua.as_bytes(), &[0; 16]),
            Err(EceError::TooLarge)
        );
        // Two messages of the same text differ (fresh key and salt each time).
        let a = encrypt_fresh(b"x", ua.as_bytes(), &[0; 16]).unwrap();
        let b = encrypt_fresh(b"x", ua.as_bytes(), &[0; 16]).unwrap();
        assert_ne!(a, b);
    }
}
